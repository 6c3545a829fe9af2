import type { Job } from 'bullmq';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { heartbeatPingJobs, sweepHeartbeatsJob } from '@vigil/checker';
import { HEARTBEAT_BODY_MAX_BYTES, HEARTBEAT_PINGS_PER_JOB, JobName, type HeartbeatPingsPayload, type ManualClock } from '@vigil/core';
import { createTestAccount, createTestContext, shiftDates, testClock, type TestAccount, type TestContext } from '@vigil/testing';
import { PingIntake } from './ping-intake.js';

// The ping endpoints of the API and the checker's heartbeat jobs, on real PostgreSQL and Redis
// and a manual clock: the API queues each ping, the test runs the checker's handler on the
// queued jobs in arrival order and runs the sweep when it moves the clock.

let ctx: TestContext;
let clock: ManualClock;
let app: ReturnType<typeof createApp>;
let account: TestAccount;
let other: TestAccount;
let judge: ReturnType<typeof heartbeatPingJobs>[JobName.HeartbeatPings];
let sweeper: ReturnType<typeof sweepHeartbeatsJob>;

beforeAll(async () => {
  clock = testClock('2026-05-04T10:00:00Z');
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'pro');
  other = await createTestAccount(ctx, 'pro');
  judge = heartbeatPingJobs(ctx, () => undefined)[JobName.HeartbeatPings];
  sweeper = sweepHeartbeatsJob(ctx, () => undefined);
});
afterAll(() => ctx.teardown());

const at = (iso: string) => shiftDates(iso);

/** Runs the checker on every queued batch of pings, oldest first; returns how many pings changed something. */
async function drainPings(): Promise<number> {
  const queue = ctx.queues.queueOf(JobName.HeartbeatPings);
  const jobs = (await queue.getJobs(['waiting'], 0, -1, true)) as Job<HeartbeatPingsPayload>[];
  let recorded = 0;
  for (const job of jobs) {
    recorded += (await judge(job.data, job)).recorded;
    await job.remove();
  }
  return recorded;
}

const sweep = () => sweeper({}, {} as Job<Record<string, never>>);

async function create(config: Record<string, unknown>, name = 'nightly backup'): Promise<{ id: number; path: string; url: string }> {
  const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ type: 'heartbeat', name, config });
  expect(res.status).toBe(201);
  const url = res.body.monitor.ping_url as string;
  return { id: res.body.monitor.id as number, path: new URL(url).pathname, url };
}

interface CheckView {
  timestamp: string;
  status: string;
  error?: string;
  ping_body?: string;
  response_time_ms: number | null;
}
const checksOf = async (id: number) => (await request(app).get(`/api/v1/uptime/monitors/${id}/checks`).set(account.auth)).body.checks as CheckView[];
const statusOf = async (id: number) => (await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth)).body.monitor.status as string;
const outboxEvents = async (id: number) =>
  ((await ctx.db.query(`SELECT payload FROM outbox WHERE job_name = $1 ORDER BY id`, [JobName.AlertEvent])) as { payload: { event: string; monitorId?: number } }[])
    .filter((r) => r.payload.monitorId === id)
    .map((r) => r.payload.event);

describe('creating a heartbeat monitor', () => {
  it('answers its secret ping URL and stores only the hash and the sealed token', async () => {
    clock.set(at('2026-05-04T10:00:00Z'));
    const m = await create({ period: 3600, grace: 300 });
    expect(m.url).toMatch(/^http:\/\/vigil\.test\/ping\/hb_[A-Za-z0-9_-]{43}$/);
    const token = m.path.split('/')[2];
    const [row] = (await ctx.db.query(`SELECT * FROM heartbeat_monitors WHERE monitor_id = $1`, [m.id])) as Record<string, unknown>[];
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(account.auth);
    expect(detail.body.monitor).toMatchObject({ type: 'heartbeat', ping_url: m.url, config: { period: 3600, grace: 300, cron: null, min_duration: null, max_duration: null } });
    expect(detail.body.monitor.heartbeat).toMatchObject({ next_due_at: at('2026-05-04T11:00:00.000Z'), deadline_at: at('2026-05-04T11:05:00.000Z'), last_ping_at: null });
  });

  it('refuses a bad schedule with a named 400', async () => {
    const bad = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ type: 'heartbeat', name: 'x', config: { period: 3600, cron: '0 3 * * *' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid config: give period or cron, not both (set the other to null to switch)' });
    const zone = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ type: 'heartbeat', name: 'x', config: { cron: '0 3 * * *', timezone: 'Mars/Base' } });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatch(/^Invalid config\.timezone/);
  });
});

