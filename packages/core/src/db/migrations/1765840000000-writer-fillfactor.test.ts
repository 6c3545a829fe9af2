import { createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('keeps half of each monitors page free for HOT state updates; rollups keep full pages', async () => {
  const rows = await ctx.db.query<{ relname: string; reloptions: string[] | null }[]>(
    `SELECT relname, reloptions FROM pg_class WHERE relname IN ('monitors', 'monitor_rollups') AND relkind = 'r' ORDER BY relname`,
  );
  expect(rows).toEqual([
    { relname: 'monitor_rollups', reloptions: null },
    { relname: 'monitors', reloptions: ['fillfactor=50'] },
  ]);
});
