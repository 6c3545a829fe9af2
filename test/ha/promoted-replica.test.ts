import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlertDelivery, Check, Incident, JobName, SCHEDULED_CHECK_JOB_OPTIONS } from '@vigil/core';
import {
  createTestAccount,
  createTestContext,
  postgresBinaries,
  startStreamingReplica,
  startTcpProxy,
  startVigilProcess,
  waitFor,
  type StreamingReplica,
  type TcpProxy,
  type TestContext,
  type VigilProcess,
} from '@vigil/testing';

/*
 * A promoted replica: a throwaway primary (port 17810) with a hot standby streaming from it
 * (17811), both started here, and a loopback proxy in front playing the virtual IP (or DNS
 * name) that DATABASE_URL names. The four apps run as one OS process
 * (`vigil start api checker scanner notifier`, the compiled CLI). The primary is stopped while checks
 * are in flight; checks go on during the outage (buffered); the standby is promoted
 * (`pg_ctl promote`) and the address moved to it. Nothing is restarted: every app must come
 * back by itself, write every buffered check, open the incident and deliver its alert.
 */
const binaries = postgresBinaries();
const describeWithBinaries = 'dir' in binaries ? describe : describe.skip;
if ('missing' in binaries) console.warn(`promoted replica test skipped: ${binaries.missing}`);

const PRIMARY_PORT = 17810;
const REPLICA_PORT = 17811;
const DATABASE = 'vigil_ha_promote';
const MONITORS = 6;

let cluster: StreamingReplica | undefined;
let vip: TcpProxy | undefined;
let ctx: TestContext | undefined;
let vigil: VigilProcess | undefined;
let target: http.Server | undefined;
let receiver: http.Server | undefined;
/** Paths the target was asked for, in order (one per probe). */
const probes: string[] = [];
/** webhook-id of every alert received. */
const alerts: string[] = [];
let failing = false;
/** Probes are held this long, so that checks are in flight when the primary stops. */
const PROBE_MS = 300;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function context(): TestContext {
  if (!ctx) throw new Error('no context: beforeAll failed');
  return ctx;
}

