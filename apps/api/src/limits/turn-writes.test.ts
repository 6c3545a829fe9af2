import { createTestContext, testClock, type TestContext } from '@vigil/testing';
import { AccountQuota } from './account-quota.js';
import { BurstCounter } from './burst-counter.js';
import { turnWrites } from './turn-writes.js';

const clock = testClock('2026-11-27T10:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

/** The command connection's socket (the test context's Redis is a single node). */
function socketOf(c: TestContext) {
  if (!('stream' in c.redis)) throw new Error('expected a single-node Redis connection');
  return c.redis.stream;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turnWrites', () => {
  it('is one per connection', () => {
    expect(turnWrites(ctx.redis)).toBe(turnWrites(ctx.redis));
  });

  it('holds the commands of one event-loop turn back and sends them together at its end', async () => {
    const socket = socketOf(ctx);
    const counter = new BurstCounter(ctx.redis);
    const key = `${ctx.config.redisPrefix}:turn-writes:burst`;
    const counts = [1, 2, 3].map(() => counter.consume(key, 10, clock.now()));
    // Three commands written, none of them on the wire yet: the socket is corked once.
    expect(socket.writableCorked).toBe(1);
    expect(socket.writableLength).toBeGreaterThan(0);
    await nextTurn();
    expect(socket.writableCorked).toBe(0);
    const results = await Promise.all(counts);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true]);
    // Each command was counted, in the order sent.
    expect((await counter.consume(key, 3, clock.now())).allowed).toBe(false);
  });

  it('lets the admission script and other commands of the turn share the write, each with its own reply', async () => {
    const socket = socketOf(ctx);
    const quota = new AccountQuota(ctx.redis, ctx.config.redisPrefix);
    const admissions = [901, 902].map((accountId) =>
      quota.admit({ accountId, apiKeyId: accountId, now: clock.now(), perMinute: 5, perDay: null, burst: null, stamp: '' }),
    );
    const other = ctx.redis.set(`${ctx.config.redisPrefix}:turn-writes:other`, 'x');
    expect(socket.writableCorked).toBe(1);
    const [a, b] = await Promise.all(admissions);
    expect(a.kind).toBe('stale');
    expect(b.kind).toBe('stale');
    expect(await other).toBe('OK');
    expect(socket.writableCorked).toBe(0);
  });

  it('ends a hold with nothing sent at the end of the turn', async () => {
    const writes = turnWrites(ctx.redis);
    // A hold with nothing sent still ends with the turn.
    writes.hold();
    await nextTurn();
    expect(socketOf(ctx).writableCorked).toBe(0);
  });
});
