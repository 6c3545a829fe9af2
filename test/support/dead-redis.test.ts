import { QueueName } from '@vigil/core';
import { deadRedisQueues } from './dead-redis.js';

// BullMQ drops a Queue's error listeners when it closes; a shared connection that ends after
// that (closed while it was connecting) rejects the Queue's handshake into no listener: an
// unhandled rejection, which fails whichever test is running (a CI flake of config-schedules).
it('closing while the dead connection is mid-attempt leaves no rejection unhandled', async () => {
  for (let round = 0; round < 5; round++) {
    const dead = await deadRedisQueues('vigil-dead-redis-test');
    dead.queues.queue(QueueName.Checks);
    const connecting = async () => {
      const until = Date.now() + 5_000;
      while (Date.now() < until && dead.queues.connection.status !== 'connecting') await new Promise((r) => setImmediate(r));
      return dead.queues.connection.status;
    };
    // Past the first attempt, so the handshake has a connection error to reject with.
    await new Promise((r) => setTimeout(r, 60));
    expect(await connecting()).toBe('connecting');
    await dead.close();
    await new Promise((r) => setTimeout(r, 50));
  }
});
