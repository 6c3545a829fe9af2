import { parseArgs } from 'node:util';
import { systemClock } from '@vigil/core/admin';
import { withAdminDb } from '../admin-db.js';
import { jsonLine, UsageError, type CliIo } from '../cli-io.js';
import { domainVerify } from './domain-verify.js';

/** `vigil domain verify ACCOUNT_ID HOSTNAME`: the operator's override of domain ownership. */
export async function domainCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
  if (sub !== 'verify') throw new UsageError(`Unknown domain command: ${sub ?? '(none)'}`);
  const [rawId, hostname] = positionals;
  if (!rawId || !/^\d+$/.test(rawId)) throw new UsageError(`Expected an account id (a positive integer), got ${rawId ?? 'nothing'}`);
  if (!hostname) throw new UsageError('domain verify needs a HOSTNAME');
  const result = await withAdminDb((db) => domainVerify({ db, clock: systemClock }, Number(rawId), hostname));
  io.out(values.json ? jsonLine(result) : `${result.hostname} is verified for account ${result.account_id}.`);
  return 0;
}
