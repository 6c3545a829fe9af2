import { Check, MonitorRollup } from '@vigil/core';
import { createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { pruneChecksBefore, retentionCutoff } from '../retention/prune-checks.js';
import { pruneChecksJob } from './prune-checks.job.js';

const clock = testClock('2025-06-01T12:00:00Z');
const NOW = clock.now();
const DAY = 86_400_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_CHECK_RETENTION_DAYS: '30' } });
});
afterAll(() => ctx.teardown());

async function seed(monitorId: number, ages: number[], tag: string) {
  await ctx.db.getRepository(Check).insert(
    ages.map((days, i) => ({
      monitorId,
      checkedAt: new Date(NOW.getTime() - days * DAY),
      status: 'success' as const,
      responseTimeMs: 10,
      statusCode: 200,
      error: null,
      jobKey: `${tag}-${i}`,
    })),
  );
}

describe('check retention', () => {
  it('retentionCutoff is now minus the retention days', () => {
    expect(retentionCutoff(NOW, 90)).toEqual(new Date(shiftDates('2025-03-03T12:00:00Z')));
  });

  it('the job deletes raw checks older than VIGIL_CHECK_RETENTION_DAYS and keeps newer ones and every rollup', async () => {
    const m = await createMonitor(ctx);
    await seed(m.id, [31, 45, 400, 29.9, 1, 0], 'job');
    await ctx.db.getRepository(MonitorRollup).insert({ monitorId: m.id, hour: new Date(NOW.getTime() - 400 * DAY), total: 5, successful: 5, responseTimeSum: '50', responseTimeCount: 5 });
    expect(await pruneChecksJob(ctx)({}, undefined as never)).toEqual({ deleted: 3 });
    const left = await ctx.db.getRepository(Check).find({ where: { monitorId: m.id } });
    expect(left.map((c) => c.jobKey).sort()).toEqual(['job-3', 'job-4', 'job-5']);
    expect(await ctx.db.getRepository(MonitorRollup).countBy({ monitorId: m.id })).toBe(1);
  });

  it('deletes in bounded batches until none is left', async () => {
    const m = await createMonitor(ctx);
    await seed(m.id, Array.from({ length: 23 }, () => 100), 'batch');
    await seed(m.id, [1], 'fresh');
    expect(await pruneChecksBefore(ctx.db, retentionCutoff(NOW, 30), 5)).toBe(23);
    expect(await ctx.db.getRepository(Check).countBy({ monitorId: m.id })).toBe(1);
    expect(await pruneChecksBefore(ctx.db, retentionCutoff(NOW, 30), 5)).toBe(0);
  });
});
