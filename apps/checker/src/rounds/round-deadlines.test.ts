import { createTestContext, waitFor, type TestContext } from '@vigil/testing';
import { addRoundDeadlines, leaseDueRounds, removeRoundDeadlines } from './round-deadlines.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const at = new Date('2026-03-01T10:00:00.000Z');

describe('round deadlines in Redis (real Redis; its own clock, relative durations)', () => {
  it('the first deadline of a round wins; only rounds past theirs are taken, with where their checks are', async () => {
    const p = `${ctx.config.redisPrefix}:a`;
    await addRoundDeadlines(ctx.redis, p, [
      { monitorId: 1, jobKey: 'repeat:monitor-1:1700000000000', at, inMs: 0 },
      { monitorId: 2, jobKey: 'k2', at, inMs: 60_000 },
    ]);
    // A later answer of round 1 does not move its deadline; round 2's stays a minute away.
    await addRoundDeadlines(ctx.redis, p, [{ monitorId: 1, jobKey: 'repeat:monitor-1:1700000000000', at: new Date(at.getTime() + 5_000), inMs: 60_000 }]);
    expect(await leaseDueRounds(ctx.redis, p, 10, 60_000)).toEqual([{ monitorId: 1, jobKey: 'repeat:monitor-1:1700000000000', at }]);
  });

  it('a taken round is not taken again until its lease ends; removed, it is gone', async () => {
    const p = `${ctx.config.redisPrefix}:b`;
    await addRoundDeadlines(ctx.redis, p, [{ monitorId: 3, jobKey: 'k3', at, inMs: 0 }]);
    expect(await leaseDueRounds(ctx.redis, p, 10, 300)).toHaveLength(1);
    expect(await leaseDueRounds(ctx.redis, p, 10, 300)).toEqual([]);
    // The checker that took it died: after the lease another takes it.
    const again = await waitFor(async () => (await leaseDueRounds(ctx.redis, p, 10, 60_000)).length > 0 && 'taken', { what: 'the lease to end' });
    expect(again).toBe('taken');
    await removeRoundDeadlines(ctx.redis, p, [{ monitorId: 3, jobKey: 'k3' }]);
    expect(await ctx.redis.exists(`${p}:round-deadlines`, `${p}:round-deadline-times`)).toBe(0);
  });

  it('takes at most `limit` rounds at a time', async () => {
    const p = `${ctx.config.redisPrefix}:c`;
    await addRoundDeadlines(ctx.redis, p, Array.from({ length: 5 }, (_, i) => ({ monitorId: 10 + i, jobKey: 'k', at, inMs: 0 })));
    expect(await leaseDueRounds(ctx.redis, p, 3, 60_000)).toHaveLength(3);
    expect(await leaseDueRounds(ctx.redis, p, 3, 60_000)).toHaveLength(2);
  });
});
