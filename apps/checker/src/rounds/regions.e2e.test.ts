import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Check, Incident, createContext, enqueueImmediateCheck, loadConfig, type Context } from '@vigil/core';
import { captureLogs, createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { createCheckerApp } from '../app.js';
import { createMonitor } from '../testing/monitors.js';

/**
 * Two checkers in two regions, each its own app with its own configuration (VIGIL_REGION,
 * VIGIL_SOURCE_ADDRESS 127.0.0.2 / 127.0.0.3), sharing PostgreSQL and Redis, against a loopback
 * target that answers by the address a request comes from.
 */
let ctx: TestContext;
const checkers: { region: string; ctx: Context; app: ReturnType<typeof createCheckerApp> }[] = [];
const euLogs = captureLogs('warn');
let target: http.Server;
let targetUrl: string;
/** Source addresses the target fails. */
const failing = new Set<string>();

async function startChecker(region: string, sourceAddress: string, logger = captureLogs('error').logger) {
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
  const c = await createContext(config, { logger });
  const app = createCheckerApp(c);
  await app.start();
  checkers.push({ region, ctx: c, app });
}

async function stopChecker(region: string) {
  const i = checkers.findIndex((c) => c.region === region);
  const [c] = checkers.splice(i, 1);
  await c.app.stop();
  await c.ctx.close();
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  target = http.createServer((req, res) => {
    const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    res.writeHead(failing.has(from) ? 503 : 200, { 'content-type': 'text/plain' }).end(from);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  await startChecker('eu', '127.0.0.2', euLogs.logger);
  await startChecker('us', '127.0.0.3');
});

afterAll(async () => {
  for (const c of [...checkers]) await stopChecker(c.region);
  await new Promise((resolve) => target.close(resolve));
  await ctx.teardown();
});

async function twoRegionMonitor() {
  const m = await createMonitor(ctx, { url: targetUrl, alertThreshold: 1, timeout: 2, expectedStatusCodes: [200] });
  await ctx.db.query(`UPDATE monitors SET regions = '{eu,us}' WHERE id = $1`, [m.id]);
  return m;
}

const roundsOf = (monitorId: number) =>
  ctx.db.query(`SELECT failed, failing_regions, skipped_regions FROM monitor_rounds WHERE monitor_id = $1`, [monitorId]) as Promise<
    { failed: boolean; failing_regions: string[]; skipped_regions: string[] }[]
  >;

describe('regions and quorum with two checkers bound to their own source addresses', () => {
  it('records a check from each region; failing from one region only opens no incident', async () => {
    failing.clear();
    failing.add('127.0.0.2');
    const m = await twoRegionMonitor();
    await enqueueImmediateCheck(ctx.queues, m.id, 'created', ['eu', 'us']);
    const [round] = await waitFor(async () => ((await roundsOf(m.id)).length ? roundsOf(m.id) : null), { what: 'the round judged' });
    expect(round).toEqual({ failed: false, failing_regions: ['eu'], skipped_regions: [] });
    const checks = await ctx.db.getRepository(Check).find({ where: { monitorId: m.id }, order: { region: 'ASC' } });
    expect(checks.map((c) => [c.region, c.status, c.statusCode])).toEqual([
      ['eu', 'failure', 503],
      ['us', 'success', 200],
    ]);
    expect(await ctx.db.getRepository(Incident).countBy({ monitorId: m.id })).toBe(0);
  });

  it('failing from both regions opens one incident naming both, each with its error', async () => {
    failing.clear();
    failing.add('127.0.0.2');
    failing.add('127.0.0.3');
    const m = await twoRegionMonitor();
    await enqueueImmediateCheck(ctx.queues, m.id, 'created', ['eu', 'us']);
    const incident = await waitFor(() => ctx.db.getRepository(Incident).findOneBy({ monitorId: m.id }), { what: 'the incident' });
    expect(incident.regions).toEqual(['eu', 'us']);
    expect(incident.cause).toBe('Failed in 2 of 2 regions: eu: Unexpected status code 503 Service Unavailable; us: Unexpected status code 503 Service Unavailable');
    expect(await roundsOf(m.id)).toEqual([{ failed: true, failing_regions: ['eu', 'us'], skipped_regions: [] }]);
  });

  it('with one region stopped, rounds are judged by the live region and the stopped one is named in a warning', async () => {
    await stopChecker('us');
    failing.clear();
    failing.add('127.0.0.2');
    const m = await twoRegionMonitor();
    await enqueueImmediateCheck(ctx.queues, m.id, 'created', ['eu', 'us']);
    // Judged when eu answered (us has no live checker) or at the round's deadline: either way without us.
    const incident = await waitFor(() => ctx.db.getRepository(Incident).findOneBy({ monitorId: m.id }), { what: 'the incident', timeoutMs: 15_000 });
    expect(incident.regions).toEqual(['eu']);
    expect(await roundsOf(m.id)).toEqual([{ failed: true, failing_regions: ['eu'], skipped_regions: ['us'] }]);
    const warning = euLogs.entries().find((e) => e.message === 'round judged without regions that did not answer' && e.monitorId === m.id);
    expect(warning).toMatchObject({ level: 'warn', skippedRegions: ['us'] });
  });
});