describe('pings', () => {
  it('GET, HEAD and POST are accepted without an API key and recorded as checks', async () => {
    clock.set(at('2026-05-04T10:00:00Z'));
    const m = await create({ period: 60, grace: 60 });
    clock.set(at('2026-05-04T10:01:00Z'));
    expect((await request(app).get(m.path)).body).toEqual({ ok: true });
    clock.set(at('2026-05-04T10:02:00Z'));
    const head = await request(app).head(m.path);
    expect(head.status).toBe(200);
    clock.set(at('2026-05-04T10:03:00Z'));
    expect((await request(app).post(m.path).send('done')).status).toBe(200);
    expect(await drainPings()).toBe(3);
    const checks = await checksOf(m.id);
    expect(checks.map((c) => [c.timestamp, c.status, c.response_time_ms])).toEqual([
      [at('2026-05-04T10:03:00.000Z'), 'success', null],
      [at('2026-05-04T10:02:00.000Z'), 'success', null],
      [at('2026-05-04T10:01:00.000Z'), 'success', null],
    ]);
    expect(await statusOf(m.id)).toBe('up');
  });

  it('a job delivered twice records one check', async () => {
    const m = await create({ period: 3600, grace: 300 });
    await request(app).get(m.path).expect(200);
    const [job] = (await ctx.queues.queueOf(JobName.HeartbeatPings).getJobs(['waiting'])) as Job<HeartbeatPingsPayload>[];
    expect((await judge(job.data, job)).recorded).toBe(1);
    expect((await judge(job.data, job)).recorded).toBe(0);
    await job.remove();
    expect(await checksOf(m.id)).toHaveLength(1);
  });

  it('the pings accepted in one turn go in HeartbeatPings jobs of at most HEARTBEAT_PINGS_PER_JOB, each ping with its own id', async () => {
    const m = await create({ period: 60, grace: 60 }, 'many in a turn');
    const intake = new PingIntake(ctx, 1_000);
    const token = m.path.split('/')[2];
    const go = await intake.limits(token, null, true);
    if (go.kind !== 'go') throw new Error(`expected the ping admitted, got ${go.kind}`);
    const count = 2 * HEARTBEAT_PINGS_PER_JOB + 50;
    const answers = await Promise.all(Array.from({ length: count }, () => intake.accept(go, { kind: 'success', exitCode: null, body: null })));
    expect(answers.every((a) => a.kind === 'accepted')).toBe(true);
    const jobs = (await ctx.queues.queueOf(JobName.HeartbeatPings).getJobs(['waiting'], 0, -1, true)) as Job<HeartbeatPingsPayload>[];
    expect(jobs.map((j) => j.data.pings.length).sort((a, b) => a - b)).toEqual([50, HEARTBEAT_PINGS_PER_JOB, HEARTBEAT_PINGS_PER_JOB]);
    const pings = jobs.flatMap((j) => j.data.pings);
    expect(new Set(pings.map((p) => p.pingId)).size).toBe(count);
    expect(pings.every((p) => p.monitorId === m.id && p.kind === 'success')).toBe(true);
    await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
  });

  it('/fail and non-zero exit codes are failures; the POST body is kept, cut at 10,000 bytes', async () => {
    clock.set(at('2026-05-04T12:00:00Z'));
    const m = await create({ period: 60, grace: 60 });
    await request(app).post(`${m.path}/fail`).set('Content-Type', 'text/plain').send('disk full\n').expect(200);
    clock.advance(60_000);
    await request(app).get(`${m.path}/3`).expect(200);
    clock.advance(60_000);
    await request(app).post(`${m.path}/1`).set('Content-Type', 'application/octet-stream').send(Buffer.alloc(HEARTBEAT_BODY_MAX_BYTES + 500, 0x78)).expect(200);
    clock.advance(60_000);
    await request(app).get(`${m.path}/0`).expect(200);
    await drainPings();
    const checks = await checksOf(m.id);
    expect(checks.map((c) => [c.status, c.error ?? null, c.ping_body?.length ?? null])).toEqual([
      ['success', null, null],
      ['failure', 'Failure reported by ping (exit code 1)', HEARTBEAT_BODY_MAX_BYTES + '\n[truncated]'.length],
      ['failure', 'Failure reported by ping (exit code 3)', null],
      ['failure', 'Failure reported by ping', 'disk full\n'.length],
    ]);
    expect(checks[3].ping_body).toBe('disk full\n');
  });

  it('answers 400 for an unknown action, 404 for an unknown or malformed token', async () => {
    const m = await create({ period: 3600, grace: 300 });
    for (const suffix of ['/256', '/-1', '/abc', '/01234']) {
      const res = await request(app).get(`${m.path}${suffix}`);
      expect([suffix, res.status, res.body.error]).toEqual([suffix, 400, expect.stringMatching(/^Invalid ping/)]);
    }
    const unknown = await request(app).get(`/ping/hb_${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Unknown ping token' });
    expect((await request(app).post('/ping/not-a-token/fail').send('x')).status).toBe(404);
  });

  it('limits pings per token, not per monitor owner', async () => {
    const a = await create({ period: 3600, grace: 300 }, 'busy');
    const b = await create({ period: 3600, grace: 300 }, 'quiet');
    const answers: number[] = [];
    for (let i = 0; i < 121; i++) answers.push((await request(app).get(a.path)).status);
    expect(answers.filter((s) => s === 200)).toHaveLength(120);
    const limited = await request(app).get(a.path);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too many pings for this token' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await request(app).get(b.path)).status).toBe(200);
    await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
  });
});

describe('schedule judgements', () => {
  it('late: one failure per missed deadline, exactly once however many sweeps; down after alert_threshold; a ping recovers it', async () => {
    clock.set(at('2026-05-05T10:00:00Z'));
    const m = await create({ period: 3600, grace: 300 });
    clock.set(at('2026-05-05T11:04:59Z'));
    await sweep();
    expect(await checksOf(m.id)).toEqual([]);
    clock.set(at('2026-05-05T11:05:00Z'));
    await Promise.all([sweep(), sweep(), sweep()]);
    await sweep();
    let checks = await checksOf(m.id);
    expect(checks).toEqual([
      expect.objectContaining({
        timestamp: at('2026-05-05T11:05:00.000Z'),
        status: 'failure',
        error: `No ping received within period + grace (3600 s + 300 s; due ${at('2026-05-05T11:00:00.000Z')})`,
      }),
    ]);
    expect(await statusOf(m.id)).toBe('pending');
    clock.set(at('2026-05-05T12:06:00Z'));
    await sweep();
    checks = await checksOf(m.id);
    expect(checks.map((c) => c.timestamp)).toEqual([at('2026-05-05T12:05:00.000Z'), at('2026-05-05T11:05:00.000Z')]);
    expect(await statusOf(m.id)).toBe('down');
    const incidents = (await request(app).get(`/api/v1/uptime/monitors/${m.id}/incidents`).set(account.auth)).body.incidents as { status: string; cause: string }[];
    expect(incidents).toEqual([expect.objectContaining({ status: 'open', cause: expect.stringMatching(/^No ping received/) })]);
    clock.set(at('2026-05-05T12:10:00Z'));
    await request(app).get(m.path).expect(200);
    await drainPings();
    expect(await statusOf(m.id)).toBe('up');
    expect(await outboxEvents(m.id)).toEqual(['monitor.down', 'monitor.up']);
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(account.auth);
    expect(detail.body.monitor.heartbeat).toMatchObject({ last_ping_at: at('2026-05-05T12:10:00.000Z'), next_due_at: at('2026-05-05T13:10:00.000Z') });
  });

  it('too often: a success more than grace before it is due fails, and keeps the deadline', async () => {
    clock.set(at('2026-05-06T10:00:00Z'));
    const m = await create({ period: 3600, grace: 300 });
    clock.set(at('2026-05-06T10:10:00Z'));
    await request(app).get(m.path).expect(200);
    clock.set(at('2026-05-06T10:40:00Z'));
    await request(app).get(m.path).expect(200);
    await drainPings();
    const checks = await checksOf(m.id);
    expect(checks[0]).toMatchObject({ status: 'failure', error: `Too often: success ping at ${at('2026-05-06T10:40:00.000Z')}, next one not expected before ${at('2026-05-06T11:05:00.000Z')}` });
    expect(checks[1]).toMatchObject({ status: 'success' });
  });

  it('too fast and too slow: durations between start and success; a start never finished is flagged once by the sweep', async () => {
    clock.set(at('2026-05-07T10:00:00Z'));
    const m = await create({ period: 3600, grace: 300, min_duration: 10, max_duration: 600 });
    await request(app).get(`${m.path}/start`).expect(200);
    clock.advance(2_000);
    await request(app).get(m.path).expect(200);
    await drainPings();
    expect((await checksOf(m.id))[0]).toMatchObject({ status: 'failure', error: 'Run too fast: 2 s from start to success, min_duration 10 s' });

    clock.set(at('2026-05-07T11:00:00Z'));
    await request(app).get(`${m.path}/start`).expect(200);
    await drainPings();
    expect(await checksOf(m.id)).toHaveLength(1);
    clock.set(at('2026-05-07T11:10:01Z'));
    await sweep();
    await sweep();
    const checks = await checksOf(m.id);
    // The run also missed its deadline (an hour after the last report + grace).
    expect(checks.map((c) => [c.timestamp, c.error?.slice(0, 16)])).toEqual([
      [at('2026-05-07T11:10:00.000Z'), 'Run too slow: st'],
      [at('2026-05-07T11:05:02.000Z'), 'No ping received'],
      [at('2026-05-07T10:00:02.000Z'), 'Run too fast: 2 '],
    ]);
    expect(checks[0]).toMatchObject({
      timestamp: at('2026-05-07T11:10:00.000Z'),
      status: 'failure',
      error: `Run too slow: started ${at('2026-05-07T11:00:00.000Z')}, no success or failure ping within max_duration 600 s`,
    });
  });

  it('cron in a time zone: due at the wall-clock time, late after grace', async () => {
    clock.set(at('2026-05-08T00:00:00Z'));
    const m = await create({ cron: '30 2 * * *', timezone: 'Europe/Berlin', grace: 600 });
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(account.auth);
    // 02:30 in Berlin in May is 00:30 UTC.
    expect(detail.body.monitor.heartbeat).toMatchObject({ next_due_at: at('2026-05-08T00:30:00.000Z'), deadline_at: at('2026-05-08T00:40:00.000Z') });
    clock.set(at('2026-05-08T00:40:00Z'));
    await sweep();
    expect((await checksOf(m.id))[0]?.error).toBe(`No ping received within grace (600 s) of ${at('2026-05-08T00:30:00.000Z')} (cron "30 2 * * *" in Europe/Berlin)`);
  });

  it('paused: pings are accepted but change nothing, and no deadline passes; resume restarts the schedule', async () => {
    clock.set(at('2026-05-09T10:00:00Z'));
    const m = await create({ period: 3600, grace: 300 });
    await request(app).post(`/api/v1/uptime/monitors/${m.id}/pause`).set(account.auth).expect(200);
    await request(app).get(m.path).expect(200);
    expect(await drainPings()).toBe(0);
    clock.set(at('2026-05-09T15:00:00Z'));
    await sweep();
    expect(await checksOf(m.id)).toEqual([]);
    await request(app).post(`/api/v1/uptime/monitors/${m.id}/resume`).set(account.auth).expect(200);
    clock.set(at('2026-05-09T16:04:59Z'));
    await sweep();
    expect(await checksOf(m.id)).toEqual([]);
    clock.set(at('2026-05-09T16:05:00Z'));
    await sweep();
    expect((await checksOf(m.id)).map((c) => c.timestamp)).toEqual([at('2026-05-09T16:05:00.000Z')]);
  });
});

describe('rotating the ping token', () => {
  it('gives a new URL; the old one is unknown from then on', async () => {
    const m = await create({ period: 3600, grace: 300 });
    const res = await request(app).post(`/api/v1/uptime/monitors/${m.id}/rotate-ping-token`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ping_url: expect.stringMatching(/^http:\/\/vigil\.test\/ping\/hb_/), message: 'Ping token rotated' });
    expect(res.body.ping_url).not.toBe(m.url);
    expect((await request(app).get(m.path)).status).toBe(404);
    expect((await request(app).get(new URL(res.body.ping_url as string).pathname)).status).toBe(200);
    const detail = await request(app).get(`/api/v1/uptime/monitors/${m.id}`).set(account.auth);
    expect(detail.body.monitor.ping_url).toBe(res.body.ping_url);
    await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
  });

  it('the old token is unknown from then on in every API process, and a deleted monitor\'s token too', async () => {
    const m = await create({ period: 3600, grace: 300 });
    const second = createApp(ctx);
    // Both processes have looked the token up (and keep it).
    expect((await request(app).get(m.path)).status).toBe(200);
    expect((await request(second).get(m.path)).status).toBe(200);
    const rotated = await request(app).post(`/api/v1/uptime/monitors/${m.id}/rotate-ping-token`).set(account.auth).expect(200);
    expect((await request(second).get(m.path)).status).toBe(404);
    expect((await request(app).get(m.path)).status).toBe(404);
    const path = new URL(rotated.body.ping_url as string).pathname;
    expect((await request(second).get(path)).status).toBe(200);
    expect((await request(app).get(path)).status).toBe(200);
    await request(app).delete(`/api/v1/uptime/monitors/${m.id}`).set(account.auth).expect(200);
    expect((await request(second).get(path)).status).toBe(404);
    expect((await request(app).get(path)).status).toBe(404);
    await ctx.queues.queueOf(JobName.HeartbeatPings).drain();
  });

  it("is a 404 for another account's monitor and a 400 for an http monitor", async () => {
    const m = await create({ period: 3600, grace: 300 });
    expect((await request(app).post(`/api/v1/uptime/monitors/${m.id}/rotate-ping-token`).set(other.auth)).body).toEqual({ error: 'Monitor not found' });
    expect((await request(app).post(`/api/v1/uptime/monitors/abc/rotate-ping-token`).set(account.auth)).body).toEqual({ error: 'Monitor not found' });
    // The owner check is in the replacement: the token stands and nothing is recorded.
    expect((await request(app).get(m.path)).status).toBe(200);
    expect(await ctx.db.query(`SELECT 1 FROM audit_log WHERE resource_type = 'monitor' AND resource_id = $1 AND action = 'rotate'`, [String(m.id)])).toEqual([]);
    const http = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'site', url: 'https://example.com/' });
    const res = await request(app).post(`/api/v1/uptime/monitors/${http.body.monitor.id}/rotate-ping-token`).set(account.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Monitor is not a heartbeat monitor: it has no ping URL' });
  });
});
