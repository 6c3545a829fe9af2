import request from 'supertest';
import { createApp } from '@vigil/api';
import { createOutboxRelay, DEFAULT_REGION, JobName, verifyHostnameManually } from '@vigil/core';
import { bucketsOfMonitor, createTestAccount, createTestContext, deadRedisQueues, type TestAccount, type TestContext } from '@vigil/testing';

// A monitor's first check and a domain's initial scan go through the schedule outbox with the
// create's schedule change: written with the insert, applied after the commit by the API and,
// when that fails (Redis down, the API gone), by the outbox relay; job ids of their own make
// every apply of the same row add one job.
let ctx: TestContext;
let account: TestAccount;
let dead: Awaited<ReturnType<typeof deadRedisQueues>>;
/** The API whose queues' Redis is down (the rest of its context is up). */
let cut: ReturnType<typeof createApp>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  account = await createTestAccount(ctx, 'business');
  await verifyHostnameManually(ctx.db.manager, account.account.id, 'first-runs.example.com', ctx.clock.now());
  dead = await deadRedisQueues(ctx.config.redisPrefix);
  cut = createApp({ ...ctx, queues: dead.queues });
  app = createApp(ctx);
});
afterAll(async () => {
  await dead.close();
  await ctx.teardown();
});

const relay = () => createOutboxRelay(ctx).relayNow();

interface PendingRow {
  kind: 'monitor' | 'domain';
  entity_id: number;
  payload: { firstCheck?: string; initialScan?: { scanId: number; jobId: string } };
}
const pendingOf = (kind: PendingRow['kind'], id: number): Promise<PendingRow[]> =>
  ctx.db.query(`SELECT kind, entity_id, payload FROM schedule_outbox WHERE kind = $1 AND entity_id = $2`, [kind, id]);
/** The row again, as an apply that added its job but whose commit failed leaves it pending. */
const pendingAgain = (row: PendingRow) => ctx.db.query(`INSERT INTO schedule_outbox (kind, entity_id, payload) VALUES ($1, $2, $3)`, [row.kind, row.entity_id, row.payload]);

/** The ids of the monitor's one-off check jobs (not bucket runs) in the default region's queue. */
async function firstChecksOf(id: number): Promise<(string | undefined)[]> {
  const jobs = await ctx.queues.checkQueue(DEFAULT_REGION).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.filter((j) => (j.data as { monitorId?: number }).monitorId === id && !j.id?.startsWith('repeat:')).map((j) => j.id);
}
/** The ids of the scan's jobs. */
async function scanJobsOf(scanId: number): Promise<(string | undefined)[]> {
  const jobs = await ctx.queues.queueOf(JobName.TlsScan).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.filter((j) => (j.data as { scanId?: number }).scanId === scanId).map((j) => j.id);
}
/** A first check's job id as before the outbox: the create's reason, a time and random bits. */
const firstCheckId = (id: number) => expect.stringMatching(new RegExp(`^check-${id}-created-\\d+-[0-9a-f]{8}$`));

let n = 0;
async function createMonitor(via: ReturnType<typeof createApp>): Promise<number> {
  const res = await request(via).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'F', url: `https://first-${++n}.example.com/`, check_interval: 600 });
  expect(res.status).toBe(201);
  return res.body.monitor.id as number;
}
async function createDomain(via: ReturnType<typeof createApp>): Promise<{ id: number; scanId: number }> {
  const res = await request(via).post('/api/v1/domains').set(account.auth).send({ hostname: `d${++n}.first-runs.example.com` });
  expect(res.status).toBe(201);
  return { id: res.body.domain.id as number, scanId: res.body.scan_id as number };
}

describe('a create whose apply after the commit fails (Redis down)', () => {
  it('monitor: answers 201; a relay pass queues its first check with its schedule, once however often the row is applied', async () => {
    const id = await createMonitor(cut);
    expect(await firstChecksOf(id)).toEqual([]);
    const [row] = await pendingOf('monitor', id);
    expect(row.payload.firstCheck).toEqual(firstCheckId(id));
    await relay();
    expect(await firstChecksOf(id)).toEqual([row.payload.firstCheck]);
    expect((await bucketsOfMonitor(ctx, id)).map((b) => b.everyMs)).toEqual([600_000]);
    expect(await pendingOf('monitor', id)).toEqual([]);
    await pendingAgain(row);
    await relay();
    expect(await firstChecksOf(id)).toEqual([row.payload.firstCheck]);
  });

  it('domain: answers 201; a relay pass hands its initial scan to the scanners, once however often the row is applied', async () => {
    const { id, scanId } = await createDomain(cut);
    expect(await scanJobsOf(scanId)).toEqual([]);
    const [row] = await pendingOf('domain', id);
    expect(row.payload.initialScan).toEqual({ scanId, jobId: expect.stringMatching(new RegExp(`^scan-${scanId}-[0-9a-f]{8}$`)) });
    await relay();
    expect(await scanJobsOf(scanId)).toEqual([row.payload.initialScan?.jobId]);
    expect(await pendingOf('domain', id)).toEqual([]);
    await pendingAgain(row);
    await relay();
    expect(await scanJobsOf(scanId)).toEqual([row.payload.initialScan?.jobId]);
  });

  it('monitor paused before the relay applies it: no first check (its resume checks it), no bucket', async () => {
    const id = await createMonitor(cut);
    expect((await request(cut).post(`/api/v1/uptime/monitors/${id}/pause`).set(account.auth)).status).toBe(200);
    await relay();
    expect(await firstChecksOf(id)).toEqual([]);
    expect(await bucketsOfMonitor(ctx, id)).toEqual([]);
  });
});

describe('the API apply and the relay', () => {
  it('the API applies its create at once; a relay pass after it adds nothing', async () => {
    const monitor = await createMonitor(app);
    const domain = await createDomain(app);
    expect(await firstChecksOf(monitor)).toEqual([firstCheckId(monitor)]);
    expect(await scanJobsOf(domain.scanId)).toHaveLength(1);
    expect(await pendingOf('monitor', monitor)).toEqual([]);
    expect(await pendingOf('domain', domain.id)).toEqual([]);
    await relay();
    expect(await firstChecksOf(monitor)).toHaveLength(1);
    expect(await scanJobsOf(domain.scanId)).toHaveLength(1);
  });

  it('racing each other: one first check per monitor', async () => {
    const created = await Promise.all([createMonitor(app), relay(), createMonitor(app), relay(), createMonitor(app)]);
    await relay();
    for (const id of [created[0], created[2], created[4]]) expect(await firstChecksOf(id)).toEqual([firstCheckId(id)]);
  });
});
