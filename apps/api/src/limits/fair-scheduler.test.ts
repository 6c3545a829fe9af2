import { FairScheduler } from './fair-scheduler.js';

const HOLD_MS = 1_000;

/** A scheduler with as many slots shared as alone (unless told) on a clock the test moves. */
function scheduler(limit: number, sharedLimit = limit) {
  const clock = { ms: 0 };
  return { clock, scheduler: new FairScheduler({ limit, sharedLimit, holdMs: HOLD_MS, now: () => clock.ms }) };
}

/** A scheduler whose work records its start and can be ended by name. */
function harness(limit: number, sharedLimit = limit) {
  const { clock, scheduler: s } = scheduler(limit, sharedLimit);
  const sched = s;
  const started: string[] = [];
  const leaves = new Map<string, () => void>();
  const submit = (key: string, name: string) => {
    leaves.set(
      name,
      sched.enter(key, () => started.push(name)),
    );
  };
  const end = (name: string) => {
    const leave = leaves.get(name);
    if (!leave) throw new Error(`no work named ${name}`);
    leave();
  };
  return { scheduler: sched, clock, started, submit, end };
}

describe('FairScheduler', () => {
  it('refuses limits that are not positive integers, and a shared limit above the limit', () => {
    const make = (limit: number, sharedLimit: number) => () => new FairScheduler({ limit, sharedLimit, holdMs: HOLD_MS, now: () => 0 });
    for (const bad of [0, -1, 2.5, Number.NaN]) {
      expect(make(bad, 1)).toThrow(RangeError);
      expect(make(4, bad)).toThrow(RangeError);
    }
    expect(make(2, 3)).toThrow(RangeError);
    expect(make(1, 1)().limit).toBe(1);
  });

  it('starts work synchronously while a slot is free, and never more than the limit at a time', () => {
    const h = harness(3);
    h.submit('a', 'a1');
    expect(h.started).toEqual(['a1']);
    h.submit('b', 'b1');
    h.submit('a', 'a2');
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
    h.submit('a', 'a3');
    h.submit('c', 'c1');
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
    expect(h.scheduler.inFlight).toBe(3);
    expect(h.scheduler.queued).toBe(2);
  });

  it('is work conserving: a lone key gets every slot, and each freed slot goes straight to its next request', () => {
    const h = harness(4);
    for (let i = 1; i <= 10; i++) h.submit('a', `a${i}`);
    expect(h.started).toEqual(['a1', 'a2', 'a3', 'a4']);
    h.end('a2');
    expect(h.started).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    h.end('a1');
    h.end('a5');
    expect(h.started.slice(5)).toEqual(['a6', 'a7']);
    expect(h.scheduler.inFlight).toBe(4);
    expect(h.scheduler.queued).toBe(3);
  });

  it('keeps each key first come, first served', () => {
    const h = harness(1);
    h.submit('a', 'a1');
    for (const name of ['a2', 'b1', 'a3', 'b2', 'a4', 'b3']) h.submit(name[0], name);
    for (let i = 0; i < 6; i++) h.end(h.started[h.started.length - 1]);
    const ofKey = (k: string) => h.started.filter((n) => n.startsWith(k));
    expect(ofKey('a')).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(ofKey('b')).toEqual(['b1', 'b2', 'b3']);
  });

  it("gives another key's request the next free slot however many a busy key has waiting", () => {
    const h = harness(2);
    for (let i = 1; i <= 50; i++) h.submit('busy', `busy${i}`);
    h.submit('quiet', 'quiet1');
    h.end('busy1');
    expect(h.started).toEqual(['busy1', 'busy2', 'quiet1']);
    // Nothing of the quiet key waits any more: the busy key has the slots to itself again.
    h.end('quiet1');
    expect(h.started.at(-1)).toBe('busy3');
    h.end('busy2');
    expect(h.started.at(-1)).toBe('busy4');
  });

  it('shares the slots round robin between keys that all have work waiting', () => {
    const h = harness(3);
    for (const k of ['a', 'b', 'c']) for (let i = 1; i <= 6; i++) h.submit(k, `${k}${i}`);
    // a filled the slots; b and c wait.
    expect(h.started).toEqual(['a1', 'a2', 'a3']);
    // Each freed slot goes to the waiting key with the fewest running: b, c, then b and c again
    // (a still runs two), until all three run one each; then in turn.
    h.end('a1');
    h.end('a2');
    expect(h.started.slice(3)).toEqual(['b1', 'c1']);
    h.end('a3');
    expect(h.started.at(-1)).toBe('a4');
    for (const name of ['b1', 'c1', 'a4', 'b2', 'c2', 'a5']) {
      const before = h.started.length;
      h.end(name);
      expect(h.started.length).toBe(before + 1);
    }
    expect(h.started.slice(6)).toEqual(['b2', 'c2', 'a5', 'b3', 'c3', 'a6']);
  });

  it('among keys running as many, serves the one served longest ago', () => {
    const h = harness(3);
    for (const name of ['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'b3']) h.submit(name[0], name);
    expect(h.started).toEqual(['a1', 'b1', 'c1']);
    // a and b run one each; a has waited longer.
    h.end('c1');
    expect(h.started.at(-1)).toBe('a2');
    // a1 ends: a and b run one each again; b was served longest ago.
    h.end('a1');
    expect(h.started.at(-1)).toBe('b2');
    h.end('b1');
    expect(h.started.at(-1)).toBe('a3');
    h.end('a2');
    expect(h.started.at(-1)).toBe('b3');
  });

  it('a waiter that leaves gives up its place, takes no slot and never starts', () => {
    const h = harness(1);
    h.submit('a', 'a1');
    h.submit('a', 'a2');
    h.submit('b', 'b1');
    h.submit('a', 'a3');
    h.end('a2');
    h.end('b1');
    expect(h.scheduler.queued).toBe(1);
    h.end('a1');
    expect(h.started).toEqual(['a1', 'a3']);
    expect(h.scheduler.queued).toBe(0);
    h.end('a3');
    expect(h.scheduler.inFlight).toBe(0);
    // Nothing is left over: the next request starts at once.
    h.submit('b', 'b2');
    expect(h.started.at(-1)).toBe('b2');
  });

  it('a key whose only waiter left drops out of the rotation', () => {
    const h = harness(1);
    h.submit('a', 'a1');
    h.submit('b', 'b1');
    h.submit('c', 'c1');
    h.end('b1');
    h.end('a1');
    expect(h.started).toEqual(['a1', 'c1']);
    h.end('c1');
    expect(h.scheduler.inFlight).toBe(0);
    expect(h.scheduler.queued).toBe(0);
  });

  it('leaving twice, or after the work ended, changes nothing', () => {
    const h = harness(1);
    h.submit('a', 'a1');
    h.submit('a', 'a2');
    h.submit('a', 'a3');
    h.end('a1');
    h.end('a1');
    expect(h.started).toEqual(['a1', 'a2']);
    expect(h.scheduler.inFlight).toBe(1);
    expect(h.scheduler.queued).toBe(1);
    h.end('a2');
    h.end('a2');
    h.end('a3');
    h.end('a3');
    expect(h.scheduler.inFlight).toBe(0);
    expect(h.scheduler.queued).toBe(0);
  });

  it('work that ends inside its own start hands the slot on in order', () => {
    const { scheduler: sched } = scheduler(1);
    const order: string[] = [];
    const leaveOf = new Map<string, () => void>();
    const instant = (name: string) => () => {
      order.push(name);
      leaveOf.get(name)?.();
    };
    leaveOf.set('hold', sched.enter('a', () => order.push('hold')));
    for (const name of ['x1', 'y1', 'x2']) leaveOf.set(name, sched.enter(name[0], instant(name)));
    expect(order).toEqual(['hold']);
    leaveOf.get('hold')?.();
    expect(order).toEqual(['hold', 'x1', 'y1', 'x2']);
    expect(sched.inFlight).toBe(0);
    expect(sched.queued).toBe(0);
  });

  it('gives a lone key every slot, and only the shared slots once another key asks', () => {
    const h = harness(4, 2);
    for (let i = 1; i <= 8; i++) h.submit('busy', `busy${i}`);
    expect(h.started).toEqual(['busy1', 'busy2', 'busy3', 'busy4']);
    expect(h.scheduler.limit).toBe(4);
    h.submit('quiet', 'quiet1');
    expect(h.scheduler.limit).toBe(2);
    // Four run, two slots now: nothing starts until fewer than two run; then the quiet key first.
    h.end('busy1');
    h.end('busy2');
    expect(h.started).toHaveLength(4);
    h.end('busy3');
    expect(h.started.at(-1)).toBe('quiet1');
    h.end('quiet1');
    expect(h.started.at(-1)).toBe('busy5');
    expect(h.scheduler.inFlight).toBe(2);
  });

  it('gives the lone key every slot again once the other key has been quiet for the hold time', () => {
    const h = harness(4, 2);
    h.submit('quiet', 'quiet1');
    h.end('quiet1');
    for (let i = 1; i <= 6; i++) h.submit('busy', `busy${i}`);
    expect(h.started).toEqual(['quiet1', 'busy1', 'busy2']);
    h.clock.ms += HOLD_MS - 1;
    h.end('busy1');
    expect(h.started.at(-1)).toBe('busy3');
    expect(h.scheduler.inFlight).toBe(2);
    h.clock.ms += 1;
    expect(h.scheduler.limit).toBe(4);
    // The next event fills the slots added (a new request of the busy key waits its turn behind its own).
    h.submit('busy', 'busy7');
    expect(h.started.slice(4)).toEqual(['busy4', 'busy5']);
    expect(h.scheduler.inFlight).toBe(4);
    expect(h.scheduler.queued).toBe(2);
  });

  it('never starts work beyond the limit, never leaves a slot idle while work waits, and serves the fewest-running key (random workload)', () => {
    // A seeded generator, so a failure replays.
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    interface Work {
      key: string;
      id: number;
      leave: () => void;
    }
    for (const [limit, sharedLimit] of [
      [1, 1],
      [2, 2],
      [5, 5],
      [8, 2],
    ]) {
      const { clock, scheduler: sched } = scheduler(limit, sharedLimit);
      const running = new Set<Work>();
      const waiting = new Set<Work>();
      const count = (set: Set<Work>, key: string) => [...set].filter((w) => w.key === key).length;
      const violations: string[] = [];
      const lastStarted = new Map<string, number>();
      let startedAfterWaiting = 0;
      let gaveUp = 0;
      for (let id = 0; id < 3_000; id++) {
        const roll = random();
        if (roll < 0.45) {
          // Long runs of one key (alone: every slot) between stretches of several.
          const key = Math.floor(id / 300) % 2 ? 'k0' : `k${Math.floor(random() * 4)}`;
          const work: Work = { key, id, leave: () => undefined };
          work.leave = sched.enter(work.key, () => {
            if (running.size >= sched.limit) violations.push(`${work.id} started with ${running.size} running (limit ${sched.limit})`);
            // The slot goes to a key with no fewer running than any other key with work waiting.
            const mine = count(running, work.key);
            for (const other of waiting) {
              if (other !== work && count(running, other.key) < mine) violations.push(`${work.id} started before ${other.id}`);
            }
            if ((lastStarted.get(work.key) ?? -1) > work.id) violations.push(`${work.id} started after a later request of its key`);
            lastStarted.set(work.key, work.id);
            if (waiting.delete(work)) startedAfterWaiting++;
            running.add(work);
          });
          if (!running.has(work)) waiting.add(work);
        } else if (roll < 0.9 && running.size) {
          const all = [...running];
          const work = all[Math.floor(random() * all.length)];
          running.delete(work);
          work.leave();
        } else if (waiting.size) {
          // A client gives up while waiting.
          const all = [...waiting];
          const work = all[Math.floor(random() * all.length)];
          waiting.delete(work);
          gaveUp++;
          work.leave();
        }
        if (running.size > limit) violations.push(`${running.size} running at step ${id}`);
        if (waiting.size && running.size < sched.limit) violations.push(`a slot idle while work waits at step ${id}`);
        if (sched.inFlight !== running.size || sched.queued !== waiting.size) violations.push(`counts wrong at step ${id}`);
        // Time passes; now and then long enough for the other keys to go quiet.
        clock.ms += random() < 0.02 ? HOLD_MS : Math.floor(random() * 20);
      }
      expect(violations).toEqual([]);
      // The workload did make work wait, and clients give up.
      expect(startedAfterWaiting).toBeGreaterThan(100);
      expect(gaveUp).toBeGreaterThan(10);
    }
  });
});
