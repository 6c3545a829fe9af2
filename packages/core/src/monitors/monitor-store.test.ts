import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { Monitor } from '../db/entities/monitor.entity.js';
import { lockMonitorsOfAccount, monitorSlaFactsOfAccount, monitorsOfAccount } from './monitor-store.js';

let ctx: TestContext;
let accountId: number;
let otherId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  const other = await createTestAccount(ctx, 'pro');
  otherId = other.account.id;
  await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url, slo_target)
     SELECT $1, 'm' || g, 'https://m' || g || '.example/', 'https://m' || g || '.example/', CASE WHEN g = 2 THEN NULL ELSE 99.9 + g / 100.0 END
     FROM generate_series(1, 3) g`,
    [accountId],
  );
  await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'o', 'https://o.example/', 'https://o.example/')`, [other.account.id]);
});
afterAll(() => ctx.teardown());

describe('monitorSlaFactsOfAccount (real PostgreSQL)', () => {
  it("answers the account's monitors oldest first with the columns the entity read gave, the objective as a number", async () => {
    const facts = await monitorSlaFactsOfAccount(ctx.db, accountId);
    const entities = await monitorsOfAccount(ctx.db, accountId, { id: true, name: true, createdAt: true, sloTarget: true });
    expect(facts).toEqual(entities.map((m) => ({ id: m.id, name: m.name, createdAt: m.createdAt, sloTarget: m.sloTarget })));
    expect(facts.map((m) => m.sloTarget)).toEqual([99.91, null, 99.93]);
  });
});

describe('lockMonitorsOfAccount (real PostgreSQL)', () => {
  it("answers the account's monitors among the ids, whole as find gives them, in id order, locked for the transaction", async () => {
    const found = await ctx.db.getRepository(Monitor).find({ where: { accountId }, order: { id: 'ASC' } });
    const [theirs] = await ctx.db.getRepository(Monitor).findBy({ accountId: otherId });
    const ids = [found[2].id, theirs.id, found[0].id];
    await ctx.db.transaction(async (m) => {
      expect(await lockMonitorsOfAccount(m, accountId, ids)).toEqual([found[0], found[2]]);
      // Held: another transaction cannot take the rows' locks.
      const other = ctx.db.transaction((o) => o.query('SELECT id FROM monitors WHERE id = $1 FOR UPDATE NOWAIT', [found[0].id]));
      await expect(other).rejects.toThrow('could not obtain lock');
    });
  });
});
