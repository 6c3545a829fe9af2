import { PassThrough } from 'node:stream';
import { createLogger, type Logger } from '@vigil/core';

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, as written (each must be one JSON object). */
  lines(): string[];
  /** The lines parsed. */
  entries(): Record<string, unknown>[];
}

/** A real logger (the app's JSON-lines format) whose output the test reads back. */
export function captureLogs(level = 'info'): CapturedLogs {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const lines = () => text.split('\n').filter(Boolean);
  return {
    logger: createLogger({ level, destination: stream }),
    lines,
    entries: () => lines().map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}
