import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { RegionHours1765885000000 } from './1765885000000-region-hours.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('fills the region hours of the last 24 h from the checks of monitors in several regions only', async () => {
  await runMigration(ctx.db, new RegionHours1765885000000(), 'down');
  const { account } = await createTestAccount(ctx, 'business');
  const monitor = async (regions: string[]) =>
    (
      (await ctx.db.query(`INSERT INTO monitors (account_id, name, url, normalized_url, regions) VALUES ($1, 'm', $2, $2, $3) RETURNING id`, [
        account.id,
        `https://${regions.join('-')}.example/`,
        regions,
      ])) as { id: number }[]
    )[0].id;
  const [multi, single] = [await monitor(['eu', 'us']), await monitor(['eu'])];
  const checks = [
    [multi, 'eu', 'success', 100, '0 minutes'],
    [multi, 'eu', 'failure', null, '1 minute'],
    [multi, 'us', 'success', 300, '1 minute'],
    [multi, 'us', 'success', 500, '3 days'],
    [single, 'eu', 'success', 100, '0 minutes'],
  ] as const;
  for (const [i, [id, region, status, ms, ago]] of checks.entries()) {
    await ctx.db.query(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, job_key, region) VALUES ($1, now() - $2::interval, $3, $4, $5, $6)`, [
      id,
      ago,
      status,
      ms,
      `j${i}`,
      region,
    ]);
  }
  await runMigration(ctx.db, new RegionHours1765885000000(), 'up');
  const rows = (await ctx.db.query(
    `SELECT monitor_id, region, sum(total)::int AS total, sum(successful)::int AS successful, sum(response_time_sum)::int AS ms, sum(response_time_count)::int AS n
       FROM monitor_region_hours WHERE monitor_id = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2`,
    [[multi, single]],
  )) as unknown[];
  expect(rows).toEqual([
    { monitor_id: multi, region: 'eu', total: 2, successful: 1, ms: 100, n: 1 },
    { monitor_id: multi, region: 'us', total: 1, successful: 1, ms: 300, n: 1 },
  ]);
});
