import { Check, ManualClock, MonitorRollup, listCheckPartitions, partitionName } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { ensureCheckPartitions } from '../retention/ensure-check-partitions.js';
import { pruneChecksBefore, retentionCutoff } from '../retention/prune-checks.js';
import { ensureCheckPartitionsJob } from './ensure-check-partitions.job.js';
import { pruneChecksJob } from './prune-checks.job.js';

const NOW = new Date('2025-06-01T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: new ManualClock(NOW), env: { VIGIL_CHECK_RETENTION_DAYS: '30' } });
});
afterAll(() => ctx.teardown());

async function seed(monitorId: number, ages: number[], tag: string) {
  await ctx.db.getRepository(Check).insert(
    ages.map((days, i) => ({
      monitorId,
      checkedAt: ago(days),
      status: 'success' as const,
      responseTimeMs: 10,
      statusCode: 200,
      error: null,
      jobKey: `${tag}-${i}`,
    })),
  );
}

async function partitionOf(jobKey: string): Promise<string> {
  const [{ name }] = (await ctx.db.query(`SELECT tableoid::regclass::text AS name FROM checks WHERE job_key = $1`, [jobKey])) as { name: string }[];
  return name;
}

describe('check retention', () => {
  it('retentionCutoff is now minus the retention days', () => {
    expect(retentionCutoff(NOW, 90)).toEqual(new Date('2025-03-03T12:00:00Z'));
  });

  it('the job deletes raw checks older than VIGIL_CHECK_RETENTION_DAYS and keeps newer ones and every rollup', async () => {
    const m = await createMonitor(ctx);
    // Partitions for the days of 45 and 31 days ago: those rows go by dropping whole partitions.
    for (const days of [45, 31]) await ensureCheckPartitions(ctx.db, ago(days));
    await seed(m.id, [31, 45, 400, 29.9, 1, 0], 'job');
    await ctx.db.getRepository(MonitorRollup).insert({ monitorId: m.id, hour: ago(400), total: 5, successful: 5, responseTimeSum: '50', responseTimeCount: 5 });
    expect(await partitionOf('job-0')).toBe(partitionName(ago(31)));
    expect(await partitionOf('job-2')).toBe('checks_default');

    const outcome = await pruneChecksJob(ctx)({}, undefined as never);
    expect(outcome.droppedPartitions).toContain(partitionName(ago(31)));
    expect(outcome.droppedPartitions).toContain(partitionName(ago(45)));
    expect(outcome.droppedPartitions).not.toContain(partitionName(ago(29.9)));
    expect(outcome.deleted).toBe(1);
    const left = await ctx.db.getRepository(Check).find({ where: { monitorId: m.id } });
    expect(left.map((c) => c.jobKey).sort()).toEqual(['job-3', 'job-4', 'job-5']);
    expect(await ctx.db.getRepository(MonitorRollup).countBy({ monitorId: m.id })).toBe(1);
    const partitions = await listCheckPartitions(ctx.db);
    expect(partitions).not.toContain(partitionName(ago(31)));
    expect(partitions).toContain('checks_default');
  });

  it('deletes the default partition in bounded batches until none is left', async () => {
    const m = await createMonitor(ctx);
    await seed(m.id, Array.from({ length: 23 }, () => 100), 'batch');
    await seed(m.id, [1], 'fresh');
    expect(await pruneChecksBefore(ctx.db, retentionCutoff(NOW, 30), 5)).toEqual({ droppedPartitions: [], deleted: 23 });
    expect(await ctx.db.getRepository(Check).countBy({ monitorId: m.id })).toBe(1);
    expect(await pruneChecksBefore(ctx.db, retentionCutoff(NOW, 30), 5)).toEqual({ droppedPartitions: [], deleted: 0 });
  });
});

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