describeWithBinaries('a promoted replica behind the address DATABASE_URL names', () => {
  let apiUrl = '';
  let targetUrl = '';
  let receiverUrl = '';

  beforeAll(async () => {
    if (!('dir' in binaries)) return;
    cluster = await startStreamingReplica(binaries.dir, PRIMARY_PORT, REPLICA_PORT);
    await cluster.createDatabase(DATABASE);
    vip = await startTcpProxy(PRIMARY_PORT);
    const url = `postgres://postgres@127.0.0.1:${vip.port}/${DATABASE}`;
    ctx = await createTestContext({ databaseUrl: url, env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
    target = http.createServer((req, res) => {
      probes.push(req.url ?? '');
      const status = failing && (req.url ?? '').startsWith('/fail') ? 503 : 200;
      setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status)), PROBE_MS);
    });
    targetUrl = await listen(target);
    receiver = http.createServer((req, res) => {
      alerts.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    receiverUrl = await listen(receiver);
    vigil = await startVigilProcess(['start', 'api', 'checker', 'scanner', 'notifier'], {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '5',
      REDIS_URL: ctx.config.redisUrl,
      VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
      VIGIL_SECRET_KEY: ctx.config.secretKey,
      VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
      PORT: '0',
      CHECKER_HEALTH_PORT: '0',
      SCANNER_HEALTH_PORT: '0',
      NOTIFIER_HEALTH_PORT: '0',
      VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'info',
    }, { timeoutMs: 60_000 });
    const listening = vigil.entries().find((e) => e.message === 'api listening');
    apiUrl = `http://127.0.0.1:${String(listening?.port)}`;
  }, 180_000);

  afterAll(async () => {
    await vigil?.stop();
    await ctx?.teardown();
    await vip?.close();
    await cluster?.stop();
    await new Promise((resolve) => (target ? target.close(resolve) : resolve(undefined)));
    await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  }, 60_000);

  it('every app recovers without a restart; the checks of the outage are written, the alert delivered', async () => {
    const c = context();
    const { key } = await createTestAccount(c, 'business');
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    const integration = await call('POST', '/api/v1/integrations', { type: 'webhook', name: 'ha', config: { url: `${receiverUrl}/hook` } });
    expect(integration.status).toBe(201);
    const ids: number[] = [];
    for (let i = 0; i < MONITORS; i++) {
      const kind = i === 0 ? 'fail' : 'ok';
      const res = await call('POST', '/api/v1/uptime/monitors', { name: `${kind} ${i}`, url: `${targetUrl}/${kind}/${i}`, check_interval: 3600, alert_threshold: 1 });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { monitor: { id: number } }).monitor.id);
    }
    // The first check of each (on creation): the checker knows every monitor's configuration.
    const checks = () => c.db.getRepository(Check).count();
    await waitFor(async () => (await checks()) >= MONITORS, { timeoutMs: 30_000, what: 'the first check of every monitor' });

    const round = (n: number) =>
      Promise.all(ids.map((id) => c.queues.checkQueue('default').add(JobName.MonitorCheck, { monitorId: id }, { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: `ha-${n}-${id}` })));
    const seen = probes.length;
    await round(1);
    await waitFor(() => probes.length >= seen + MONITORS / 2, { what: 'checks in flight' });
    // The primary goes away mid-checks; the monitor of /fail starts failing meanwhile.
    const primary = cluster as StreamingReplica;
    await primary.stopPrimary();
    failing = true;
    await round(2);
    await waitFor(() => probes.length >= seen + 2 * MONITORS, { timeoutMs: 30_000, what: 'both rounds probed during the outage' });

    // The API answers at once, with the JSON 503 of an outage.
    const during = await call('GET', '/api/v1/uptime/monitors');
    expect(during.status).toBe(503);
    expect(during.headers.get('content-type')).toMatch(/json/);

    await primary.promoteReplica();
    (vip as TcpProxy).retarget(REPLICA_PORT);

    // Back without a restart: the API reads and writes; every probe made is a check row.
    await waitFor(async () => (await call('GET', '/api/v1/uptime/monitors')).status === 200, { timeoutMs: 60_000, what: 'the API to answer again' });
    const renamed = await call('PUT', `/api/v1/uptime/monitors/${ids[1]}`, { name: 'renamed after the failover' });
    expect(renamed.status).toBe(200);
    const probed = probes.length;
    await waitFor(async () => (await checks()) >= probed, { timeoutMs: 60_000, what: 'the buffered checks written to the promoted replica' });
    const perMonitor = (await c.db.query('SELECT monitor_id, count(*)::int AS n FROM checks GROUP BY monitor_id ORDER BY monitor_id')) as { monitor_id: number; n: number }[];
    const probedPerMonitor = ids.map((id, i) => probes.filter((p) => p.endsWith(`/${i}`)).length);
    expect(perMonitor.map((r) => r.n)).toEqual(probedPerMonitor);
    expect(ids.every((id, i) => perMonitor[i].monitor_id === id)).toBe(true);

    // The failure seen during the outage opened its incident and its alert went out, once.
    const [incident] = await waitFor(async () => {
      const found = await c.db.getRepository(Incident).findBy({ monitorId: ids[0] });
      return found.length ? found : null;
    }, { timeoutMs: 30_000, what: 'the incident of the failing monitor' });
    const delivery = await waitFor(() => c.db.getRepository(AlertDelivery).findOneBy({ incidentId: incident.id, status: 'success' }), {
      timeoutMs: 30_000,
      what: 'the alert delivered',
    });
    expect(alerts.filter((id) => id === delivery.eventId)).toHaveLength(1);
    const [{ standby }] = (await c.db.query('SELECT pg_is_in_recovery() AS standby')) as { standby: boolean }[];
    expect(standby).toBe(false);

    // The checker did check through the outage with what it knew; every app is ready again.
    const logged = (vigil as VigilProcess).entries();
    expect(logged.some((e) => e.message === 'database unreachable; checking with the last known monitor configurations')).toBe(true);
    const healthPorts = logged.filter((e) => e.message === 'worker app started').map((e) => Number(e.healthPort));
    expect(healthPorts).toHaveLength(3);
    for (const port of healthPorts) {
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000, what: `the worker app on ${port} ready` });
    }
  }, 240_000);
});
