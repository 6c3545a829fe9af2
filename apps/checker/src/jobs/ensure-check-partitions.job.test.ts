import { Check, ManualClock, partitionName } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { ensureCheckPartitionsJob } from './ensure-check-partitions.job.js';

const NOW = new Date('2025-06-01T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: new ManualClock(NOW) });
});
afterAll(() => ctx.teardown());

async function seed(monitorId: number, ages: number[], tag: string) {
  await ctx.db.getRepository(Check).insert(
    ages.map((days, i) => ({ monitorId, checkedAt: ago(days), status: 'success' as const, responseTimeMs: 10, statusCode: 200, error: null, jobKey: `${tag}-${i}` })),
  );
}

async function partitionOf(jobKey: string): Promise<string> {
  const [{ name }] = (await ctx.db.query(`SELECT tableoid::regclass::text AS name FROM checks WHERE job_key = $1`, [jobKey])) as { name: string }[];
  return name;
}

describe('check partitions ahead', () => {
  it('the job creates the partitions around the clock, moving rows of their days out of the default partition', async () => {
    const m = await createMonitor(ctx);
    await seed(m.id, [0, -2], 'ahead');
    expect(await partitionOf('ahead-0')).toBe('checks_default');

    const { created } = await ensureCheckPartitionsJob(ctx)({}, undefined as never);
    expect(created).toEqual([-1, 0, 1, 2, 3, 4, 5, 6, 7].map((n) => partitionName(ago(-n))));
    expect(await partitionOf('ahead-0')).toBe(partitionName(NOW));
    expect(await partitionOf('ahead-1')).toBe(partitionName(ago(-2)));
    expect(await ctx.db.getRepository(Check).countBy({ monitorId: m.id })).toBe(2);
    // Idempotent: a second run (or a second checker) creates nothing.
    expect(await ensureCheckPartitionsJob(ctx)({}, undefined as never)).toEqual({ created: [] });
  });
});
