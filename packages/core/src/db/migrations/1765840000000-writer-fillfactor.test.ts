import { createTestContext, type TestContext } from '@vigil/testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('keeps half of each monitors page free for HOT state updates; the stored rollup hours keep full pages', async () => {
  const rows = await ctx.db.query<{ relname: string; reloptions: string[] | null }[]>(
    `SELECT relname, reloptions FROM pg_class WHERE relname IN ('monitors', 'monitor_rollup_hours') AND relkind = 'r' ORDER BY relname`,
  );
  expect(rows).toEqual([
    { relname: 'monitor_rollup_hours', reloptions: null },
    { relname: 'monitors', reloptions: ['fillfactor=50'] },
  ]);
});
