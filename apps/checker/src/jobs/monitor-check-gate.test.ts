/**
 * One-off checks (the first after create, resume, catch-ups) share the accounts' check slots with
 * the bucket runs: while an account already runs its whole share on targets that never answer,
 * its next one-off check goes back to the queue (delayed) instead of holding a worker slot, so a
 * worker whose every slot another account would fill still runs the quiet account's check.
 * Real BullMQ worker, real loopback tarpit; asserted by what ran and what was delayed, not by time.
 */
import net from 'node:net';
import { Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobPayloads, JobName } from '@vigil/core';
import { createTestAccount, createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { createMonitorChecks } from '../monitors/monitor-checks.js';
import { startTargetServer, type TargetServer } from '../testing/target-server.js';
import { checksOf, createMonitor } from '../testing/monitors.js';
import { checkLimiter } from './monitor-bucket.job.js';
import { monitorCheckJob } from './monitor-check.job.js';

let ctx: TestContext;
let target: TargetServer;
let tarpit: net.Server;
const held = new Set<net.Socket>();

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', CHECKER_CONCURRENCY: '10', CHECKER_ACCOUNT_CONCURRENCY: '1' } });
  target = await startTargetServer();
  tarpit = net.createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const s of held) s.destroy();
  if (tarpit.listening) await new Promise((resolve) => tarpit.close(resolve));
  await target.close();
  await ctx.teardown();
});

it("an account at its share has its one-off check delayed, off the worker; another account's check runs on the worker's only other slot", async () => {
  const { account: hostile } = await createTestAccount(ctx, 'business');
  const { account: quiet } = await createTestAccount(ctx, 'business');
  const tarpitUrl = `http://127.0.0.1:${(tarpit.address() as net.AddressInfo).port}`;
  const hanging = [
    await createMonitor(ctx, { url: `${tarpitUrl}/a`, accountId: hostile.id, timeout: 30 }),
    await createMonitor(ctx, { url: `${tarpitUrl}/b`, accountId: hostile.id, timeout: 30 }),
  ];
  const calm = await createMonitor(ctx, { url: `${target.url}/ok`, accountId: quiet.id });
  const accountOf = new Map([...hanging.map((m) => [m.id, hostile.id] as const), [calm.id, quiet.id]]);

  const handler = monitorCheckJob(createMonitorChecks(ctx), {
    limit: checkLimiter(ctx),
    accountsOf: async (ids) => new Map(ids.map((id) => [id, accountOf.get(id) ?? 0])),
  });
  const name = 'gate-test';
  const connection = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: null });
  const workerConnection = connection.duplicate();
  const queue = new Queue(name, { connection: connection as ConnectionOptions, prefix: ctx.config.redisPrefix });
  // Two slots: the hostile account's hanging check takes one; its second must not take the other.
  const worker = new Worker(name, (job: Job<JobPayloads[JobName.MonitorCheck]>) => handler(job.data, job), {
    connection: workerConnection as ConnectionOptions,
    prefix: ctx.config.redisPrefix,
    concurrency: 2,
  });
  try {
    for (const m of hanging) await queue.add('monitor-check', { monitorId: m.id }, { jobId: `first-${m.id}` });
    await waitFor(() => (held.size === 1 ? true : undefined), { what: 'the first hanging check' });
    await waitFor(async () => ((await queue.getDelayedCount()) === 1 ? true : undefined), { what: "the account's second check delayed" });
    await queue.add('monitor-check', { monitorId: calm.id }, { jobId: `first-${calm.id}` });
    const [check] = await waitFor(async () => ((await checksOf(ctx, calm.id)).length ? checksOf(ctx, calm.id) : undefined), { what: "the quiet account's check" });
    expect(check.status).toBe('success');
    // The hostile account never had more than its share connected.
    expect(held.size).toBe(1);
    // The tarpit lets go: the hanging check ends (a failure) before the worker closes.
    for (const s of held) s.destroy();
    await waitFor(async () => ((await checksOf(ctx, hanging[0].id)).length ? true : undefined), { what: 'the hanging check recorded' });
  } finally {
    await worker.close(true);
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
  }
});
