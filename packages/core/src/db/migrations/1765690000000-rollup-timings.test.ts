import { createTestAccount, createTestContext, runMigration, type TestContext } from '@vigil/testing';
import { RollupTimings1765690000000 } from './1765690000000-rollup-timings.js';
import { RollupOnMonitor1765872000000 } from './1765872000000-rollup-on-monitor.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

/** This migration down or up, with the later one that makes monitor_rollups a view undone around it. */
async function migrate(direction: 'up' | 'down'): Promise<void> {
  const steps = [new RollupTimings1765690000000(), new RollupOnMonitor1765872000000()];
  for (const step of direction === 'up' ? steps : steps.reverse()) await runMigration(ctx.db, step, direction);
}

it('fills the timing sums of the recent hours from their checks', async () => {
  await migrate('down');
  const { account } = await createTestAccount(ctx, 'pro');
  const [{ id }] = (await ctx.db.query(
    `INSERT INTO monitors (account_id, name, url, normalized_url) VALUES ($1, 'm', 'https://a.example/', 'https://a.example/') RETURNING id`,
    [account.id],
  )) as { id: number }[];
  const check = (job: string, timings: object | null) =>
    ctx.db.query(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, job_key, timings) VALUES ($1, now(), 'success', 10, $2, $3)`, [
      id,
      job,
      timings && JSON.stringify(timings),
    ]);
  await check('a', { dns: 2, connect: 4, tls: 6, first_byte: 8, download: 1 });
  await check('b', { dns: 4, connect: 6, tls: null, first_byte: 10, download: 3 });
  await check('c', null);
  await ctx.db.query(
    `INSERT INTO monitor_rollups (monitor_id, hour, total, successful) VALUES ($1, date_bin('1 hour', now(), TIMESTAMPTZ '2000-01-01 00:00:00+00'), 3, 3)`,
    [id],
  );
  await migrate('up');
  const [row] = (await ctx.db.query(
    `SELECT dns_sum, dns_count, tls_sum, tls_count, first_byte_sum, first_byte_count, total FROM monitor_rollups WHERE monitor_id = $1`,
    [id],
  )) as Record<string, string | number>[];
  expect(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))).toEqual({
    dns_sum: 6, dns_count: 2, tls_sum: 6, tls_count: 1, first_byte_sum: 18, first_byte_count: 2, total: 3,
  });
});
