import { createTestContext, type TestContext } from '@vigil/testing';
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
