import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createCheckerApp } from '@vigil/checker';
import { Incident, Monitor, checkQueueOf, createContext, loadConfig, type Context } from '@vigil/core';
import { captureLogs, createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';

/**
 * A manual check of a multi-region monitor is a round across its regions: the API with two
 * checker apps in regions eu and us (each its own configuration, sourcing from 127.0.0.2 and
 * 127.0.0.3) against a loopback target that answers by the address a request comes from.
 */
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;
const checkers = new Map<string, { ctx: Context; app: ReturnType<typeof createCheckerApp> }>();
let target: http.Server;
let targetUrl: string;
const failing = new Set<string>();

async function startChecker(region: string, sourceAddress: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: ctx.config.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: ctx.config.redisUrl,
    VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
    VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
    CHECKER_HEALTH_PORT: '0',
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    VIGIL_SECRET_KEY: ctx.config.secretKey,
    VIGIL_REGION: region,
    VIGIL_SOURCE_ADDRESS: sourceAddress,
  });
  const c = await createContext(config, { logger: captureLogs('error').logger });
  const checker = createCheckerApp(c);
  await checker.start();
  checkers.set(region, { ctx: c, app: checker });
}

async function stopChecker(region: string) {
  const c = checkers.get(region);
  checkers.delete(region);
  await c?.app.stop();
  await c?.ctx.close();
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_REGIONS: 'eu,us' } });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'pro');
  target = http.createServer((req, res) => {
    const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    res.writeHead(failing.has(from) ? 503 : 200).end(from);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  await Promise.all([startChecker('eu', '127.0.0.2'), startChecker('us', '127.0.0.3')]);
});

afterAll(async () => {
  for (const region of [...checkers.keys()]) await stopChecker(region);
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
});

let n = 0;
/** Inserted as a row (no schedulers: only the manual rounds run). */
async function twoRegionMonitor(): Promise<number> {
  const url = `${targetUrl}${++n}`;
  const m = await ctx.db.getRepository(Monitor).save({
    accountId: account.account.id,
    name: 'M',
    url,
    normalizedUrl: url,
    status: 'pending',
    regions: ['eu', 'us'],
    alertThreshold: 1,
    timeout: 2,
  });
  return m.id;
}

const roundsOf = (monitorId: number) =>
  ctx.db.query(`SELECT failed, failing_regions, skipped_regions FROM monitor_rounds WHERE monitor_id = $1`, [monitorId]) as Promise<
    { failed: boolean; failing_regions: string[]; skipped_regions: string[] }[]
  >;

const regional = (region: string, status: 'success' | 'failure', code: number) => expect.objectContaining({ region, status, status_code: code });

describe('a manual check of a multi-region monitor is a round across its live regions', () => {
  it('runs in every region and is judged by quorum at once: failing in one of two opens nothing', async () => {
    failing.clear();
    failing.add('127.0.0.2');
    const id = await twoRegionMonitor();
    const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body.check).toEqual(regional('eu', 'failure', 503));
    expect(res.body.checks).toEqual([regional('eu', 'failure', 503), regional('us', 'success', 200)]);
    // Judged when the last region's check was written, before the API answered.
    expect(await roundsOf(id)).toEqual([{ failed: false, failing_regions: ['eu'], skipped_regions: [] }]);
    expect(await ctx.db.getRepository(Incident).countBy({ monitorId: id })).toBe(0);
  });

  it('failing in both opens the incident naming both', async () => {
    failing.clear();
    failing.add('127.0.0.2');
    failing.add('127.0.0.3');
    const id = await twoRegionMonitor();
    const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    expect(res.body.checks).toEqual([regional('eu', 'failure', 503), regional('us', 'failure', 503)]);
    expect(await roundsOf(id)).toEqual([{ failed: true, failing_regions: ['eu', 'us'], skipped_regions: [] }]);
    const incident = await ctx.db.getRepository(Incident).findOneByOrFail({ monitorId: id });
    expect(incident.regions).toEqual(['eu', 'us']);
  });

  it('a region without a live checker is not waited for: the round runs in the others and skips it', async () => {
    await stopChecker('eu');
    failing.clear();
    failing.add('127.0.0.3');
    const id = await twoRegionMonitor();
    // Jobs in eu's queue, whatever their state (earlier tests' are kept there).
    const euJobs = async () => Object.values(await ctx.queues.queue(checkQueueOf('eu')).getJobCounts()).reduce((a, b) => a + b, 0);
    const before = await euJobs();
    const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    expect(res.status).toBe(200);
    // Not waited for: no job was queued for eu at all (one would wait there for a checker).
    expect(await euJobs()).toBe(before);
    expect(res.body).toEqual({ check: regional('us', 'failure', 503), checks: [regional('us', 'failure', 503)] });
    // Judged at once or, while us still counts eu as live (its view is up to 2 s old), at the round's deadline.
    const rounds = await waitFor(async () => ((await roundsOf(id)).length ? roundsOf(id) : null), { what: 'the round judged', timeoutMs: 10_000 });
    expect(rounds).toEqual([{ failed: true, failing_regions: ['us'], skipped_regions: ['eu'] }]);
  });
});
