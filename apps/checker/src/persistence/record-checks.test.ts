import { lockWriterMonitors, MaintenanceWindow, Monitor, recurrenceStats, RRULE_BOUNDS, type CheckResult } from '@vigil/core';
import { createTestContext, type TestContext } from '@vigil/testing';
import { checksOf, createMonitor, incidentsOf, reloadMonitor, rollupsOf } from '../testing/monitors.js';
import { ensureCheckPartitions } from '../retention/ensure-check-partitions.js';
import { DUPLICATE_WINDOW_MS } from './duplicate-window.js';
import { loadMaintenance } from './load-maintenance.js';
import { recordChecks, recordChecksIn, type CheckRecord } from './record-checks.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

let seq = 0;
const T0 = Date.parse('2025-06-01T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const ok = (s: number, ms = 120): CheckResult => ({ timestamp: at(s), status: 'success', response_time_ms: ms, status_code: 200 });
const bad = (s: number, error = 'Unexpected status code 503 Service Unavailable'): CheckResult => ({
  timestamp: at(s),
  status: 'failure',
  response_time_ms: null,
  status_code: 503,
  error,
});
const rec = (monitorId: number, result: CheckResult, over: Partial<CheckRecord> = {}): CheckRecord => ({
  monitorId,
  jobKey: `job-${++seq}`,
  manual: false,
  result,
  ...over,
});

describe('recordChecks', () => {
  it('records a success: check row, monitor up with last-check facts, hourly rollup', async () => {
    const m = await createMonitor(ctx);
    const { outcomes, alerts } = await recordChecks(ctx.db, [rec(m.id, ok(0, 150))]);
    expect(outcomes).toEqual([{ kind: 'recorded', check: ok(0, 150) }]);
    expect(alerts).toEqual([]);
    const [check] = await checksOf(ctx, m.id);
    expect(check).toMatchObject({ status: 'success', responseTimeMs: 150, statusCode: 200, error: null, checkedAt: new Date(at(0)) });
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({
      status: 'up',
      consecutiveFailures: 0,
      lastCheckedAt: new Date(at(0)),
      lastCheckStatus: 'success',
      lastResponseTimeMs: 150,
      lastStatusCode: 200,
    });
    expect(await rollupsOf(ctx, m.id)).toEqual([
      { monitorId: m.id, hour: new Date('2025-06-01T10:00:00Z'), total: 1, successful: 1, responseTimeSum: '150', responseTimeCount: 1 },
    ]);
  });

  it('rollups add up per UTC hour; failures count in total only', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 10 });
    await recordChecks(ctx.db, [rec(m.id, ok(0, 100)), rec(m.id, bad(60)), rec(m.id, ok(3599, 300))]);
    await recordChecks(ctx.db, [rec(m.id, ok(3600, 50)), rec(m.id, ok(120, 20))]);
    expect(await rollupsOf(ctx, m.id)).toEqual([
      { monitorId: m.id, hour: new Date('2025-06-01T10:00:00Z'), total: 4, successful: 3, responseTimeSum: '420', responseTimeCount: 3 },
      { monitorId: m.id, hour: new Date('2025-06-01T11:00:00Z'), total: 1, successful: 1, responseTimeSum: '50', responseTimeCount: 1 },
    ]);
  });

  it('rollups sum each timing phase and count the checks that had it, across batches', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 10 });
    const timed = (s: number, timings: CheckResult['timings']): CheckResult => ({ ...ok(s), timings });
    await recordChecks(ctx.db, [rec(m.id, timed(0, { dns: 3, connect: 7, tls: 11, first_byte: 40, download: 2 })), rec(m.id, bad(30))]);
    await recordChecks(ctx.db, [rec(m.id, timed(60, { dns: null, connect: 5, tls: null, first_byte: 20, download: 1 }))]);
    const [row] = (await ctx.db.query(
      `SELECT dns_sum, dns_count, connect_sum, connect_count, tls_sum, tls_count, first_byte_sum, first_byte_count, download_sum, download_count
         FROM monitor_rollups WHERE monitor_id = $1`,
      [m.id],
    )) as Record<string, string | number>[];
    expect(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]))).toEqual({
      dns_sum: 3, dns_count: 1, connect_sum: 12, connect_count: 2, tls_sum: 11, tls_count: 1,
      first_byte_sum: 60, first_byte_count: 2, download_sum: 3, download_count: 2,
    });
  });

  it('a whole outage in one batch: opens and resolves one incident, down then up alerts', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 2, status: 'up' });
    const { alerts } = await recordChecks(ctx.db, [rec(m.id, ok(0)), rec(m.id, bad(60)), rec(m.id, bad(120, 'Timeout after 30 s')), rec(m.id, bad(180)), rec(m.id, ok(300))]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({
      status: 'resolved',
      cause: 'Timeout after 30 s',
      startedAt: new Date(at(120)),
      resolvedAt: new Date(at(300)),
      durationSeconds: 180,
      affectedChecks: 3,
      accountId: m.accountId,
      alertsSent: [],
    });
    expect(alerts.map((a) => [a.event, a.eventId])).toEqual([
      ['monitor.down', `incident-${incident.id}-down`],
      ['monitor.up', `incident-${incident.id}-up`],
    ]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', consecutiveFailures: 0, lastCheckedAt: new Date(at(300)) });
  });

  it('applies a batch in time order whatever the submission order', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    await recordChecks(ctx.db, [rec(m.id, ok(120)), rec(m.id, bad(60))]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ status: 'resolved', startedAt: new Date(at(60)), durationSeconds: 60 });
    expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
  });

  it('a late check (older than the last one) moves the state but not the last-check facts', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 5 });
    await recordChecks(ctx.db, [rec(m.id, ok(600, 80))]);
    await recordChecks(ctx.db, [rec(m.id, bad(300))]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({
      consecutiveFailures: 1,
      lastCheckedAt: new Date(at(600)),
      lastCheckStatus: 'success',
      lastResponseTimeMs: 80,
    });
  });

  it('the same job twice records one check and applies it once (across batches and within one)', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1 });
    const first = rec(m.id, bad(0));
    const again = { ...first, result: bad(5, 'Timeout after 30 s') };
    const a = await recordChecks(ctx.db, [first]);
    const b = await recordChecks(ctx.db, [again, again]);
    expect(a.outcomes).toEqual([{ kind: 'recorded', check: bad(0) }]);
    // The stored record comes back, not the second probe's result.
    expect(b.outcomes).toEqual([
      { kind: 'duplicate', check: bad(0) },
      { kind: 'duplicate', check: bad(0) },
    ]);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    const incidents = await incidentsOf(ctx, m.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].affectedChecks).toBe(1);
    expect((await reloadMonitor(ctx, m.id)).consecutiveFailures).toBe(1);
    // The first delivery committed the down alert with the check; the duplicate adds none.
    expect(a.alerts.map((x) => x.eventId)).toEqual([`incident-${incidents[0].id}-down`]);
    expect(b.alerts).toEqual([]);
    expect(await ctx.db.query(`SELECT job_id FROM outbox WHERE payload->>'monitorId' = $1`, [String(m.id)])).toEqual([
      { job_id: `incident-${incidents[0].id}-down` },
    ]);
    expect((await rollupsOf(ctx, m.id))[0].total).toBe(1);
  });

  it('a redelivery probed after midnight is a duplicate of the check in the previous day\'s partition', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1 });
    // T0 is 10:00; 50,399 s later is 23:59:59, the redelivery probes at 00:00:09 the next day.
    await ensureCheckPartitions(ctx.db, new Date(at(50_399)));
    const first = rec(m.id, bad(50_399));
    const again = { ...first, result: bad(50_409, 'Timeout after 30 s') };
    await recordChecks(ctx.db, [first]);
    expect((await recordChecks(ctx.db, [again])).outcomes).toEqual([{ kind: 'duplicate', check: bad(50_399) }]);
    // A replay of the very same record (same time) is caught by the unique key as well.
    expect((await recordChecks(ctx.db, [first])).outcomes).toEqual([{ kind: 'duplicate', check: bad(50_399) }]);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect((await reloadMonitor(ctx, m.id)).consecutiveFailures).toBe(1);
  });

  it('the same job key further apart than the duplicate window records two checks (the duplicate window)', async () => {
    const m = await createMonitor(ctx);
    const first = rec(m.id, ok(0));
    await recordChecks(ctx.db, [first]);
    const later = await recordChecks(ctx.db, [{ ...first, result: ok(DUPLICATE_WINDOW_MS / 1000 + 1) }]);
    expect(later.outcomes[0].kind).toBe('recorded');
    expect(await checksOf(ctx, m.id)).toHaveLength(2);
  });

  it('concurrent deliveries of one job in separate transactions: one check, one incident', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1 });
    const r = rec(m.id, bad(0));
    const results = await Promise.all([recordChecks(ctx.db, [r]), recordChecks(ctx.db, [r]), recordChecks(ctx.db, [r])]);
    expect(results.map((x) => x.outcomes[0].kind).sort()).toEqual(['duplicate', 'duplicate', 'recorded']);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect(await incidentsOf(ctx, m.id)).toHaveLength(1);
  });

  it('concurrent different failures of one monitor never open two incidents', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1 });
    await Promise.all([0, 1, 2, 3, 4].map((s) => recordChecks(ctx.db, [rec(m.id, bad(s))])));
    const incidents = await incidentsOf(ctx, m.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].affectedChecks).toBe(5);
    expect((await reloadMonitor(ctx, m.id)).consecutiveFailures).toBe(5);
  });

  it('skips deleted, inactive and paused monitors without failing the rest of the batch', async () => {
    const live = await createMonitor(ctx);
    const inactive = await createMonitor(ctx, { isActive: false });
    const paused = await createMonitor(ctx, { status: 'paused' });
    const gone = await createMonitor(ctx);
    await ctx.db.getRepository(Monitor).delete({ id: gone.id });
    const { outcomes } = await recordChecks(ctx.db, [rec(gone.id, ok(0)), rec(inactive.id, ok(0)), rec(paused.id, ok(0)), rec(live.id, ok(0))]);
    expect(outcomes).toEqual([
      { kind: 'skipped', reason: 'deleted' },
      { kind: 'skipped', reason: 'inactive' },
      { kind: 'skipped', reason: 'paused' },
      { kind: 'recorded', check: ok(0) },
    ]);
    expect(await checksOf(ctx, paused.id)).toHaveLength(0);
    expect(await checksOf(ctx, inactive.id)).toHaveLength(0);
  });

  it('a manual check of a paused (active) monitor is recorded but does not move it', async () => {
    const m = await createMonitor(ctx, { status: 'paused', alertThreshold: 1 });
    const { outcomes, alerts } = await recordChecks(ctx.db, [rec(m.id, bad(0), { manual: true })]);
    expect(outcomes[0].kind).toBe('recorded');
    expect(alerts).toEqual([]);
    expect(await incidentsOf(ctx, m.id)).toEqual([]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'paused', consecutiveFailures: 0, lastCheckStatus: 'failure' });
  });

  it('alert payloads carry the monitor, the incident and the check', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up', name: 'Checkout', url: 'https://shop.example/health', degradedThresholdMs: 1000 });
    const down = await recordChecks(ctx.db, [rec(m.id, bad(0, 'Connection refused by shop.example'))]);
    const up = await recordChecks(ctx.db, [rec(m.id, ok(90, 1500))]);
    const [incident] = await incidentsOf(ctx, m.id);
    const monitor = { id: m.id, name: 'Checkout', url: 'https://shop.example/health' };
    expect(down.alerts).toEqual([
      {
        eventId: `incident-${incident.id}-down`,
        accountId: m.accountId,
        event: 'monitor.down',
        createdAt: at(0),
        monitorId: m.id,
        incidentId: incident.id,
        data: {
          monitor: { ...monitor, status: 'down' },
          checked_at: at(0),
          status_code: 503,
          error: 'Connection refused by shop.example',
          incident_id: incident.id,
          cause: 'Connection refused by shop.example',
          started_at: at(0),
          resolved_at: null,
          duration_seconds: null,
          affected_checks: 1,
        },
      },
    ]);
    const checkId = (await checksOf(ctx, m.id))[1].id;
    expect(up.alerts).toEqual([
      {
        eventId: `incident-${incident.id}-up`,
        accountId: m.accountId,
        event: 'monitor.up',
        createdAt: at(90),
        monitorId: m.id,
        incidentId: incident.id,
        data: {
          monitor: { ...monitor, status: 'degraded' },
          checked_at: at(90),
          status_code: 200,
          response_time_ms: 1500,
          incident_id: incident.id,
          cause: 'Connection refused by shop.example',
          started_at: at(0),
          resolved_at: at(90),
          duration_seconds: 90,
          affected_checks: 1,
        },
      },
      {
        eventId: `monitor-${m.id}-degraded-${checkId}`,
        accountId: m.accountId,
        event: 'monitor.degraded',
        createdAt: at(90),
        monitorId: m.id,
        data: {
          monitor: { ...monitor, status: 'degraded' },
          checked_at: at(90),
          status_code: 200,
          response_time_ms: 1500,
          degraded_threshold_ms: 1000,
        },
      },
    ]);
  });

  it('a big batch of many monitors in one transaction', async () => {
    const monitors = await Promise.all(Array.from({ length: 40 }, () => createMonitor(ctx, { alertThreshold: 1 })));
    const records = monitors.flatMap((m, i) => [rec(m.id, i % 2 ? bad(0) : ok(0)), rec(m.id, ok(60))]);
    const { outcomes, alerts } = await recordChecks(ctx.db, records);
    expect(outcomes.every((o) => o.kind === 'recorded')).toBe(true);
    expect(alerts).toHaveLength(40); // 20 down + 20 up
    for (const [i, m] of monitors.entries()) {
      expect(await checksOf(ctx, m.id)).toHaveLength(2);
      expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
      expect(await incidentsOf(ctx, m.id)).toHaveLength(i % 2);
    }
  });
});

