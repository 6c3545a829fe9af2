import { PublicFaceGate, type PublicFaceGateOptions } from './public-face-gate.js';

/** A gate on a hand-driven clock and scheduler: `advance(ms)` moves time and runs what fell due, in order. */
function harness(over: Partial<PublicFaceGateOptions> = {}) {
  let now = 0;
  const tasks: { at: number; fn: () => void; cancelled: boolean }[] = [];
  const gate = new PublicFaceGate({
    busyRate: 100,
    burst: 2,
    idleBatch: 3,
    maxQueue: 5,
    maxWaitMs: 1_000,
    holdMs: 0,
    now: () => now,
    schedule: (fn, ms) => {
      const task = { at: now + ms, fn, cancelled: false };
      tasks.push(task);
      return () => {
        task.cancelled = true;
      };
    },
    ...over,
  });
  const outcomes: string[] = [];
  const enter = (name: string) => gate.enter((ok) => outcomes.push(`${name}:${ok ? 'go' : 'shed'}`));
  /** Runs due tasks one by one (a turn each), earliest first. */
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = tasks.filter((t) => !t.cancelled && t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = Math.max(now, due.at);
      due.cancelled = true;
      due.fn();
    }
    now = until;
  };
  /** Runs the one earliest task (one event-loop turn). */
  const step = () => {
    const due = tasks.filter((t) => !t.cancelled).sort((a, b) => a.at - b.at)[0];
    if (!due) return false;
    now = Math.max(now, due.at);
    due.cancelled = true;
    due.fn();
    return true;
  };
  const pendingTasks = () => tasks.filter((t) => !t.cancelled).length;
  return { gate, enter, advance, step, outcomes, pendingTasks };
}

describe('PublicFaceGate', () => {
  it('lets public requests go at once, without limit, while no API request is in flight', () => {
    const h = harness();
    for (let i = 0; i < 50; i++) expect(h.enter(`p${i}`)).toBeNull(); // decided at once: nothing to leave
    expect(h.outcomes).toHaveLength(50);
    expect(h.outcomes.every((o) => o.endsWith(':go'))).toBe(true);
    expect(h.pendingTasks()).toBe(0);
  });

  it('admits the burst, then busyRate per second while the API is busy; the rest wait in order', () => {
    const h = harness();
    const done = h.gate.apiStarted();
    ['a', 'b', 'c', 'd', 'e'].forEach((n) => h.enter(n));
    expect(h.outcomes).toEqual(['a:go', 'b:go']);
    expect(h.gate.waiting).toBe(3);
    h.advance(9);
    expect(h.outcomes).toEqual(['a:go', 'b:go']);
    h.advance(1); // 100 per second: one token every 10 ms
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go']);
    h.advance(20);
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go', 'd:go', 'e:go']);
    done();
  });

  it('a newcomer does not overtake those waiting, even when a token is free', () => {
    const h = harness({ burst: 1 });
    h.gate.apiStarted();
    h.enter('a');
    h.enter('b');
    h.advance(5);
    h.enter('c');
    expect(h.outcomes).toEqual(['a:go']);
    h.advance(5);
    expect(h.outcomes).toEqual(['a:go', 'b:go']);
    h.advance(10);
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go']);
  });

  it('sheds at once when maxQueue are waiting, and sheds those who waited maxWaitMs', () => {
    const h = harness({ burst: 0, busyRate: 1, maxQueue: 2, maxWaitMs: 300 });
    h.gate.apiStarted();
    h.enter('a');
    h.enter('b');
    h.enter('c');
    expect(h.outcomes).toEqual(['c:shed']);
    h.advance(300);
    expect(h.outcomes).toEqual(['c:shed', 'a:shed', 'b:shed']);
    expect(h.gate.waiting).toBe(0);
  });

  it('drains the line idleBatch per turn once the API falls idle', () => {
    const h = harness({ burst: 0, busyRate: 1 });
    const first = h.gate.apiStarted();
    const second = h.gate.apiStarted();
    ['a', 'b', 'c', 'd', 'e'].forEach((n) => h.enter(n));
    first();
    h.advance(0);
    expect(h.outcomes).toEqual([]);
    second();
    second(); // ended once only
    h.advance(0);
    // Turns at the same instant run one by one: 3 (idleBatch), then 2.
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go', 'd:go', 'e:go']);
    const busy = h.gate.apiStarted();
    h.enter('f');
    expect(h.outcomes).toHaveLength(5);
    busy();
    h.advance(0);
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go', 'd:go', 'e:go', 'f:go']);
  });

  it('drains at most idleBatch in one turn', () => {
    const h = harness({ burst: 0, busyRate: 1, maxQueue: 10 });
    const done = h.gate.apiStarted();
    for (let i = 0; i < 7; i++) h.enter(`p${i}`);
    done();
    const perTurn: number[] = [];
    while (h.step()) perTurn.push(h.outcomes.length);
    expect(perTurn).toEqual([3, 6, 7]);
  });

  it('a request whose client left leaves the line without taking a token', () => {
    const h = harness({ burst: 0 });
    h.gate.apiStarted();
    const leaveA = h.enter('a');
    h.enter('b');
    expect(leaveA).not.toBeNull();
    leaveA?.();
    expect(h.gate.waiting).toBe(1);
    h.advance(10);
    expect(h.outcomes).toEqual(['b:go']);
  });

  it('refills no more than the burst while idle', () => {
    const h = harness({ burst: 2 });
    h.advance(60_000);
    h.gate.apiStarted();
    ['a', 'b', 'c'].forEach((n) => h.enter(n));
    expect(h.outcomes).toEqual(['a:go', 'b:go']);
  });

  it('counts the API busy for holdMs after its last request ended', () => {
    const h = harness({ burst: 0, busyRate: 1, holdMs: 100 });
    const done = h.gate.apiStarted();
    h.enter('a');
    done();
    h.advance(99);
    expect(h.outcomes).toEqual([]);
    h.enter('b'); // still busy: waits behind a
    h.advance(1);
    expect(h.outcomes).toEqual(['a:go', 'b:go']);
    expect(h.enter('c')).toBeNull(); // idle now: at once
    expect(h.outcomes).toEqual(['a:go', 'b:go', 'c:go']);
  });
});
