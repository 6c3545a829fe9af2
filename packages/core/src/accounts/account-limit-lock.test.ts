import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { inLimitTransaction, tryLockConfigApplyAndLimits } from './account-limit-lock.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'pro')).account.id;
});
afterAll(() => ctx.teardown());

describe('tryLockConfigApplyAndLimits', () => {
  it('takes the apply lock and the limit locks in one statement; refused, it asks for none (no wait on a held limit lock)', async () => {
    const held = ctx.db.createQueryRunner();
    await held.connect();
    try {
      await held.startTransaction();
      expect(await tryLockConfigApplyAndLimits(held.manager, accountId, ['monitors', 'domains'])).toBe(true);
      const [{ n }] = await held.manager.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`);
      expect(n).toBe(3);
      // Another transaction is refused at once, though the monitors lock it would take next is held too.
      const refused = await ctx.db.transaction(async (m) => {
        await m.query(`SET LOCAL lock_timeout = '2s'`);
        return tryLockConfigApplyAndLimits(m, accountId, ['monitors', 'domains']);
      });
      expect(refused).toBe(false);
    } finally {
      await held.rollbackTransaction();
      await held.release();
    }
  });
});

describe('inLimitTransaction', () => {
  const advisoryLocks = (m: { query: TestContext['db']['query'] }) =>
    m.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`, []);

  it('holds the limit lock from BEGIN, commits what work wrote, and answers what it returned', async () => {
    const answer = await inLimitTransaction(ctx.db, 'maintenance_windows', accountId, async (m) => {
      expect(await advisoryLocks(m)).toEqual([{ n: 1 }]);
      // In the transaction: now() is the BEGIN's time, not this statement's.
      expect(await m.query('SELECT now() < statement_timestamp() AS tx', [])).toEqual([{ tx: true }]);
      await m.query('UPDATE accounts SET updated_at = updated_at WHERE id = $1', [accountId]);
      return 42;
    });
    expect(answer).toBe(42);
  });

  it('rolls back and rethrows when work fails, and the lock is free again', async () => {
    const before = await ctx.db.query<{ tier: string }[]>('SELECT tier FROM accounts WHERE id = $1', [accountId]);
    const failed = await inLimitTransaction(ctx.db, 'status_pages', accountId, async (m) => {
      await m.query(`UPDATE accounts SET tier = 'free' WHERE id = $1`, [accountId]);
      throw new Error('refused');
    }).catch((e: unknown) => e);
    expect(failed).toEqual(new Error('refused'));
    expect(await ctx.db.query('SELECT tier FROM accounts WHERE id = $1', [accountId])).toEqual(before);
    // Another transaction takes the same lock without waiting.
    const taken = await ctx.db.transaction(async (m) => {
      await m.query(`SET LOCAL lock_timeout = '2s'`);
      const [{ ok }] = await m.query<{ ok: boolean }[]>('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', [((4n << 32n) | BigInt(accountId)).toString()]);
      return ok;
    });
    expect(taken).toBe(true);
  });
});
