import { once } from 'node:events';
import { blockEventLoop, startTcpProxy } from '@vigil/testing';
import type { Redis } from 'ioredis';
import { closeRedisConnection, createRedisConnection } from './redis-connection.js';

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const TIMEOUT_MS = 200;

async function ready(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') await once(redis, 'ready');
}

describe('a client connection\'s command timeout', () => {
  it('does not fail a command Redis answered while the event loop was stalled past the timeout', async () => {
    const redis = createRedisConnection(redisUrl.toString(), 'client', { commandTimeoutMs: TIMEOUT_MS });
    try {
      await ready(redis);
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answered = redis.ping().then(
          (pong) => pong,
          (e: Error) => e.message,
        );
        // The answer arrives during the stall (Redis answers a PING well within it, even on a
        // busy host); the timer is due when it ends.
        blockEventLoop(TIMEOUT_MS * 4);
        outcomes.push(await answered);
      }
      expect(outcomes).toEqual(['PONG', 'PONG', 'PONG']);
    } finally {
      await closeRedisConnection(redis);
    }
  });

  it('still fails a command Redis does not answer, at its timeout', async () => {
    const proxy = await startTcpProxy(Number(redisUrl.port || 6379), redisUrl.hostname);
    const redis = createRedisConnection(`redis://${redisUrl.hostname}:${proxy.port}`, 'client', { commandTimeoutMs: TIMEOUT_MS });
    redis.on('error', () => undefined);
    try {
      await ready(redis);
      proxy.freeze();
      const started = Date.now();
      await expect(redis.ping()).rejects.toThrow('Command timed out');
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      expect(waited).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      redis.disconnect();
      await proxy.kill();
    }
  });
});
