import { randomUUID } from 'node:crypto';
import { JobName, createDataSource, createSecretBox, monitoredTiers, type Context, type JobPayloads } from '@vigil/core';
import { TEST_SERVER_URL, createTestContext, startTcpProxy, waitFor, type TcpProxy, type TestContext } from '@vigil/testing';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { startTargetServer, type TargetServer } from '../testing/target-server.js';
import { checksOf, createMonitor, incidentsOf, reloadMonitor } from '../testing/monitors.js';
import { createMonitorLoader } from '../monitors/load-monitors.js';
import { createMonitorChecks } from '../monitors/monitor-checks.js';
import { monitorCheckJob } from './monitor-check.job.js';

let ctx: TestContext;
let server: TargetServer;
let proxy: TcpProxy;
let proxiedDb: DataSource;
/** The checker's view: its PostgreSQL is behind a proxy the test can cut. */
let checker: Context;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  server = await startTargetServer();
  proxy = await startTcpProxy(Number(new URL(TEST_SERVER_URL).port || 5432));
  const url = new URL(ctx.config.databaseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  proxiedDb = createDataSource({ url: url.toString(), poolSize: 4 });
  await proxiedDb.initialize();
  checker = { ...ctx, db: proxiedDb };
});
afterAll(async () => {
  await proxy.restore();
  await proxiedDb.destroy();
  await proxy.close();
  await server.close();
  await ctx.teardown();
});

async function job(monitorId: number): Promise<Job<JobPayloads[JobName.MonitorCheck]>> {
  return (await ctx.queues.add(JobName.MonitorCheck, { monitorId }, { jobId: `t-${randomUUID()}` })) as Job<JobPayloads[JobName.MonitorCheck]>;
}

describe('MonitorCheck through a PostgreSQL outage', () => {
  it('probes with the last known configuration, keeps the results, and writes them in order with their times when PostgreSQL is back', async () => {
    const handler = monitorCheckJob(createMonitorChecks(checker, { loader: { retryMs: 50, maxWaitMs: 300 }, writer: { retryMs: 50 } }));
    const m = await createMonitor(ctx, { url: `${server.url}/status/503`, alertThreshold: 2 });
    const unseen = await createMonitor(ctx, { url: `${server.url}/status/200` });
    const first = await job(m.id);
    const firstResult = await handler(first.data, first);
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'pending', consecutiveFailures: 1 });

    await proxy.kill();
    const before = server.requests;
    const during = [];
    for (let i = 0; i < 3; i++) {
      const j = await job(m.id);
      during.push(await handler(j.data, j));
    }
    // Probed with the configuration known before the outage; each job answered its result.
    expect(server.requests - before).toBe(3);
    expect(during.map((r) => r?.status)).toEqual(['failure', 'failure', 'failure']);
    // A monitor this process never loaded waits for the database, bounded.
    const u = await job(unseen.id);
    await expect(handler(u.data, u)).rejects.toThrow();
    expect(await checksOf(ctx, m.id)).toHaveLength(1);
    expect(await incidentsOf(ctx, m.id)).toEqual([]);

    await proxy.restore();
    const stored = await waitFor(async () => {
      const rows = await checksOf(ctx, m.id);
      return rows.length === 4 ? rows : null;
    }, { what: 'the buffered checks to be written' });
    const times = [firstResult, ...during].map((r) => r?.timestamp);
    expect(stored.map((c) => c.checkedAt.toISOString()).sort()).toEqual([...times].sort());
    // State and incident as if written on time: down at the second failure (the first buffered one).
    expect(await reloadMonitor(ctx, m.id)).toMatchObject({ status: 'down', consecutiveFailures: 4, lastCheckedAt: new Date(times[3] as string) });
    const [incident] = await incidentsOf(ctx, m.id);
    expect(incident).toMatchObject({ status: 'open', startedAt: new Date(times[1] as string), affectedChecks: 4 });
    expect(await ctx.db.query('SELECT job_id FROM outbox WHERE job_id = $1', [`incident-${incident.id}-down`])).toHaveLength(1);

    // Afterwards checks go straight to the database again.
    const after = await job(m.id);
    await handler(after.data, after);
    expect(await checksOf(ctx, m.id)).toHaveLength(5);
  });

  it('a monitor read in advance (warm) is checked through an outage before this process ever checked it', async () => {
    const monitors = createMonitorLoader(proxiedDb, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers), { retryMs: 50, maxWaitMs: 300 });
    const handler = monitorCheckJob(createMonitorChecks(checker, { monitors, writer: { retryMs: 50 } }));
    const m = await createMonitor(ctx, { url: `${server.url}/status/200`, status: 'up' });
    const paused = await createMonitor(ctx, { url: `${server.url}/status/200`, status: 'paused' });
    expect(await monitors.warm()).toBeGreaterThanOrEqual(1);

    await proxy.kill();
    try {
      const j = await job(m.id);
      expect(await handler(j.data, j)).toMatchObject({ status: 'success', status_code: 200 });
      // Paused monitors are not scheduled, so not read in advance: their job waits, bounded.
      const p = await job(paused.id);
      await expect(handler(p.data, p)).rejects.toThrow();
    } finally {
      await proxy.restore();
    }
    await waitFor(async () => (await checksOf(ctx, m.id)).length === 1, { what: 'the buffered check' });
  });
});

