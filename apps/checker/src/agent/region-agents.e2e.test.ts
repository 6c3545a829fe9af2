import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { Check } from '@vigil/core';
import { createTestAccount, createTestContext, runVigil, startVigilProcess, VIGIL_START_BOUND_MS, waitFor, type TestContext, type VigilProcess } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { reconcileMonitorSchedules } from '../jobs/reconcile-monitor-schedules.job.js';
import { createMonitor } from '../testing/monitors.js';

/**
 * A public region served by agents (VIGIL_AGENT_REGIONS=us): the operator's `vigil region-key us`
 * (the compiled CLI, as an OS process) creates the region's key; an agent process holding only
 * that key and the API's URL checks region `us` for every account's monitors, alongside the
 * in-cluster checker of region `default`, in one round; the region has no check queue.
 */
let ctx: TestContext;
let api: http.Server;
let apiPort: number;
let checker: ReturnType<typeof createCheckerApp>;
let target: http.Server;
let targetPort: number;
let agent: VigilProcess | undefined;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_REGIONS: 'default', VIGIL_AGENT_REGIONS: 'us' } });
  target = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
  api = http.createServer(createApp(ctx));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  checker = createCheckerApp(ctx);
  await checker.start();
}, 60_000);

afterAll(async () => {
  await agent?.stop();
  await checker.stop();
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
});

/** What `vigil region-key` runs with: the operator's database, Redis, secret key and agent regions. */
const operatorEnv = () => ({
  NODE_ENV: 'test',
  DATABASE_URL: ctx.config.databaseUrl,
  REDIS_URL: ctx.config.redisUrl,
  VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
  VIGIL_SECRET_KEY: ctx.config.secretKey,
  VIGIL_AGENT_REGIONS: 'us',
  LOG_LEVEL: 'error',
});

describe('a public region served by agents', () => {
  it('checks every account\'s monitors in region us through an agent with one key; rounds wait for it; no check queue', async () => {
    const refused = await runVigil(['region-key', 'eu'], operatorEnv());
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('Region eu is not served by agents: list it in VIGIL_AGENT_REGIONS (now: us)');
    const issued = await runVigil(['region-key', 'us', '--json'], operatorEnv());
    expect(issued.code).toBe(0);
    const { agent_key: key } = JSON.parse(issued.lines.find((l) => l.startsWith('{')) ?? '{}') as { agent_key: string };
    expect(key).toMatch(/^vgla_/);

    agent = await startVigilProcess(['agent'], {
      NODE_ENV: 'test',
      VIGIL_API_URL: `http://127.0.0.1:${apiPort}`,
      VIGIL_AGENT_KEY: key,
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
      VIGIL_SECRET_KEY: '',
      LOG_LEVEL: 'info',
    });
    // The region counts its polling agent as a live checker.
    const { auth, account } = await createTestAccount(ctx, 'business');
    await waitFor(async () => {
      const regions = (await request(api).get('/api/v1/regions').set(auth)).body.regions as { name: string; live_checkers: number }[];
      return regions.find((r) => r.name === 'us' && r.live_checkers > 0) ?? null;
    }, { what: 'region us live through its agent', timeoutMs: 30_000 });

    const m = await createMonitor(ctx, { accountId: account.id, url: `http://127.0.0.1:${targetPort}/region`, timeout: 5, expectedStatusCodes: [200], alertThreshold: 100 });
    await ctx.db.query(`UPDATE monitors SET regions = '{default,us}', check_interval = 2 WHERE id = $1`, [m.id]);
    const run = await waitFor(async () => {
      const byRun = new Map<string, Check[]>();
      for (const c of await ctx.db.getRepository(Check).findBy({ monitorId: m.id })) byRun.set(c.jobKey, [...(byRun.get(c.jobKey) ?? []), c]);
      return [...byRun.values()].find((r) => r.length === 2) ?? null;
    }, { what: 'one run checked in default and in us', timeoutMs: 60_000 });
    // Both refuse loopback (no private targets in public regions): what matters is who answered.
    expect(run.map((c) => c.region).sort()).toEqual(['default', 'us']);
    const [round] = (await ctx.db.query(`SELECT skipped_regions FROM monitor_rounds WHERE monitor_id = $1 AND job_key = $2`, [m.id, run[0].jobKey])) as {
      skipped_regions: string[] | null;
    }[];
    expect(round?.skipped_regions ?? []).toEqual([]);

    // No buckets on region us's check queue, even after the reconciler ran.
    await reconcileMonitorSchedules(ctx);
    expect(await ctx.queues.checkQueue('us', 0).getJobSchedulers()).toEqual([]);
    expect(await ctx.queues.checkQueue('default', 0).getJobSchedulers()).not.toEqual([]);

    // A second region-key rotates: the previous key keeps working through the overlap.
    const rotated = await runVigil(['region-key', 'us', '--overlap-seconds', '600', '--json'], operatorEnv());
    const answer = JSON.parse(rotated.lines.find((l) => l.startsWith('{')) ?? '{}') as { agent_key: string; previous_key_expires_at: string | null };
    expect(answer.agent_key).not.toBe(key);
    expect(answer.previous_key_expires_at).not.toBeNull();
    const poll = (k: string) => request(api).post('/api/v1/agent/leases').set({ Authorization: `Bearer ${k}` }).send({ agent_id: 'probe.1', version: '0.1.0', max: 1, wait_seconds: 0 });
    expect((await poll(key)).status).toBe(200);
    expect((await poll(answer.agent_key)).body.location).toMatchObject({ name: 'us', allowed_cidrs: [] });
    // With no overlap, the key the API process kept as the current one stops on its next poll (the command changed the agent-key stamp).
    const abrupt = await runVigil(['region-key', 'us', '--overlap-seconds', '0', '--json'], operatorEnv());
    const third = JSON.parse(abrupt.lines.find((l) => l.startsWith('{')) ?? '{}') as { agent_key: string };
    expect((await poll(answer.agent_key)).status).toBe(401);
    expect((await poll(third.agent_key)).status).toBe(200);
    // Region locations belong to no account: not listed as anyone's private location.
    const listed = (await request(api).get('/api/v1/locations').set(auth)).body.locations as { name: string; kind: string }[];
    expect(listed.filter((l) => l.name === 'us')).toEqual([expect.objectContaining({ kind: 'public' })]);
  }, VIGIL_START_BOUND_MS + 120_000);
});
