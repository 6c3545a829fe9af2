import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { Check } from '@vigil/core';
import { createTestAccount, createTestContext, startVigilProcess, VIGIL_START_BOUND_MS, waitFor, type TestAccount, type TestContext, type VigilProcess } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { createMonitor } from '../testing/monitors.js';

/**
 * Private locations end to end: the API (in this process, on a loopback port), the in-cluster
 * checker (in this process: it offers due runs and records results) and agents as OS processes
 * (`vigil agent`, the compiled CLI), given only VIGIL_API_URL, VIGIL_AGENT_KEY and
 * VIGIL_SOURCE_ADDRESS: their DATABASE_URL and REDIS_URL point nowhere. Monitors run every 2 s
 * (set in the row) so that runs fall due within the test.
 */
let ctx: TestContext;
let owner: TestAccount;
let api: http.Server;
let apiPort: number;
let checker: ReturnType<typeof createCheckerApp>;
let target: http.Server;
let targetPort: number;
const agents: VigilProcess[] = [];
/** Source addresses the target fails, and how long it takes to answer (ms). */
const failing = new Set<string>();
let answerDelayMs = 0;
const arrivals: { from: string; path: string }[] = [];

function listenApi(port = 0): Promise<void> {
  api = http.createServer(createApp(ctx));
  return new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve)).then(() => void (apiPort = (api.address() as AddressInfo).port));
}

async function stopApi(): Promise<void> {
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
}

function startAgent(key: string, sourceAddress: string): Promise<VigilProcess> {
  return startVigilProcess(['agent'], {
    NODE_ENV: 'test',
    VIGIL_API_URL: `http://127.0.0.1:${apiPort}`,
    VIGIL_AGENT_KEY: key,
    VIGIL_SOURCE_ADDRESS: sourceAddress,
    DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    REDIS_URL: 'redis://127.0.0.1:1',
    VIGIL_SECRET_KEY: '',
    LOG_LEVEL: 'info',
  }).then((p) => {
    agents.push(p);
    return p;
  });
}

async function newLocation(name: string, allowedCidrs: string[]): Promise<{ id: number; key: string }> {
  const res = await request(api).post('/api/v1/locations').set(owner.auth).send({ name, allowed_cidrs: allowedCidrs });
  expect(res.status).toBe(201);
  return { id: res.body.location.id as number, key: res.body.agent_key as string };
}

/** A monitor of `owner` at `regions`, checked every 2 s. */
async function monitorAt(regions: string[], path: string, timeout = 2) {
  const m = await createMonitor(ctx, { accountId: owner.account.id, url: `http://127.0.0.1:${targetPort}/${path}`, timeout, expectedStatusCodes: [200], alertThreshold: 100 });
  await ctx.db.query(`UPDATE monitors SET regions = $2, check_interval = 2 WHERE id = $1`, [m.id, regions]);
  return m;
}

const checksAt = (monitorId: number) => ctx.db.getRepository(Check).find({ where: { monitorId }, order: { checkedAt: 'ASC' } });

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000' } });
  owner = await createTestAccount(ctx, 'business');
  target = http.createServer((req, res) => {
    const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    arrivals.push({ from, path: req.url ?? '' });
    setTimeout(() => res.writeHead(failing.has(from) ? 503 : 200, { 'content-type': 'text/plain' }).end(from), answerDelayMs);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
  await listenApi();
  checker = createCheckerApp(ctx);
  await checker.start();
}, 60_000);

afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await checker.stop();
  await stopApi();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
});

