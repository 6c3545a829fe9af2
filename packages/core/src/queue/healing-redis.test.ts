import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTcpProxy, waitFor } from '@vigil/testing';
import { HealingRedis } from './healing-redis.js';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

it('connects again after ioredis gave up on it (status end), and stays closed once closed on purpose', async () => {
  const proxy = await startTcpProxy(await closedPort());
  // retryStrategy null: ioredis ends the connection at its first failure, as it does when a
  // Sentinel connector's attempt fails.
  const redis = new HealingRedis({ host: '127.0.0.1', port: proxy.port, retryStrategy: () => null, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await once(redis, 'end');
    proxy.retarget(Number(redisUrl.port || 6379));
    await waitFor(() => (redis.status === 'ready' ? true : undefined), { what: 'the ended connection connected again' });
    expect(await redis.ping()).toBe('PONG');
    // Its duplicates heal too (BullMQ's blocking connections are duplicates).
    const duplicate = redis.duplicate({ lazyConnect: true });
    expect(duplicate).toBeInstanceOf(HealingRedis);

    const ended = once(redis, 'end');
    await redis.quit();
    await ended;
    await sleep(1_500);
    expect(redis.status).toBe('end');
  } finally {
    if (redis.status !== 'end') redis.disconnect();
    await proxy.close();
  }
});
