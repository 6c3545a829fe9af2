import { createTestContext, flushPrefixKeys, waitFor, type TestContext } from '@vigil/testing';
import { watchRedisRecovery } from './redis-recovery.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('watchRedisRecovery', () => {
  it('recovers once when the data is lost under a live connection, and again after a reconnect', async () => {
    const reasons: string[] = [];
    const stop = await watchRedisRecovery(ctx, async (reason) => void reasons.push(reason), 20);
    try {
      // Nothing happened yet: no recovery.
      await new Promise((r) => setTimeout(r, 100));
      expect(reasons).toEqual([]);
      await flushPrefixKeys(ctx);
      await waitFor(() => reasons.length === 1, { what: 'a recovery after the data loss' });
      expect(reasons).toEqual(['Redis lost its data']);

      ctx.redis.disconnect(true);
      await waitFor(() => reasons.length === 2, { what: 'a recovery after the reconnect' });
      expect(reasons[1]).toBe('Redis connection restored');
    } finally {
      await stop();
    }
  });

  it('a recovery that fails is tried again until it succeeds', async () => {
    let attempts = 0;
    const stop = await watchRedisRecovery(
      ctx,
      async () => {
        if (++attempts < 3) throw new Error('Redis still loading');
      },
      20,
    );
    try {
      await flushPrefixKeys(ctx);
      await waitFor(() => attempts === 3, { what: 'three attempts' });
      await new Promise((r) => setTimeout(r, 100));
      expect(attempts).toBe(3);
    } finally {
      await stop();
    }
  });

  it('stopping waits for a recovery in progress, and no recovery starts after it', async () => {
    let started = 0;
    let finished = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stop = await watchRedisRecovery(
      ctx,
      async () => {
        started++;
        await gate;
        finished++;
      },
      20,
    );
    await flushPrefixKeys(ctx);
    await waitFor(() => started === 1, { what: 'a recovery under way' });
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(1);
    // The marker is gone again, but the watcher has stopped: nothing runs any more.
    await flushPrefixKeys(ctx);
    await new Promise((r) => setTimeout(r, 100));
    expect(started).toBe(1);
  });

  it('stopping waits at most stopWaitMs for a recovery that never settles', async () => {
    let started = false;
    const stop = await watchRedisRecovery(
      ctx,
      () => {
        started = true;
        return new Promise<void>(() => undefined);
      },
      20,
      100,
    );
    await flushPrefixKeys(ctx);
    await waitFor(() => started, { what: 'a recovery under way' });
    await stop();
  });
});
