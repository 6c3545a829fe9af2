import { InFlight } from './in-flight.js';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flushed = () => new Promise((r) => setImmediate(r));

describe('InFlight', () => {
  it('counts work until it settles, resolved or rejected', async () => {
    const inFlight = new InFlight();
    const [a, b] = [deferred(), deferred()];
    inFlight.track(a.promise);
    inFlight.track(b.promise.catch(() => undefined));
    expect(inFlight.size).toBe(2);
    a.resolve();
    await flushed();
    expect(inFlight.size).toBe(1);
    b.reject(new Error('probe failed'));
    await flushed();
    expect(inFlight.size).toBe(0);
  });

  it('next() resolves when one work settles, every waiter at once; at once when nothing runs', async () => {
    const inFlight = new InFlight();
    await inFlight.next();
    const [a, b] = [deferred(), deferred()];
    inFlight.track(a.promise);
    inFlight.track(b.promise);
    let woken = 0;
    void inFlight.next().then(() => woken++);
    void inFlight.next().then(() => woken++);
    await flushed();
    expect(woken).toBe(0);
    b.resolve();
    await flushed();
    expect([woken, inFlight.size]).toEqual([2, 1]);
    a.resolve();
    await flushed();
  });

  it('drained() waits for work tracked while it waits', async () => {
    const inFlight = new InFlight();
    const [a, b] = [deferred(), deferred()];
    inFlight.track(a.promise);
    let drained = false;
    void inFlight.drained().then(() => (drained = true));
    inFlight.track(b.promise);
    a.resolve();
    await flushed();
    expect(drained).toBe(false);
    b.resolve();
    await flushed();
    expect([drained, inFlight.size]).toEqual([true, 0]);
  });

  it('beside a long work, 10,000 short ones tracked and awaited one after another: the count follows them', async () => {
    const inFlight = new InFlight();
    const long = deferred();
    inFlight.track(long.promise);
    for (let i = 0; i < 10_000; i++) {
      const short = deferred();
      inFlight.track(short.promise);
      const next = inFlight.next();
      short.resolve();
      await next;
    }
    expect(inFlight.size).toBe(1);
    long.resolve();
    await inFlight.drained();
    expect(inFlight.size).toBe(0);
  });
});
