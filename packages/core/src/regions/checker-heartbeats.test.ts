import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { recordHeartbeat, regionLiveness, removeHeartbeat, seenRegions } from './checker-heartbeats.js';

describe('checker heartbeats (real Redis)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.teardown());

  it('counts live checkers per region, forgets expired ones, keeps the last heartbeat, lists configured regions without one', async () => {
    const p = ctx.config.redisPrefix;
    await recordHeartbeat(ctx.redis, p, 'eu', 'a', new Date('2026-01-01T00:00:00Z'));
    await recordHeartbeat(ctx.redis, p, 'eu', 'b', new Date('2026-01-01T00:00:01Z'), 200);
    await recordHeartbeat(ctx.redis, p, 'us', 'c', new Date('2026-01-01T00:00:02Z'));
    expect(await regionLiveness(ctx.redis, p, ['ap'])).toEqual([
      { name: 'ap', liveCheckers: 0, lastHeartbeatAt: null },
      { name: 'eu', liveCheckers: 2, lastHeartbeatAt: '2026-01-01T00:00:01.000Z' },
      { name: 'us', liveCheckers: 1, lastHeartbeatAt: '2026-01-01T00:00:02.000Z' },
    ]);
    // b's relative TTL runs out: eu has one live checker left.
    await waitFor(async () => (await regionLiveness(ctx.redis, p)).find((r) => r.name === 'eu')?.liveCheckers === 1, { what: 'b to expire' });
    expect(await ctx.redis.smembers(`${p}:region:eu:checkers`)).toEqual(['a']);
    await removeHeartbeat(ctx.redis, p, 'us', 'c');
    expect((await regionLiveness(ctx.redis, p)).find((r) => r.name === 'us')).toEqual({ name: 'us', liveCheckers: 0, lastHeartbeatAt: '2026-01-01T00:00:02.000Z' });
    expect((await seenRegions(ctx.redis, p)).sort()).toEqual(['eu', 'us']);
  });
});
