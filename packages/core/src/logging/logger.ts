import winston from 'winston';
import { logContext } from './request-context.js';
import { redact } from './redact.js';

export type Logger = winston.Logger;

const addContext = winston.format((info) => {
  const ctx = logContext.getStore();
  if (ctx) {
    for (const [k, v] of Object.entries(ctx)) if (v !== undefined && info[k] === undefined) info[k] = v;
  }
  return info;
});

const redactSecrets = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (key !== 'level' && key !== 'timestamp') info[key] = redact(info[key]);
  }
  return info;
});

export interface LoggerOptions {
  level: string;
  /** The CLI's --json mode keeps stdout for its answer and logs to stderr. */
  stream?: 'stdout' | 'stderr';
  silent?: boolean;
  /** Write the JSON lines here instead of the console (tests read them back). */
  destination?: NodeJS.WritableStream;
}

/** JSON lines with a timestamp, the request or job id in scope, and secrets masked. */
export function createLogger(opts: LoggerOptions): Logger {
  return winston.createLogger({
    level: opts.level,
    silent: opts.silent,
    format: winston.format.combine(
      winston.format.errors({ stack: true }),
      addContext(),
      redactSecrets(),
      winston.format.timestamp(),
      winston.format.json(),
    ),
    transports: [
      opts.destination
        ? new winston.transports.Stream({ stream: opts.destination })
        : new winston.transports.Console({
            stderrLevels: opts.stream === 'stderr' ? Object.keys(winston.config.npm.levels) : ['error'],
          }),
    ],
  });
}
