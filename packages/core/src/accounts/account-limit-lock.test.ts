import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { tryLockConfigApplyAndLimits } from './account-limit-lock.js';

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
