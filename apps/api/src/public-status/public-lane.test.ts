import { PublicLane } from './public-lane.js';

/** A lane on a hand-driven clock: `advance(ms)` runs the timers that fell due. */
function harness(limit: number, maxQueue: number) {
  let now = 0;
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const lane = new PublicLane({
    limit,
    maxQueue,
    maxWaitMs: 1_000,
    now: () => now,
    schedule: (fn, ms) => {
      const t = { at: now + ms, fn, cancelled: false };
      timers.push(t);
      return () => {
        t.cancelled = true;
      };
    },
  });
  const events: string[] = [];
  const leaves = new Map<string, () => void>();
  const enter = (key: string, name: string) =>
    leaves.set(
      name,
      lane.enter(
        key,
        () => events.push(`${name}:start`),
        () => events.push(`${name}:shed`),
      ),
    );
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers) {
      if (!t.cancelled && t.at <= now) {
        t.cancelled = true;
        t.fn();
      }
    }
  };
  return { lane, enter, leave: (name: string) => leaves.get(name)?.(), advance, events };
}

describe('PublicLane', () => {
  it('works on at most `limit` at once; a freed slot goes to the page with the fewest running, not the crowd', () => {
    const h = harness(2, 10);
    h.enter('crowd', 'c1');
    h.enter('crowd', 'c2');
    h.enter('crowd', 'c3');
    h.enter('crowd', 'c4');
    h.enter('quiet', 'q1');
    expect(h.events).toEqual(['c1:start', 'c2:start']);
    expect([h.lane.inFlight, h.lane.queued]).toEqual([2, 3]);
    h.leave('c1');
    expect(h.events).toEqual(['c1:start', 'c2:start', 'q1:start']);
    h.leave('c2');
    expect(h.events.at(-1)).toBe('c3:start');
  });

  it('sheds at once beyond maxQueue waiting, and sheds one that waited maxWaitMs; leaving after a shed does nothing', () => {
    const h = harness(1, 1);
    h.enter('a', 'a1');
    h.enter('b', 'b1');
    h.enter('b', 'b2');
    expect(h.events).toEqual(['a1:start', 'b2:shed']);
    h.advance(999);
    expect(h.events).toEqual(['a1:start', 'b2:shed']);
    h.advance(1);
    expect(h.events).toEqual(['a1:start', 'b2:shed', 'b1:shed']);
    h.leave('b1');
    h.leave('b2');
    expect([h.lane.inFlight, h.lane.queued]).toEqual([1, 0]);
    h.leave('a1');
    h.leave('a1');
    expect(h.lane.inFlight).toBe(0);
    // A request that got its slot is never shed by its wait timer.
    h.enter('a', 'a2');
    h.advance(5_000);
    expect(h.events.at(-1)).toBe('a2:start');
  });
});
