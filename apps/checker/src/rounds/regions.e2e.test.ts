import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Check, Incident, enqueueImmediateCheck } from '@vigil/core';
import { createTestContext, startVigilProcess, VIGIL_START_BOUND_MS, waitFor, type TestContext, type VigilProcess } from '@vigil/testing';
import { createMonitor } from '../testing/monitors.js';

/**
 * Two checker OS processes (`vigil start checker`, the compiled CLI: `npm run build` first) in
 * two regions, each binding its outbound connections to its own loopback address
 * (VIGIL_SOURCE_ADDRESS 127.0.0.2 / 127.0.0.3; Linux routes 127.0.0.0/8 to lo), sharing this
 * file's PostgreSQL database and Redis prefix, against a loopback target that answers by the
 * address a request comes from.
 */
let ctx: TestContext;
const checkers = new Map<string, VigilProcess>();
let target: http.Server;
let targetUrl: string;
/** Source addresses the target fails. */
const failing = new Set<string>();

function startChecker(region: string, sourceAddress: string) {
  return startVigilProcess(['start', 'checker'], {
    NODE_ENV: 'test',
    DATABASE_URL: ctx.config.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: ctx.config.redisUrl,
    VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
    VIGIL_SECRET_KEY: ctx.config.secretKey,
    VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
    CHECKER_HEALTH_PORT: '0',
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'info',
    VIGIL_REGION: region,
    VIGIL_SOURCE_ADDRESS: sourceAddress,
  }).then((p) => void checkers.set(region, p));
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  target = http.createServer((req, res) => {
    const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    res.writeHead(failing.has(from) ? 503 : 200, { 'content-type': 'text/plain' }).end(from);
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  await Promise.all([startChecker('eu', '127.0.0.2'), startChecker('us', '127.0.0.3')]);
}, VIGIL_START_BOUND_MS + 30_000);

afterAll(async () => {
  await Promise.all([...checkers.values()].map((c) => c.stop()));
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

describe('regions and quorum with two checker processes bound to their own source addresses', () => {
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
    expect(await checkers.get('us')?.stop()).toBe(0);
    failing.clear();
    failing.add('127.0.0.2');
    const m = await twoRegionMonitor();
    await enqueueImmediateCheck(ctx.queues, m.id, 'created', ['eu', 'us']);
    // Judged when eu answered (us has no live checker) or at the round's deadline: either way without us.
    const incident = await waitFor(() => ctx.db.getRepository(Incident).findOneBy({ monitorId: m.id }), { what: 'the incident', timeoutMs: 15_000 });
    expect(incident.regions).toEqual(['eu']);
    expect(await roundsOf(m.id)).toEqual([{ failed: true, failing_regions: ['eu'], skipped_regions: ['us'] }]);
    const warning = await waitFor(
      () => checkers.get('eu')?.entries().find((e) => e.message === 'round judged without regions that did not answer' && e.monitorId === m.id),
      { what: 'the warning of the eu checker' },
    );
    expect(warning).toMatchObject({ level: 'warn', skippedRegions: ['us'], failed: true });
  });
});
