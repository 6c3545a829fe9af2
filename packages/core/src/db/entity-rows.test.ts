import { createTestAccount, createTestContext, insertTestMonitors, type TestContext } from '@vigil/testing';
import { Monitor } from './entities/monitor.entity.js';
import { entitiesRead, wholeEntitiesRead } from './entity-rows.js';
import { readsAsOne } from './reads-as-one.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const PROPERTIES = ['id', 'name', 'sloTarget', 'headers', 'regions', 'createdAt', 'expectedStatusCodes', 'followRedirects'] as const;
const picked = (m: Monitor) => Object.fromEntries(PROPERTIES.map((p) => [p, m[p]]));

describe('entitiesRead', () => {
  it('hydrates the properties asked for as find does (transformers applied: numeric slo_target as a number), in the ORDER BY given', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const ids = await insertTestMonitors(ctx, account.id, 3);
    await ctx.db.query(`UPDATE monitors SET slo_target = 99.95, headers = '{"X-A": "1"}', regions = '{eu,us}' WHERE id = $1`, [ids[1]]);
    const found = await ctx.db.getRepository(Monitor).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
    const [read, reversed] = await readsAsOne(ctx.db.manager, [
      entitiesRead(ctx.db.manager, Monitor, PROPERTIES, 'account_id = $1 ORDER BY id', [account.id]),
      entitiesRead(ctx.db.manager, Monitor, PROPERTIES, 'account_id = $1 ORDER BY id DESC', [account.id]),
    ]);
    expect(read.map((m) => m instanceof Monitor)).toEqual([true, true, true]);
    expect(read.map((m) => ({ ...m }))).toEqual(found.map(picked));
    expect(read[1].sloTarget).toBe(99.95);
    expect(reversed.map((m) => ({ ...m }))).toEqual(found.map(picked).reverse());
  });

  it('reads whole entities as find does with wholeEntitiesRead', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    await insertTestMonitors(ctx, account.id, 2);
    const found = await ctx.db.getRepository(Monitor).find({ where: { accountId: account.id }, order: { id: 'ASC' } });
    const [read] = await readsAsOne(ctx.db.manager, [wholeEntitiesRead(ctx.db.manager, Monitor, 'account_id = $1 ORDER BY id', [account.id])]);
    expect(read).toEqual(found);
    expect(read[0]).toBeInstanceOf(Monitor);
  });

  it('reads only the columns of those properties, and refuses a property that is no plain column', () => {
    const { statement } = entitiesRead(ctx.db.manager, Monitor, ['id', 'name'], 'account_id = $1', [1]);
    expect(statement.sql).toBe('SELECT "id", "name" FROM "monitors" WHERE account_id = $1');
    expect(() => entitiesRead(ctx.db.manager, Monitor, ['id', 'nope' as 'id'], 'true', [])).toThrow('entitiesRead: Monitor has no plain column for nope');
  });
});