describe('private locations with agent processes', () => {
  it('two agents at two locations record their own checks of one round; a target failing one source address fails only there', async () => {
    const east = await newLocation('east', ['127.0.0.0/8']);
    const west = await newLocation('west', ['127.0.0.0/8']);
    await Promise.all([startAgent(east.key, '127.0.0.2'), startAgent(west.key, '127.0.0.3')]);
    failing.clear();
    failing.add('127.0.0.3');
    const m = await monitorAt(['east', 'west'], 'two');
    const checks = await waitFor(async () => {
      const all = await checksAt(m.id);
      const runs = new Map<string, Check[]>();
      for (const c of all) runs.set(c.jobKey, [...(runs.get(c.jobKey) ?? []), c]);
      return [...runs.values()].find((r) => r.length === 2) ?? null;
    }, { what: 'one run checked at both locations', timeoutMs: 30_000 });
    expect(checks.map((c) => [c.region, c.status, c.statusCode]).sort()).toEqual([
      ['east', 'success', 200],
      ['west', 'failure', 503],
    ]);
    // Rounds wait for locations with a connected agent: judged with both answers (the round may still be waiting for its last writer).
    const skipped = await waitFor(async () => {
      const [round] = (await ctx.db.query(`SELECT skipped_regions FROM monitor_rounds WHERE monitor_id = $1 AND job_key = $2`, [m.id, checks[0].jobKey])) as { skipped_regions: string[] }[];
      return round?.skipped_regions ?? null;
    }, { what: 'the round judged' });
    expect(skipped).toEqual([]);
    expect(arrivals.filter((a) => a.path === '/two').every((a) => ['127.0.0.2', '127.0.0.3'].includes(a.from))).toBe(true);
    const detail = await request(api).get(`/api/v1/locations/${east.id}`).set(owner.auth);
    expect(detail.body.location).toMatchObject({ status: 'online', connected_agents: 1 });
    expect(detail.body.location.agents[0].version).toMatch(/^\d+\.\d+\.\d+/);
  }, VIGIL_START_BOUND_MS + 60_000);

  it('a private location allowed 127.0.0.0/8 reaches loopback; one without it, and the public region, are refused', async () => {
    const closed = await newLocation('closed', []);
    await startAgent(closed.key, '127.0.0.4');
    failing.clear();
    const m = await monitorAt(['east', 'closed', 'default'], 'policy');
    const byRegion = await waitFor(async () => {
      const seen = new Map((await checksAt(m.id)).map((c) => [c.region, c]));
      return seen.size === 3 ? seen : null;
    }, { what: 'a check from each location', timeoutMs: 60_000 });
    expect(byRegion.get('east')?.status).toBe('success');
    expect(byRegion.get('closed')?.error).toMatch(/^Blocked private address/);
    expect(byRegion.get('default')?.error).toMatch(/^Blocked private address/);
  }, VIGIL_START_BOUND_MS + 90_000);

  it('a run whose agent is killed mid-probe is leased again and recorded once', async () => {
    const solo = await newLocation('solo', ['127.0.0.0/8']);
    const first = await startAgent(solo.key, '127.0.0.5');
    answerDelayMs = 1_500;
    arrivals.length = 0;
    const m = await monitorAt(['solo'], 'killed', 3);
    await waitFor(() => arrivals.find((a) => a.path === '/killed' && a.from === '127.0.0.5') ?? null, { what: 'the first probe', timeoutMs: 30_000 });
    const killedAt = Date.now();
    await first.kill();
    await startAgent(solo.key, '127.0.0.6');
    // The lease (timeout 3 s + 5 s) runs out and the run is leased to the new agent. Later runs
    // may be recorded first (a loaded host re-issues late): wait for the one that was in flight,
    // due before the kill.
    const dueOf = (jobKey: string) => Number(jobKey.split(':').pop());
    const checks = await waitFor(async () => {
      const all = await checksAt(m.id);
      return all.some((c) => dueOf(c.jobKey) <= killedAt) ? all : null;
    }, { what: 'the run in flight at the kill, checked again by the second agent', timeoutMs: 60_000 });
    const keys = checks.map((c) => c.jobKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(checks.every((c) => c.region === 'solo' && c.status === 'success')).toBe(true);
    answerDelayMs = 0;
  }, VIGIL_START_BOUND_MS + 90_000);

  it('results probed while the API is down for 20 s are buffered and replayed: nothing lost, nothing doubled', async () => {
    const south = await newLocation('south', ['127.0.0.0/8']);
    const agent = await startAgent(south.key, '127.0.0.7');
    answerDelayMs = 1_000;
    arrivals.length = 0;
    const m = await monitorAt(['south'], 'outage', 3);
    await waitFor(() => arrivals.find((a) => a.path === '/outage') ?? null, { what: 'a probe in flight', timeoutMs: 30_000 });
    const probedBefore = arrivals.filter((a) => a.path === '/outage').length;
    await stopApi();
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    await waitFor(() => agent.entries().find((e) => e.message === 'results not posted; kept for later') ?? null, { what: 'the agent to buffer' });
    await listenApi(apiPort);
    const checks = await waitFor(async () => {
      const all = await checksAt(m.id);
      return all.length >= probedBefore ? all : null;
    }, { what: 'the buffered results recorded', timeoutMs: 30_000 });
    const keys = checks.map((c) => c.jobKey);
    expect(new Set(keys).size).toBe(keys.length);
    answerDelayMs = 0;
  }, VIGIL_START_BOUND_MS + 120_000);
});
