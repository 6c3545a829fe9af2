import { Check, Domain, MonitorRollup, listCheckPartitions, partitionName, pruneAlertDeliveriesBefore, pruneChecksBefore, pruneHeaderChecksBefore, pruneRegionHoursBefore, pruneRoundsBefore, pruneScansBefore, retentionCutoff } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestContext } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';
import { ensureCheckPartitions } from '../retention/ensure-check-partitions.js';
import { pruneAlertDeliveriesJob, pruneChecksJob, pruneHeaderChecksJob, pruneScansJob } from './prune.jobs.js';

const clock = testClock('2025-06-01T12:00:00Z');
const NOW = clock.now();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    clock,
    env: { VIGIL_CHECK_RETENTION_DAYS: '30', VIGIL_SCAN_RETENTION_DAYS: '60', VIGIL_DELIVERY_RETENTION_DAYS: '45', VIGIL_HEADER_CHECK_RETENTION_DAYS: '30' },
  });
});
afterAll(() => ctx.teardown());

async function seed(monitorId: number, ages: number[], tag: string) {
  await ctx.db.getRepository(Check).insert(
    ages.map((days, i) => ({
      monitorId,
      checkedAt: daysAgo(days),
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
    expect(retentionCutoff(NOW, 90)).toEqual(new Date(shiftDates('2025-03-03T12:00:00Z')));
  });

  it('the job deletes raw checks older than VIGIL_CHECK_RETENTION_DAYS and keeps newer ones and every rollup', async () => {
    const m = await createMonitor(ctx);
    // Partitions for the days of 45 and 31 days ago: those rows go by dropping whole partitions.
    for (const days of [45, 31]) await ensureCheckPartitions(ctx.db, daysAgo(days));
    await seed(m.id, [31, 45, 400, 29.9, 1, 0], 'job');
    await ctx.db.getRepository(MonitorRollup).insert({ monitorId: m.id, hour: daysAgo(400), total: 5, successful: 5, responseTimeSum: '50', responseTimeCount: 5 });
    expect(await partitionOf('job-0')).toBe(partitionName(daysAgo(31)));
    expect(await partitionOf('job-2')).toBe('checks_default');

    const outcome = await pruneChecksJob(ctx)({}, undefined as never);
    expect(outcome.droppedPartitions).toContain(partitionName(daysAgo(31)));
    expect(outcome.droppedPartitions).toContain(partitionName(daysAgo(45)));
    expect(outcome.droppedPartitions).not.toContain(partitionName(daysAgo(29.9)));
    expect(outcome.deleted).toBe(1);
    const left = await ctx.db.getRepository(Check).find({ where: { monitorId: m.id } });
    expect(left.map((c) => c.jobKey).sort()).toEqual(['job-3', 'job-4', 'job-5']);
    expect(await ctx.db.getRepository(MonitorRollup).countBy({ monitorId: m.id })).toBe(1);
    const partitions = await listCheckPartitions(ctx.db);
    expect(partitions).not.toContain(partitionName(daysAgo(31)));
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

describe('judged round retention (with the checks)', () => {
  it('the checks job deletes judged rounds older than VIGIL_CHECK_RETENTION_DAYS, in batches, and keeps newer ones', async () => {
    const m = await createMonitor(ctx);
    const ages = [400, 31, 30.01, 29.9, 1, 0];
    await ctx.db.query(
      `INSERT INTO monitor_rounds (monitor_id, job_key, judged_at, failed, failing_regions, skipped_regions)
       SELECT $1, 'round-' || k, t, false, '{}', '{}' FROM unnest($2::int[], $3::timestamptz[]) AS d(k, t)`,
      [m.id, ages.map((_, i) => i), ages.map(daysAgo)],
    );
    const keys = async () => ((await ctx.db.query(`SELECT job_key FROM monitor_rounds WHERE monitor_id = $1 ORDER BY job_key`, [m.id])) as { job_key: string }[]).map((r) => r.job_key);
    expect(await pruneRoundsBefore(ctx.db, retentionCutoff(NOW, 30), 2)).toBe(3);
    expect(await keys()).toEqual(['round-3', 'round-4', 'round-5']);
    expect((await pruneChecksJob(ctx)({}, undefined as never)).rounds).toBe(0);
    await ctx.db.query(`UPDATE monitor_rounds SET judged_at = $2 WHERE monitor_id = $1 AND job_key = 'round-3'`, [m.id, daysAgo(35)]);
    expect((await pruneChecksJob(ctx)({}, undefined as never)).rounds).toBe(1);
    expect(await keys()).toEqual(['round-4', 'round-5']);
  });
});

describe('per-region hourly rollup retention (with the checks)', () => {
  it('the checks job deletes region hours before VIGIL_CHECK_RETENTION_DAYS, in batches, and keeps newer ones and the monitor rollups', async () => {
    const m = await createMonitor(ctx);
    const ages = [400, 31, 30.01, 29.9, 1, 0];
    await ctx.db.query(
      `INSERT INTO monitor_region_hours (monitor_id, region, hour, total, successful)
       SELECT $1, r, date_bin('1 hour', t, TIMESTAMPTZ '2000-01-01 00:00:00+00'), 60, 60 FROM unnest($2::timestamptz[]) AS d(t), unnest('{eu,us}'::text[]) AS g(r)`,
      [m.id, ages.map(daysAgo)],
    );
    await ctx.db.getRepository(MonitorRollup).insert({ monitorId: m.id, hour: daysAgo(400), total: 5, successful: 5, responseTimeSum: '50', responseTimeCount: 5 });
    const hours = async () => ((await ctx.db.query(`SELECT count(*)::int AS n FROM monitor_region_hours WHERE monitor_id = $1`, [m.id])) as { n: number }[])[0].n;
    expect(await pruneRegionHoursBefore(ctx.db, retentionCutoff(NOW, 30), 4)).toBe(6);
    expect(await hours()).toBe(6);
    expect((await pruneChecksJob(ctx)({}, undefined as never)).regionHours).toBe(0);
    await ctx.db.query(`UPDATE monitor_region_hours SET hour = $2 WHERE monitor_id = $1 AND hour < $3`, [m.id, daysAgo(35), daysAgo(29)]);
    expect((await pruneChecksJob(ctx)({}, undefined as never)).regionHours).toBe(2);
    expect(await hours()).toBe(4);
    expect(await ctx.db.getRepository(MonitorRollup).countBy({ monitorId: m.id })).toBe(1);
  });
});

describe('scan retention', () => {
  type Seed = { tag: string; domain: number | null; status: string; age: number; certificate?: boolean };
  /** Inserts scans in the given order (ids ascending), each `age` days old; returns id by tag. */
  async function seedScans(accountId: number, rows: Seed[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (const r of rows) {
      const report = r.status === 'completed' ? { certificate: r.certificate ? { subject: 'CN=x' } : null } : null;
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO scans (account_id, domain_id, hostname, port, trigger, status, report, created_at)
         VALUES ($1, $2, 'x.example', 443, 'scheduled', $3, $4, $5) RETURNING id`,
        [accountId, r.domain, r.status, report, daysAgo(r.age)],
      )) as { id: number }[];
      ids.set(r.tag, id);
    }
    return ids;
  }
  const domainOf = async (accountId: number, hostname: string) =>
    (await ctx.db.getRepository(Domain).save({ accountId, hostname, port: 443, monitoringFrequency: 'daily', sslGrade: null, sslScore: null })).id;
  const left = async (ids: Map<string, number>) => {
    const rows = (await ctx.db.query('SELECT id FROM scans WHERE id = ANY($1::int[])', [[...ids.values()]])) as { id: number }[];
    const kept = new Set(rows.map((r) => r.id));
    return [...ids].filter(([, id]) => kept.has(id)).map(([tag]) => tag);
  };

  it('deletes old finished scans but keeps each domain’s latest, latest completed and latest with a certificate', async () => {
    const { account } = await createTestAccount(ctx);
    const a = await domainOf(account.id, 'a.example');
    const b = await domainOf(account.id, 'b.example');
    const c = await domainOf(account.id, 'c.example');
    const ids = await seedScans(account.id, [
      { tag: 'a-old-cert', domain: a, status: 'completed', age: 100, certificate: true },
      { tag: 'a-old-failed', domain: a, status: 'failed', age: 100 },
      { tag: 'a-latest-cert', domain: a, status: 'completed', age: 95, certificate: true },
      { tag: 'a-latest-completed', domain: a, status: 'completed', age: 94 },
      { tag: 'a-latest', domain: a, status: 'failed', age: 93 },
      { tag: 'b-old-failed', domain: b, status: 'failed', age: 100 },
      { tag: 'b-latest-failed', domain: b, status: 'failed', age: 99 },
      { tag: 'c-stuck-queued', domain: c, status: 'queued', age: 200 },
      { tag: 'c-fresh', domain: c, status: 'completed', age: 10, certificate: true },
      { tag: 'c-old-running', domain: c, status: 'running', age: 150 },
      { tag: 'on-demand-old', domain: null, status: 'completed', age: 100, certificate: true },
      { tag: 'on-demand-fresh', domain: null, status: 'completed', age: 5, certificate: true },
    ]);
    expect(await pruneScansJob(ctx)({}, undefined as never)).toEqual({ deleted: 4 });
    expect(await left(ids)).toEqual([
      'a-latest-cert',
      'a-latest-completed',
      'a-latest',
      'b-latest-failed',
      'c-stuck-queued',
      'c-fresh',
      'c-old-running',
      'on-demand-fresh',
    ]);
    // The certificate endpoint's query still finds a's certificate.
    const [cert] = (await ctx.db.query(
      `SELECT id FROM scans WHERE domain_id = $1 AND status = 'completed' AND jsonb_typeof(report->'certificate') = 'object' ORDER BY id DESC LIMIT 1`,
      [a],
    )) as { id: number }[];
    expect(cert.id).toBe(ids.get('a-latest-cert'));
  });

  it('deletes in bounded batches until none is left, and keeps scans younger than the retention', async () => {
    const { account } = await createTestAccount(ctx);
    const ids = await seedScans(account.id, [
      ...Array.from({ length: 12 }, (_, i) => ({ tag: `old-${i}`, domain: null, status: 'failed', age: 61 + i })),
      { tag: 'young', domain: null, status: 'failed', age: 59 },
    ]);
    expect(await pruneScansBefore(ctx.db, retentionCutoff(NOW, 60), 5)).toBe(12);
    expect(await left(ids)).toEqual(['young']);
    expect(await pruneScansBefore(ctx.db, retentionCutoff(NOW, 60), 5)).toBe(0);
  });
});

describe('alert delivery retention', () => {
  it('deletes old deliveries whole, keeping any with a newer or pending attempt', async () => {
    const { account } = await createTestAccount(ctx);
    let delivery = 0;
    const ids = new Map<string, number>();
    const attempt = async (tag: string, first: boolean, n: number, status: string, age: number) => {
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO alert_deliveries (delivery_id, account_id, integration_type, event_id, event, payload, attempt, status, created_at)
         VALUES ($1, $2, 'webhook', $3, 'monitor.down', '{}', $4, $5, $6) RETURNING id`,
        [first ? 0 : delivery, account.id, tag, n, status, daysAgo(age)],
      )) as { id: number }[];
      if (first) {
        delivery = id;
        await ctx.db.query('UPDATE alert_deliveries SET delivery_id = id WHERE id = $1', [id]);
      }
      ids.set(tag, id);
    };
    await attempt('old-1', true, 1, 'failed', 100);
    await attempt('old-2', false, 2, 'success', 99);
    await attempt('spans-1', true, 1, 'failed', 46);
    await attempt('spans-2', false, 2, 'success', 44);
    await attempt('old-pending', true, 1, 'pending', 100);
    await attempt('young', true, 1, 'success', 5);
    expect(await pruneAlertDeliveriesJob(ctx)({}, undefined as never)).toEqual({ deleted: 2 });
    const rows = (await ctx.db.query('SELECT event_id FROM alert_deliveries WHERE account_id = $1 ORDER BY id', [account.id])) as {
      event_id: string;
    }[];
    expect(rows.map((r) => r.event_id)).toEqual(['spans-1', 'spans-2', 'old-pending', 'young']);
    expect(await pruneAlertDeliveriesBefore(ctx.db, retentionCutoff(NOW, 45), 1)).toBe(0);
  });
});

describe('header check retention', () => {
  let scanId = 1_000_000;
  const domainOf = async (accountId: number, hostname: string) =>
    (await ctx.db.getRepository(Domain).save({ accountId, hostname, port: 443, monitoringFrequency: 'daily', sslGrade: null, sslScore: null })).id;
  /** Inserts header checks in the given order (ids ascending), each `age` days old; returns id by tag. */
  async function seedHeaderChecks(accountId: number, rows: { tag: string; domain: number; status: 'completed' | 'failed'; age: number }[]) {
    const ids = new Map<string, number>();
    for (const r of rows) {
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO header_checks (domain_id, account_id, scan_id, url, status, grade, checked_at)
         VALUES ($1, $2, $3, 'https://x.example/', $4, $5, $6) RETURNING id`,
        [r.domain, accountId, scanId++, r.status, r.status === 'completed' ? 'B' : null, daysAgo(r.age)],
      )) as { id: number }[];
      ids.set(r.tag, id);
    }
    return ids;
  }
  const left = async (ids: Map<string, number>) => {
    const rows = (await ctx.db.query('SELECT id FROM header_checks WHERE id = ANY($1::int[])', [[...ids.values()]])) as { id: number }[];
    const kept = new Set(rows.map((r) => r.id));
    return [...ids].filter(([, id]) => kept.has(id)).map(([tag]) => tag);
  };

  it('deletes header checks older than VIGIL_HEADER_CHECK_RETENTION_DAYS but keeps each domain’s latest and latest completed', async () => {
    const { account } = await createTestAccount(ctx);
    const a = await domainOf(account.id, 'ha.example');
    const b = await domainOf(account.id, 'hb.example');
    const c = await domainOf(account.id, 'hc.example');
    const ids = await seedHeaderChecks(account.id, [
      { tag: 'a-old', domain: a, status: 'completed', age: 100 },
      { tag: 'a-old-failed', domain: a, status: 'failed', age: 90 },
      { tag: 'a-latest-completed', domain: a, status: 'completed', age: 80 },
      { tag: 'a-latest', domain: a, status: 'failed', age: 70 },
      { tag: 'b-only', domain: b, status: 'completed', age: 400 },
      { tag: 'c-old', domain: c, status: 'completed', age: 31 },
      { tag: 'c-young', domain: c, status: 'completed', age: 29 },
      { tag: 'c-latest', domain: c, status: 'completed', age: 1 },
    ]);
    expect(await pruneHeaderChecksJob(ctx)({}, undefined as never)).toEqual({ deleted: 3 });
    expect(await left(ids)).toEqual(['a-latest-completed', 'a-latest', 'b-only', 'c-young', 'c-latest']);
    expect(await pruneHeaderChecksBefore(ctx.db, retentionCutoff(NOW, 30), 1)).toBe(0);
  });
});