describe('recordChecks during maintenance', () => {
  const windowFor = (accountId: number, over: Partial<MaintenanceWindow>) =>
    ctx.db.getRepository(MaintenanceWindow).save({
      accountId,
      title: 'Deploy',
      appliesToAll: false,
      monitorIds: [],
      domainIds: [],
      startsAt: new Date(at(100)),
      endsAt: new Date(at(400)),
      ...over,
    });

  it('flags checks in a covering window, opens no incident and sends nothing; after it the threshold counts afresh', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    await windowFor(m.accountId, { monitorIds: [m.id] });
    const during = await recordChecks(ctx.db, [rec(m.id, bad(100)), rec(m.id, bad(200)), rec(m.id, bad(399))]);
    expect(during.alerts).toEqual([]);
    expect(await incidentsOf(ctx, m.id)).toEqual([]);
    expect((await checksOf(ctx, m.id)).map((c) => c.inMaintenance)).toEqual([true, true, true]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', consecutiveFailures: 0 });

    const after = await recordChecks(ctx.db, [rec(m.id, bad(400))]);
    expect(after.alerts.map((a) => a.event)).toEqual(['monitor.down']);
    expect((await checksOf(ctx, m.id)).map((c) => c.inMaintenance)).toEqual([true, true, true, false]);
  });

  it('keeps an incident open when the window starts, silently, and resolves it at the first success after', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    await windowFor(m.accountId, { appliesToAll: true });
    const opened = await recordChecks(ctx.db, [rec(m.id, bad(50))]);
    expect(opened.alerts.map((a) => a.event)).toEqual(['monitor.down']);
    const during = await recordChecks(ctx.db, [rec(m.id, bad(150)), rec(m.id, ok(250))]);
    expect(during.alerts).toEqual([]);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ status: 'open', affectedChecks: 1 });
    const after = await recordChecks(ctx.db, [rec(m.id, ok(450))]);
    expect(after.alerts.map((a) => a.event)).toEqual(['monitor.up']);
    expect((await incidentsOf(ctx, m.id))[0]).toMatchObject({ status: 'resolved', durationSeconds: 400 });
  });

  it("ignores windows of other monitors and of other accounts", async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    const other = await createMonitor(ctx, {});
    await windowFor(m.accountId, { monitorIds: [other.id] });
    await windowFor(other.accountId, { appliesToAll: true });
    const { alerts } = await recordChecks(ctx.db, [rec(m.id, bad(150))]);
    expect(alerts.map((a) => a.event)).toEqual(['monitor.down']);
    expect((await checksOf(ctx, m.id))[0].inMaintenance).toBe(false);
  });
});

