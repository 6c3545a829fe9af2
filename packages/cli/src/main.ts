import { ConfigError, VigilError } from '@vigil/core';
import { accountCommand } from './commands/account.js';
import { domainCommand } from './commands/domain.js';
import { migrateCommand } from './commands/migrate.js';
import { startCommand } from './commands/start.js';
import { jsonLine, processIo, UsageError, type CliIo } from './cli-io.js';

export const USAGE = `Usage: vigil <command>

  start [api|checker|scanner|notifier ...]   run the apps (all four when none is named)
  migrate [--json]                           create the database if missing, apply migrations
  account create --email E --tier free|pro|business|enterprise [--email-verified] [--json]
  account set-tier ID TIER [--json]
  account deactivate ID [--json]
  account activate ID [--json]
  domain verify ACCOUNT_ID HOSTNAME [--json]   operator override of domain ownership

Configuration comes from the environment (DATABASE_URL, REDIS_URL, PORT, ...); see README.md.`;

/** Runs one CLI invocation and returns its exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...args] = argv;
  const json = args.includes('--json');
  try {
    switch (command) {
      case 'start':
        return await startCommand(args, io);
      case 'migrate':
        return await migrateCommand(args, io);
      case 'account':
        return await accountCommand(args, io);
      case 'domain':
        return await domainCommand(args, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } catch (e) {
    const err = e as Error;
    const code = e instanceof UsageError || (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 2 : 1;
    const message = e instanceof UsageError || e instanceof VigilError || e instanceof ConfigError || code === 2 ? err.message : `${err.name}: ${err.message}`;
    if (json) io.out(jsonLine({ error: message }));
    io.err(`vigil: ${message}`);
    if (code === 2) io.err(USAGE);
    return code;
  }
}
