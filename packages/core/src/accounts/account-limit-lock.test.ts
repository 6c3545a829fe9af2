import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { QueryFailedError } from 'typeorm';
import type { EntityManager } from 'typeorm';
import { readsAsOne } from '../db/reads-as-one.js';
import { configApplyLocksRead, inLimitTransaction, underLimitLock, type CountedLimit } from './account-limit-lock.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'pro')).account.id;
});
afterAll(() => ctx.teardown());

const tryLockConfigApplyAndLimits = async (m: EntityManager, id: number, limits: CountedLimit[]) => (await readsAsOne(m, [configApplyLocksRead(id, limits)]))[0];

describe('configApplyLocksRead', () => {
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

describe('underLimitLock', () => {
  const lockKey = () => ((6n << 32n) | BigInt(accountId)).toString();

  it('runs the statement holding the limit lock in a transaction of its own, and answers its rows', async () => {
    const rows = await underLimitLock(ctx.db, 'maintenance_windows', accountId).query<{ n: number; id: number }[]>(
      `SELECT (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS n, $1::int AS id`,
      [accountId],
    );
    // The transaction's lock, held by the statement's own connection; released with the COMMIT (below: taken again at once).
    expect(rows).toEqual([{ n: 1, id: accountId }]);
  });

  it("counts what committed before the lock was granted (its statement's own snapshot)", async () => {
    const held = ctx.db.createQueryRunner();
    await held.connect();
    try {
      await held.startTransaction();
      await held.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey()]);
      await held.query(`INSERT INTO maintenance_windows (account_id, title, applies_to_all, starts_at, ends_at) VALUES ($1, 'held', true, now(), now() + interval '1 hour')`, [accountId]);
      const counted = underLimitLock(ctx.db, 'maintenance_windows', accountId).query<{ n: number }[]>(`SELECT count(*)::int AS n FROM maintenance_windows WHERE account_id = $1`, [accountId]);
      // The statement waits for the lock; the insert commits meanwhile.
      await new Promise((r) => setTimeout(r, 200));
      await held.commitTransaction();
      expect(await counted).toEqual([{ n: 1 }]);
    } finally {
      await held.release();
      await ctx.db.query('DELETE FROM maintenance_windows WHERE account_id = $1', [accountId]);
    }
  });

  it("rolls back a failed statement's writes, tells pg's error as TypeORM does, and frees the lock", async () => {
    const before = await ctx.db.query<{ tier: string }[]>('SELECT tier FROM accounts WHERE id = $1', [accountId]);
    const failed = await underLimitLock(ctx.db, 'maintenance_windows', accountId)
      .query(`WITH u AS (UPDATE accounts SET tier = 'free' WHERE id = $1 RETURNING id) SELECT 1 / (count(*) - 1) FROM u`, [accountId])
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('22012');
    expect(await ctx.db.query('SELECT tier FROM accounts WHERE id = $1', [accountId])).toEqual(before);
    const [{ ok }] = await ctx.db.query<{ ok: boolean }[]>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [lockKey()]);
    expect(ok).toBe(true);
    await ctx.db.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey()]);
  });
});
