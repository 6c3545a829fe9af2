import { parseArgs } from 'node:util';
import { createAccount, isTier, setAccountActive, setAccountTier, TIERS } from '@vigil/core/admin';
import { withAccountAdmin, withAdminDb } from '../admin-db.js';
import { jsonLine, UsageError, type CliIo } from '../cli-io.js';

function accountId(raw: string | undefined): number {
  if (!raw || !/^\d+$/.test(raw)) throw new UsageError(`Expected an account id (a positive integer), got ${raw ?? 'nothing'}`);
  return Number(raw);
}

function tier(raw: string | undefined): (typeof TIERS)[number] {
  const name = raw?.toLowerCase();
  if (!isTier(name)) throw new UsageError(`Expected a tier (${TIERS.join('|')}), got ${raw ?? 'nothing'}`);
  return name;
}

function print(io: CliIo, json: boolean, value: Record<string, unknown>, text: string): void {
  io.out(json ? jsonLine(value) : text);
}

/** `vigil account create|set-tier|activate|deactivate` (decisions §1). */
export async function accountCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      tier: { type: 'string' },
      'email-verified': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const json = values.json ?? false;
  switch (sub) {
    case 'create': {
      if (!values.email) throw new UsageError('account create needs --email');
      const t = tier(values.tier);
      const { account, apiKey } = await withAdminDb((db) =>
        createAccount(db, { email: values.email!, tier: t, emailVerified: values['email-verified'] }),
      );
      print(
        io,
        json,
        { account_id: account.id, api_key: apiKey },
        `Created account ${account.id} (${account.email}, ${account.tier}).\nAPI key (shown once): ${apiKey}`,
      );
      return 0;
    }
    case 'set-tier': {
      const id = accountId(positionals[0]);
      const t = tier(positionals[1] ?? values.tier);
      const account = await withAccountAdmin((admin) => setAccountTier(admin, id, t));
      print(io, json, { account_id: account.id, tier: account.tier }, `Account ${account.id} is now on ${account.tier}.`);
      return 0;
    }
    case 'activate':
    case 'deactivate': {
      const id = accountId(positionals[0]);
      const account = await withAccountAdmin((admin) => setAccountActive(admin, id, sub === 'activate'));
      print(
        io,
        json,
        { account_id: account.id, is_active: account.isActive },
        `Account ${account.id} is ${account.isActive ? 'active' : 'inactive'}.`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown account command: ${sub ?? '(none)'}`);
  }
}
