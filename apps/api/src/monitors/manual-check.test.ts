import request from 'supertest';
import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { createApp } from '@vigil/api';
import { createRedisConnection, JobName, QueueName, type CheckResult, type MonitorCheckPayload } from '@vigil/core';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'pro');
});
afterAll(() => ctx.teardown());

let n = 0;
async function create(body: Record<string, unknown> = {}): Promise<number> {
  const res = await request(app)
    .post('/api/v1/uptime/monitors')
    .set(account.auth)
    .send({ name: 'M', url: `https://manual-${++n}.example.com/`, ...body });
  expect(res.status).toBe(201);
  return res.body.monitor.id as number;
}

it('answers 202 with the job id when no worker finishes within timeout + 5 s; the check stays queued', async () => {
  const id = await create({ timeout: 1 });
  const started = Date.now();
  const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
  const waited = Date.now() - started;
  expect(res.status).toBe(202);
  expect(res.body).toEqual({ message: 'Check queued; its result will appear in the checks list', job_id: expect.stringMatching(new RegExp(`^check-${id}-manual-`)) });
  expect(waited).toBeGreaterThanOrEqual(5_500);
  const job = await ctx.queues.queueOf(JobName.MonitorCheck).getJob(res.body.job_id);
  expect(job?.data).toEqual({ monitorId: id, manual: true });
  expect(await job?.getState()).toBe('waiting');
}, 20_000);

describe('with a worker on the checks queue', () => {
  // A STAND-IN for the checker (built separately): it answers every MonitorCheck job with a
  // fixed CheckResult, or fails it for one monitor, so the API's 200 and failure paths can be
  // tested without the real probe.
  let standIn: Worker<MonitorCheckPayload, CheckResult | null>;
  let failFor = 0;
  const seen: Job<MonitorCheckPayload>[] = [];

  beforeAll(async () => {
    standIn = new Worker<MonitorCheckPayload, CheckResult | null>(
      QueueName.Checks,
      async (job) => {
        seen.push(job);
        if (job.data.monitorId === failFor) throw new Error('stand-in failure');
        return { timestamp: '2026-11-21T10:00:00.000Z', status: 'failure', response_time_ms: null, status_code: 503, error: 'HTTP 503 Service Unavailable' };
      },
      { connection: createRedisConnection(ctx.config.redisUrl, 'worker') as ConnectionOptions, prefix: ctx.config.redisPrefix },
    );
    await standIn.waitUntilReady();
  });
  afterAll(async () => {
    await standIn.close();
    await (await standIn.client).quit();
  });

  it('answers 200 {check} with the check record the worker returns', async () => {
    const id = await create();
    const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      check: {
        timestamp: '2026-11-21T10:00:00.000Z',
        status: 'failure',
        response_time_ms: null,
        status_code: 503,
        error: 'HTTP 503 Service Unavailable',
        // Added by monitor types, null when the check has none.
        timings: null,
        certificate_expires_at: null,
        details: null,
        region: 'default',
      },
    });
    const manual = seen.filter((j) => j.data.monitorId === id && j.data.manual);
    expect(manual).toHaveLength(1);
    expect(manual[0].id).toMatch(new RegExp(`^check-${id}-manual-\\d+-[0-9a-f]{8}$`));
  });

  it('gives every manual check its own job id', async () => {
    const id = await create();
    await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    const manual = seen.filter((j) => j.data.monitorId === id && j.data.manual).map((j) => j.id);
    expect(new Set(manual).size).toBe(2);
  });

  it('answers 202 (not a 500) when the check job fails in the worker', async () => {
    const id = await create();
    failFor = id;
    const res = await request(app).post(`/api/v1/uptime/monitors/${id}/check`).set(account.auth);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'The check could not be completed; scheduled checks continue as usual', job_id: expect.any(String) });
  });
});