describe('recovery_threshold', () => {
  it('keeps consecutive_successes across batches: the third success in a row resolves, a failure between starts over', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, recoveryThreshold: 3, status: 'up' });
    const down = await recordChecks(ctx.db, [rec(m.id, bad(0))]);
    expect(down.alerts.map((a) => a.event)).toEqual(['monitor.down']);

    const flap = await recordChecks(ctx.db, [rec(m.id, ok(60)), rec(m.id, ok(120))]);
    expect(flap.alerts).toEqual([]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'down', consecutiveSuccesses: 2, consecutiveFailures: 0 });
    await recordChecks(ctx.db, [rec(m.id, bad(180))]);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'down', consecutiveSuccesses: 0, consecutiveFailures: 1 });

    await recordChecks(ctx.db, [rec(m.id, ok(240))]);
    await recordChecks(ctx.db, [rec(m.id, ok(300))]);
    expect((await incidentsOf(ctx, m.id))[0].status).toBe('open');
    const up = await recordChecks(ctx.db, [rec(m.id, ok(360))]);
    expect(up.alerts.map((a) => a.event)).toEqual(['monitor.up']);
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ status: 'resolved', resolvedAt: new Date(at(360)), durationSeconds: 360, affectedChecks: 2 });
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', consecutiveSuccesses: 3 });
  });

  it('a redelivered resolving check changes nothing: its up alert is in the outbox once', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, recoveryThreshold: 2, status: 'up' });
    await recordChecks(ctx.db, [rec(m.id, bad(0)), rec(m.id, ok(60))]);
    const resolving = rec(m.id, ok(120));
    expect((await recordChecks(ctx.db, [resolving])).alerts.map((a) => a.event)).toEqual(['monitor.up']);
    const again = await recordChecks(ctx.db, [resolving]);
    expect(again.alerts).toEqual([]);
    const id = (await incidentsOf(ctx, m.id))[0].id;
    expect(await ctx.db.query(`SELECT job_id FROM outbox WHERE payload->>'monitorId' = $1 ORDER BY id`, [String(m.id)])).toEqual([
      { job_id: `incident-${id}-down` },
      { job_id: `incident-${id}-up` },
    ]);
  });
});

