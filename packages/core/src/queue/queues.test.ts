import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { createRedisConnection } from './redis-connection.js';
import { JobName, QueueName } from './queue-names.js';
import { Queues, QueuesClosedError } from './queues.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('gives every Queue an error listener (no raw stack traces when Redis goes away)', () => {
  for (const name of Object.values(QueueName)) expect(ctx.queues.queue(name).listenerCount('error')).toBeGreaterThan(0);
});

it('lets any number of waiting run() callers listen on one Queue (no MaxListenersExceeded warning under load)', () => {
  // Each waiting run() holds a 'closing' listener until its job ends: 0 lifts Node's cap of 10.
  for (const name of Object.values(QueueName)) expect(ctx.queues.queue(name).getMaxListeners()).toBe(0);
});

it('opens no queue after close(): a late caller gets QueuesClosedError, not a handshake on a closing connection', async () => {
  const queues = new Queues(ctx.redis, ctx.config.redisPrefix, () => {
    throw new Error('no QueueEvents connection is made after close()');
  }, ctx.logger);
  await queues.queue(QueueName.Maintenance).waitUntilReady();
  await queues.close();
  expect(() => queues.queue(QueueName.Maintenance)).toThrow(QueuesClosedError);
  expect(() => queues.queue(QueueName.Scans)).toThrow(QueuesClosedError);
  await expect(queues.run(JobName.ReconcileMonitorSchedules, {}, 1_000)).rejects.toBeInstanceOf(QueuesClosedError);
  // The shared connection stays open: it is its owner's to close.
  expect(await ctx.redis.ping()).toBe('PONG');
});

it('forgets a queue whose BullMQ handshake failed, so the next use opens a working one', async () => {
  const connection = createRedisConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 'client');
  connection.on('error', () => undefined);
  const queues = new Queues(connection, ctx.config.redisPrefix, () => {
    throw new Error('no QueueEvents in this test');
  }, ctx.logger);
  try {
    await waitFor(() => connection.status === 'ready', { what: 'the connection ready' });
    await connection.quit();
    const broken = queues.queue(QueueName.Maintenance);
    await expect(broken.waitUntilReady()).rejects.toThrow();
    await connection.connect();
    const healed = await waitFor(() => (queues.queue(QueueName.Maintenance) !== broken ? queues.queue(QueueName.Maintenance) : undefined), {
      what: 'a new queue',
    });
    await healed.upsertJobScheduler('healing-test', { every: 60_000 }, { name: JobName.ReconcileMonitorSchedules, data: {} });
    expect((await healed.getJobScheduler('healing-test'))?.every).toBe(60_000);
    await healed.removeJobScheduler('healing-test');
  } finally {
    await queues.close();
    connection.disconnect();
  }
});
