import { randomUUID } from 'node:crypto';
import { JobName, MaintenanceWindow, QueueName, createOutboxRelay, type AlertEventPayload, type JobPayloads, type OutboxRelay } from '@vigil/core';
import { createTestAccount, createTestContext, deadRedisQueues, startDnsServer, type TestContext } from '@vigil/testing';
import type { Job } from 'bullmq';
import { startTargetServer, type TargetServer } from '../testing/target-server.js';
import { checksOf, createMonitor, incidentsOf, reloadMonitor, rollupsOf } from '../testing/monitors.js';
import { createMonitorChecks } from '../monitors/monitor-checks.js';
import { monitorCheckJob } from './monitor-check.job.js';

let ctx: TestContext;
let server: TargetServer;
let handler: ReturnType<typeof monitorCheckJob>;
let relay: OutboxRelay;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  server = await startTargetServer();
  relay = createOutboxRelay(ctx);
  handler = monitorCheckJob(createMonitorChecks(ctx, { onOutboxWritten: () => relay.wake() }));
});
afterAll(async () => {
  await server.close();
  await ctx.teardown();
});

/** A real MonitorCheck job in the checks queue (not consumed: the test hands it to the handler). */
async function job(monitorId: number, manual = false): Promise<Job<JobPayloads[JobName.MonitorCheck]>> {
  const payload = manual ? { monitorId, manual } : { monitorId };
  return (await ctx.queues.add(JobName.MonitorCheck, payload, { jobId: `t-${randomUUID()}` })) as Job<JobPayloads[JobName.MonitorCheck]>;
}

async function runJob(monitorId: number, manual = false) {
  const j = await job(monitorId, manual);
  return handler(j.data, j);
}

/** The alert jobs of a monitor once the outbox is relayed. */
async function alertJobs(monitorId: number): Promise<{ id: string; data: AlertEventPayload }[]> {
  await relay.relayNow();
  const jobs = await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs
    .filter((j) => j.name === JobName.AlertEvent && (j.data as AlertEventPayload).monitorId === monitorId)
    .map((j) => ({ id: String(j.id), data: j.data as AlertEventPayload }))
    .sort((a, b) => a.data.createdAt.localeCompare(b.data.createdAt) || a.id.localeCompare(b.id));
}

const setUrl = (id: number, path: string) => ctx.db.query('UPDATE monitors SET url = $2 WHERE id = $1', [id, `${server.url}${path}`]);

describe('MonitorCheck job: monitor types', () => {
  it('a tcp monitor is checked by its prober and recorded', async () => {
    const m = await createMonitor(ctx, {
      type: 'tcp',
      config: { host: '127.0.0.1', port: server.port, tls: false, verify_tls: true, servername: null },
      url: `tcp://127.0.0.1:${server.port}`,
    });
    expect(await runJob(m.id)).toMatchObject({ status: 'success', status_code: null, response_time_ms: expect.any(Number) });
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', lastCheckStatus: 'success' });
  });

  it('a dns monitor records its answers and server with the check', async () => {
    const dns = await startDnsServer({ 'shop.test': { A: ['192.0.2.7'] } });
    try {
      const m = await createMonitor(ctx, {
        type: 'dns',
        config: { name: 'shop.test', record_type: 'A', expected_values: ['192.0.2.8'], match: 'any', resolver: dns.server },
        url: `dns://${dns.server}/shop.test?type=A`,
      });
      expect(await runJob(m.id)).toMatchObject({ status: 'failure', error: expect.stringMatching(/^None of the expected DNS values found/) });
      const [check] = await checksOf(ctx, m.id);
      expect(check.details).toEqual({ kind: 'dns', server: dns.server, answers: ['192.0.2.7'], truncated: false });
    } finally {
      await dns.close();
    }
  });

  it('a heartbeat (push) monitor is never probed: the job records nothing', async () => {
    const m = await createMonitor(ctx, { type: 'heartbeat', config: { period: 3600, cron: null, timezone: null, grace: 600, min_duration: null, max_duration: null }, url: 'heartbeat' });
    expect(await runJob(m.id, true)).toBeNull();
    expect(await checksOf(ctx, m.id)).toEqual([]);
  });
});

