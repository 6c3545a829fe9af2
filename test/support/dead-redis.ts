import { createServer, type AddressInfo } from 'node:net';
import { Queues, createLogger, createRedisConnection } from '@vigil/core';

/** Queues on a Redis that is down (nothing listens on its port, as after a kill): every add fails or hangs. */
export async function deadRedisQueues(prefix: string): Promise<{ queues: Queues; close: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  const url = `redis://127.0.0.1:${port}`;
  const connection = createRedisConnection(url, 'client');
  connection.on('error', () => undefined);
  const blocking: ReturnType<typeof createRedisConnection>[] = [];
  const queues = new Queues(
    connection,
    prefix,
    () => {
      const c = createRedisConnection(url, 'worker');
      c.on('error', () => undefined);
      blocking.push(c);
      return c;
    },
    createLogger({ level: 'error', silent: true }),
  );
  return {
    queues,
    close: async () => {
      // Ended first, and the queues closed only once each connection has stopped: BullMQ drops a
      // Queue's error listeners when it closes, and a connection stopped mid-attempt ends a moment
      // later, rejecting the Queue's handshake into no listener (an unhandled rejection).
      await Promise.all([connection, ...blocking].map(stopped));
      await queues.close().catch(() => undefined);
    },
  };
}

/**
 * Disconnected and settled: ioredis ends a connection stopped mid-attempt once its socket closes
 * (a moment later); one stopped between attempts stays 'reconnecting', its retry cancelled.
 */
async function stopped(c: ReturnType<typeof createRedisConnection>): Promise<void> {
  c.disconnect();
  const until = Date.now() + 2_000;
  while (Date.now() < until && c.status !== 'end' && c.status !== 'reconnecting') await new Promise((r) => setTimeout(r, 1));
}
