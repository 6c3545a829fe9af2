import { createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('leaves room for HOT updates on the pages of monitors and monitor_rollups', async () => {
  const rows = await ctx.db.query<{ relname: string; reloptions: string[] | null }[]>(
    `SELECT relname, reloptions FROM pg_class WHERE relname IN ('monitors', 'monitor_rollups') AND relkind = 'r' ORDER BY relname`,
  );
  expect(rows).toEqual([
    { relname: 'monitor_rollups', reloptions: ['fillfactor=70'] },
    { relname: 'monitors', reloptions: ['fillfactor=70'] },
  ]);
});
