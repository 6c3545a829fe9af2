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
      connection.disconnect();
      blocking.forEach((c) => c.disconnect());
      await queues.close().catch(() => undefined);
    },
  };
}