describe('MonitorCheck job', () => {
  it('checks, records and returns the check record', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/text?body=hello`, expectedContent: 'hello' });
    const result = await runJob(m.id);
    expect(result).toEqual({
      timestamp: expect.any(String),
      status: 'success',
      response_time_ms: expect.any(Number),
      status_code: 200,
      timings: expect.objectContaining({ first_byte: expect.any(Number) }),
    });
    const [check] = await checksOf(ctx, m.id);
    expect(check.timings).toEqual(result?.timings);
    expect(check).toMatchObject({ status: 'success', statusCode: 200, responseTimeMs: result?.response_time_ms, checkedAt: new Date(result!.timestamp) });
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', lastCheckStatus: 'success', lastStatusCode: 200 });
    expect(await rollupsOf(ctx, m.id)).toHaveLength(1);
  });

  it('walks pending -> (fail) pending -> (fail) down -> (fail) down -> up with one incident and its alerts', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/503`, alertThreshold: 2, name: 'API' });

    expect(await runJob(m.id)).toMatchObject({ status: 'failure', status_code: 503, error: 'Unexpected status code 503 Service Unavailable' });
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'pending', consecutiveFailures: 1 });
    expect(await incidentsOf(ctx, m.id)).toEqual([]);
    expect(await alertJobs(m.id)).toEqual([]);

    await runJob(m.id);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'down', consecutiveFailures: 2 });
    const [opened] = await incidentsOf(ctx, m.id);
    expect(opened).toMatchObject({ status: 'open', cause: 'Unexpected status code 503 Service Unavailable', affectedChecks: 2, resolvedAt: null, durationSeconds: null });
    const downAlerts = await alertJobs(m.id);
    expect(downAlerts).toHaveLength(1);
    expect(downAlerts[0].id).toBe(`incident-${opened.id}-down`);
    expect(downAlerts[0].data).toMatchObject({
      eventId: `incident-${opened.id}-down`,
      event: 'monitor.down',
      accountId: m.accountId,
      monitorId: m.id,
      incidentId: opened.id,
      data: { monitor: { id: m.id, name: 'API', url: m.url, status: 'down' }, incident_id: opened.id, cause: opened.cause, status_code: 503 },
    });

    await setUrl(m.id, '/status/500');
    expect(await runJob(m.id)).toMatchObject({ error: 'Unexpected status code 500 Internal Server Error' });
    expect((await incidentsOf(ctx, m.id))[0]).toMatchObject({ status: 'open', affectedChecks: 3, cause: opened.cause });
    expect(await alertJobs(m.id)).toHaveLength(1);

    await setUrl(m.id, '/');
    await runJob(m.id);
    const [resolved] = await incidentsOf(ctx, m.id);
    expect(resolved).toMatchObject({ id: opened.id, status: 'resolved', affectedChecks: 3 });
    expect(resolved.resolvedAt!.getTime()).toBeGreaterThanOrEqual(opened.startedAt.getTime());
    expect(resolved.durationSeconds).toBe(Math.round((resolved.resolvedAt!.getTime() - opened.startedAt.getTime()) / 1000));
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'up', consecutiveFailures: 0 });
    const all = await alertJobs(m.id);
    expect(all.map((a) => a.id)).toEqual([`incident-${opened.id}-down`, `incident-${opened.id}-up`]);
    expect(all[1].data.data).toMatchObject({
      incident_id: opened.id,
      started_at: opened.startedAt.toISOString(),
      resolved_at: resolved.resolvedAt!.toISOString(),
      duration_seconds: resolved.durationSeconds,
      affected_checks: 3,
    });
    expect(await checksOf(ctx, m.id)).toHaveLength(4);
  });

  it('a slow success sets degraded and enqueues monitor.degraded once', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/delay/120`, degradedThresholdMs: 100, status: 'up' });
    await runJob(m.id);
    await runJob(m.id);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('degraded');
    const alerts = await alertJobs(m.id);
    expect(alerts.map((a) => a.data.event)).toEqual(['monitor.degraded']);
    expect(alerts[0].data.data).toMatchObject({ degraded_threshold_ms: 100, monitor: { status: 'degraded' } });
    expect((alerts[0].data.data as { response_time_ms: number }).response_time_ms).toBeGreaterThanOrEqual(100);
    await setUrl(m.id, '/');
    await runJob(m.id);
    expect((await reloadMonitor(ctx, m.id)).status).toBe('up');
  });

  it('a timeout is a failure naming the limit', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/delay/2500`, timeout: 1, alertThreshold: 1 });
    expect(await runJob(m.id)).toMatchObject({ status: 'failure', error: 'Timeout after 1 s', status_code: null, response_time_ms: null });
    expect((await incidentsOf(ctx, m.id))[0].cause).toBe('Timeout after 1 s');
  });

  it('the same job delivered twice records one check and opens one incident', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/502`, alertThreshold: 1 });
    const j = await job(m.id);
    const first = await handler(j.data, j);
    const second = await handler(j.data, j);
    expect(second).toEqual(first);
    // Twice at the same time, through another handler (as another process would).
    const other = monitorCheckJob(createMonitorChecks(ctx));
    const j2 = await job(m.id);
    await Promise.all([handler(j2.data, j2), other(j2.data, j2), handler(j2.data, j2)]);
    expect(await checksOf(ctx, m.id)).toHaveLength(2);
    const incidents = await incidentsOf(ctx, m.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0].affectedChecks).toBe(2);
    expect((await reloadMonitor(ctx, m.id)).consecutiveFailures).toBe(2);
    expect((await alertJobs(m.id)).map((a) => a.id)).toEqual([`incident-${incidents[0].id}-down`]);
  });

  it('Redis rejects the alert enqueue: the down state and its alert commit together, and the alert goes out once Redis is back', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/500`, alertThreshold: 2 });
    const outboxOf = async () =>
      (await ctx.db.query(`SELECT job_id FROM outbox WHERE payload->>'monitorId' = $1 AND relayed_at IS NULL`, [String(m.id)])) as { job_id: string }[];
    // This "process" relays to a Redis that is down: every enqueue fails.
    const dead = await deadRedisQueues(ctx.config.redisPrefix);
    const failingRelay = createOutboxRelay({ db: ctx.db, queues: dead.queues, logger: ctx.logger, config: ctx.config }, { enqueueTimeoutMs: 300 });
    const checkWhileRedisDown = monitorCheckJob(createMonitorChecks(ctx, { onOutboxWritten: () => failingRelay.wake() }));
    try {
      for (let i = 0; i < 3; i++) {
        const j = await job(m.id);
        await checkWhileRedisDown(j.data, j);
      }
      await expect(failingRelay.relayNow()).rejects.toThrow();
    } finally {
      await failingRelay.stop();
      await dead.close();
    }
    const [incident] = await incidentsOf(ctx, m.id);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'down', consecutiveFailures: 3 });
    expect(await outboxOf()).toEqual([{ job_id: `incident-${incident.id}-down` }]);
    expect((await alertJobs(m.id)).map((a) => a.id)).toEqual([`incident-${incident.id}-down`]);
    expect(await outboxOf()).toEqual([]);
  });

  it('a redelivered job adds no second alert (its alerts were committed with its check)', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/500`, alertThreshold: 1 });
    const j = await job(m.id);
    await handler(j.data, j);
    await handler(j.data, j);
    const [incident] = await incidentsOf(ctx, m.id);
    expect((await alertJobs(m.id)).map((a) => a.id)).toEqual([`incident-${incident.id}-down`]);
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
  });

  it('a catch-up of a run and the run itself (both probed, e.g. Redis lost the job mid-check) make one check', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/200`, status: 'up' });
    const due = 1_700_000_000_000 + m.id;
    const run = (await ctx.queues.add(JobName.MonitorCheck, { monitorId: m.id }, { jobId: `repeat:monitor-${m.id}:${due}` })) as Job<JobPayloads[JobName.MonitorCheck]>;
    const catchUp = (await ctx.queues.add(JobName.MonitorCheck, { monitorId: m.id }, { jobId: `catchup:monitor-${m.id}:${due}` })) as Job<JobPayloads[JobName.MonitorCheck]>;
    await Promise.all([handler(run.data, run), handler(catchUp.data, catchUp)]);
    const checks = await checksOf(ctx, m.id);
    expect(checks).toHaveLength(1);
    expect(checks[0].jobKey).toBe(`repeat:monitor-${m.id}:${due}`);
  });

  it('a paused monitor: a scheduled job does nothing (no request); a manual check is recorded without moving it', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/500`, status: 'paused', alertThreshold: 1 });
    const before = server.requests;
    expect(await runJob(m.id)).toBeNull();
    expect(server.requests).toBe(before);
    expect(await checksOf(ctx, m.id)).toEqual([]);
    const manual = await runJob(m.id, true);
    expect(manual).toMatchObject({ status: 'failure', status_code: 500 });
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'paused', consecutiveFailures: 0 });
    expect(await incidentsOf(ctx, m.id)).toEqual([]);
  });

  it('an inactive or deleted monitor is not checked, not even manually', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/`, isActive: false });
    const before = server.requests;
    expect(await runJob(m.id)).toBeNull();
    expect(await runJob(m.id, true)).toBeNull();
    expect(await runJob(2_000_000_000)).toBeNull();
    expect(server.requests).toBe(before);
  });

  it('a monitor of a deactivated account or of a plan without uptime monitoring is not checked, not even manually', async () => {
    const inactive = await createTestAccount(ctx, 'pro');
    const free = await createTestAccount(ctx, 'pro');
    const a = await createMonitor(ctx, { url: `${server.url}/`, accountId: inactive.account.id, status: 'up' });
    const b = await createMonitor(ctx, { url: `${server.url}/`, accountId: free.account.id, status: 'up' });
    await ctx.db.query(`UPDATE accounts SET is_active = false WHERE id = $1`, [inactive.account.id]);
    await ctx.db.query(`UPDATE accounts SET tier = 'free' WHERE id = $1`, [free.account.id]);
    const before = server.requests;
    for (const m of [a, b]) {
      expect(await runJob(m.id)).toBeNull();
      expect(await runJob(m.id, true)).toBeNull();
      expect(await checksOf(ctx, m.id)).toEqual([]);
    }
    expect(server.requests).toBe(before);
    await ctx.db.query(`UPDATE accounts SET tier = 'pro' WHERE id = $1`, [free.account.id]);
    expect(await runJob(b.id)).toMatchObject({ status: 'success' });
  });

  it('a manual check is an ordinary check record (statistics count it)', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/`, status: 'up' });
    const result = await runJob(m.id, true);
    expect(result).toMatchObject({ status: 'success', status_code: 200 });
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect((await rollupsOf(ctx, m.id))[0]).toMatchObject({ total: 1, successful: 1 });
  });

  it('many concurrent jobs are written in shared batches, each getting its own result', async () => {
    const monitors = await Promise.all(
      Array.from({ length: 30 }, (_, i) => createMonitor(ctx, { url: `${server.url}/${i % 3 ? '' : 'status/500'}`, alertThreshold: 1 })),
    );
    const results = await Promise.all(monitors.map((m) => runJob(m.id)));
    results.forEach((r, i) => expect(r?.status).toBe(i % 3 ? 'success' : 'failure'));
    for (const [i, m] of monitors.entries()) {
      expect(await checksOf(ctx, m.id)).toHaveLength(1);
      expect((await reloadMonitor(ctx, m.id)).status).toBe(i % 3 ? 'up' : 'down');
    }
  });

  it('skips scheduled checks while a window that stops checks covers the monitor; manual checks still run, flagged', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/503`, alertThreshold: 1, status: 'up' });
    const now = Date.now();
    await ctx.db.getRepository(MaintenanceWindow).save({
      accountId: m.accountId,
      title: 'Migration',
      monitorIds: [m.id],
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
      keepChecking: false,
    });
    const fresh = monitorCheckJob(createMonitorChecks(ctx)); // a new calendar: the cached one may predate the window
    const scheduled = await job(m.id);
    expect(await fresh(scheduled.data, scheduled)).toBeNull();
    expect(await checksOf(ctx, m.id)).toEqual([]);

    const manual = await job(m.id, true);
    expect(await fresh(manual.data, manual)).toMatchObject({ status: 'failure' });
    const [check] = await checksOf(ctx, m.id);
    expect(check.inMaintenance).toBe(true);
    expect(await incidentsOf(ctx, m.id)).toEqual([]);
    expect(await alertJobs(m.id)).toEqual([]);
  });
});
