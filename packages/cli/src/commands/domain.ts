import { parseArgs } from 'node:util';
import { UsageError, type CliIo } from '../cli-io.js';

/** `vigil domain verify ACCOUNT_ID HOSTNAME`: the operator's override of domain ownership. */
export async function domainCommand(args: string[], _io: CliIo): Promise<number> {
  const [sub] = args;
  parseArgs({ args: args.slice(1), allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
  if (sub !== 'verify') throw new UsageError(`Unknown domain command: ${sub ?? '(none)'}`);
  throw new Error('domain verify is not built yet (issue 4)');
}
