import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { Monitor } from './entities/monitor.entity.js';
import { entitiesWhere } from './entity-rows.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('entitiesWhere', () => {
  it('hydrates as find does: same entities, transformers applied (numeric slo_target as a number), in the ORDER BY given', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const ids = await insertTestMonitors(ctx, account.id, 3);
    await ctx.db.query(`UPDATE monitors SET slo_target = 99.95, headers = '{"X-A": "1"}', regions = '{eu,us}' WHERE id = $1`, [ids[1]]);
    const found = await ctx.db.getRepository(Monitor).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
    const read = await entitiesWhere(ctx.db.manager, Monitor, 'account_id = $1 ORDER BY id', [account.id]);
    expect(read).toEqual(found);
    expect(read.map((m) => m instanceof Monitor)).toEqual([true, true, true]);
    expect(read[1].sloTarget).toBe(99.95);
    expect(await entitiesWhere(ctx.db.manager, Monitor, 'account_id = $1 ORDER BY id DESC', [account.id])).toEqual([...found].reverse());
  });
});
