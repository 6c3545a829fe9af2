import { randomBytes } from 'node:crypto';
import { createAccount, type Account, type Context, type Tier } from '@vigil/core';

export interface TestAccount {
  account: Account;
  /** The API key secret. */
  key: string;
  /** `{ Authorization: 'Bearer <key>' }` for supertest's .set(). */
  auth: { Authorization: string };
}

/** A real account with a real key, created the way the CLI creates them. */
export async function createTestAccount(
  ctx: Context,
  tier: Tier = 'pro',
  opts: { email?: string; emailVerified?: boolean } = {},
): Promise<TestAccount> {
  const email = opts.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const { account, apiKey } = await createAccount(ctx.db, { email, tier, emailVerified: opts.emailVerified }, ctx.clock.now());
  return { account, key: apiKey, auth: { Authorization: `Bearer ${apiKey}` } };
}

/** `count` bare http monitors of the account (m1, m2, ... at https://mN.example/), their ids in order. */
export async function insertTestMonitors(ctx: Context, accountId: number, count: number): Promise<number[]> {
  const rows = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO monitors (account_id, name, url, normalized_url) SELECT $1, 'm' || g, 'https://m' || g || '.example/', 'https://m' || g || '.example/'
       FROM generate_series(1, $2::int) g ORDER BY g RETURNING id`,
    [accountId, count],
  );
  return rows.map((r) => r.id);
}
