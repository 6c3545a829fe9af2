import { createServer, type AddressInfo } from 'node:net';
import { Queues, createRedisConnection } from '@vigil/core';

/** Queues on a Redis that is down (nothing listens on its port, as after a kill): every add fails or hangs. */
export async function deadRedisQueues(prefix: string): Promise<{ queues: Queues; close: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  const connection = createRedisConnection(`redis://127.0.0.1:${port}`, 'client', { retryStrategy: () => 50 });
  connection.on('error', () => undefined);
  const queues = new Queues(connection, prefix);
  return {
    queues,
    close: async () => {
      connection.disconnect();
      await queues.close().catch(() => undefined);
    },
  };
}