describe('maintenance evaluated before the write transaction (issue 28)', () => {
  const recurringFor = (accountId: number, monitorId: number, rrule: string) =>
    ctx.db.getRepository(MaintenanceWindow).save({
      accountId,
      title: 'Nightly',
      appliesToAll: false,
      monitorIds: [monitorId],
      domainIds: [],
      startsAt: new Date(at(-86_400)),
      endsAt: null,
      rrule,
      durationMinutes: 60 * 24 * 3,
      timezone: 'UTC',
    });

  it('the transaction only asks the lookup made before it: no rule is expanded in it', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    await recurringFor(m.accountId, m.id, 'FREQ=DAILY');
    const record = rec(m.id, bad(100));
    const lookup = await loadMaintenance(ctx.db, [m.id], [new Date(record.result.timestamp)]);
    const expansions = recurrenceStats.expansions;
    const { alerts } = await ctx.db.transaction(async (em) => recordChecksIn(em, [record], lookup, await lockWriterMonitors(em, [m.id])));
    expect(recurrenceStats.expansions).toBe(expansions);
    expect(alerts).toEqual([]);
    expect((await checksOf(ctx, m.id)).map((c) => c.inMaintenance)).toEqual([true]);
  });

  it('records the checks of the monitors the caller holds, and drops one whose monitor it does not hold', async () => {
    const held = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    const other = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    const records = [rec(held.id, ok(0, 120)), rec(other.id, ok(0, 130))];
    const lookup = await loadMaintenance(ctx.db, [held.id, other.id], records.map((r) => new Date(r.result.timestamp)));
    const { outcomes } = await ctx.db.transaction(async (em) => recordChecksIn(em, records, lookup, await lockWriterMonitors(em, [held.id])));
    expect(outcomes).toEqual([
      { kind: 'recorded', check: ok(0, 120) },
      { kind: 'skipped', reason: 'deleted' },
    ]);
    expect((await checksOf(ctx, held.id)).length).toBe(1);
    expect(await checksOf(ctx, other.id)).toEqual([]);
  });

  it('a stored rule that never occurs walks at most the iteration cap per day asked, and covers nothing', async () => {
    const m = await createMonitor(ctx, { alertThreshold: 1, status: 'up' });
    await recurringFor(m.accountId, m.id, 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31');
    const iterations = recurrenceStats.iterations;
    const expansions = recurrenceStats.expansions;
    const { alerts } = await recordChecks(ctx.db, [rec(m.id, bad(100))]);
    expect(alerts.map((a) => a.event)).toEqual(['monitor.down']);
    expect((await checksOf(ctx, m.id))[0].inMaintenance).toBe(false);
    const walked = recurrenceStats.expansions - expansions;
    expect(walked).toBeGreaterThan(0);
    expect(recurrenceStats.iterations - iterations).toBeLessThanOrEqual(walked * RRULE_BOUNDS.maxIterations);
  });
});
