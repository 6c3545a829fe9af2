import { once } from 'node:events';
import { createRedisConnection } from '../queue/redis-connection.js';
import { createRedisProbe } from './redis-probe.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

it('connects a connection ioredis gave up on again, and answers once it is ready', async () => {
  const redis = createRedisConnection(url, 'client');
  try {
    const probe = createRedisProbe(redis, 5_000);
    expect(await probe()).toBe('PONG');
    // What ioredis does when it stops reconnecting for good: the connection ends.
    const ended = once(redis, 'end');
    redis.disconnect();
    await ended;
    expect(redis.status).toBe('end');
    expect(await probe()).toBe('PONG');
    expect(redis.status).toBe('ready');
  } finally {
    redis.disconnect();
  }
});
