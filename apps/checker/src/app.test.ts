import { Check, JobName, QueueName, type AlertEventPayload } from '@vigil/core';
import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { CHECK_STALLED_JOBS, createCheckerApp } from './app.js';
import { createMonitor, incidentsOf, reloadMonitor } from './testing/monitors.js';
import { startTargetServer, type TargetServer } from './testing/target-server.js';

let ctx: TestContext;
let server: TargetServer;
let app: ReturnType<typeof createCheckerApp>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  server = await startTargetServer();
  app = createCheckerApp(ctx);
  await app.start();
});
afterAll(async () => {
  await app.stop();
  await server.close();
  await ctx.teardown();
});

describe('checker worker app', () => {
  it('consumes a MonitorCheck job from the queue and records its check', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/503`, alertThreshold: 1 });
    const job = await ctx.queues.add(JobName.MonitorCheck, { monitorId: m.id }, { jobId: `e2e-${m.id}` });
    const check = await waitFor(() => ctx.db.getRepository(Check).findOneBy({ monitorId: m.id, jobKey: String(job.id) }), {
      what: 'the check row',
    });
    expect(check).toMatchObject({ status: 'failure', statusCode: 503, error: 'Unexpected status code 503 Service Unavailable' });
    await waitFor(async () => (await reloadMonitor(ctx, m.id)).status === 'down', { what: 'monitor down' });
    expect(await incidentsOf(ctx, m.id)).toHaveLength(1);
  });

  it('answers a manual check with the check record (what the API waits for)', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/text?body=fine`, expectedContent: 'fine' });
    const { result } = await ctx.queues.run(JobName.MonitorCheck, { monitorId: m.id, manual: true }, 10_000);
    expect(result).toEqual({
      timestamp: expect.any(String),
      status: 'success',
      response_time_ms: expect.any(Number),
      status_code: 200,
      timings: expect.objectContaining({ first_byte: expect.any(Number) }),
    });
    expect(await ctx.db.getRepository(Check).countBy({ monitorId: m.id })).toBeGreaterThanOrEqual(1);
  });

  it('keeps no return value in Redis for a check nobody waits for (a manual check keeps its record)', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/200` });
    const job = await ctx.queues.add(JobName.MonitorCheck, { monitorId: m.id }, { jobId: `e2e-noresult-${m.id}` });
    await waitFor(async () => (await job.getState()) === 'completed', { what: 'the job to complete' });
    const done = await ctx.queues.queue(QueueName.Checks).getJob(String(job.id));
    expect(done?.returnvalue).toBeNull();
    // The check itself is recorded as before.
    expect(await ctx.db.getRepository(Check).countBy({ monitorId: m.id, jobKey: String(job.id) })).toBe(1);
    const manual = await ctx.queues.run(JobName.MonitorCheck, { monitorId: m.id, manual: true }, 10_000, { jobId: `e2e-manual-${m.id}` });
    const kept = await ctx.queues.queue(QueueName.Checks).getJob(manual.jobId);
    expect(kept?.returnvalue).toMatchObject({ status: 'success', status_code: 200 });
  });

  it('relays the alert events of a check to the alerts queue right after commit', async () => {
    const m = await createMonitor(ctx, { url: `${server.url}/status/500`, alertThreshold: 1 });
    await ctx.queues.add(JobName.MonitorCheck, { monitorId: m.id }, { jobId: `e2e-alert-${m.id}` });
    const [incident] = await waitFor(async () => {
      const found = await incidentsOf(ctx, m.id);
      return found.length ? found : null;
    }, { what: 'the incident' });
    const alert = await waitFor(() => ctx.queues.queue(QueueName.Alerts).getJob(`incident-${incident.id}-down`), { what: 'the relayed down alert' });
    expect((alert.data as AlertEventPayload).event).toBe('monitor.down');
    await waitFor(async () => Number((await ctx.db.query('SELECT count(*)::int AS n FROM outbox WHERE relayed_at IS NULL'))[0].n) === 0, {
      what: 'nothing left to relay',
    });
  });

  it('takes checks of a dead checker back quickly (short locks on the checks queue only)', () => {
    const checks = app.workers().find((w) => w.name === QueueName.Checks);
    const maintenance = app.workers().find((w) => w.name === QueueName.Maintenance);
    expect(checks?.opts).toMatchObject(CHECK_STALLED_JOBS);
    expect(maintenance?.opts.lockDuration).toBe(30_000);
  });
});
