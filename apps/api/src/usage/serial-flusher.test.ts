import { SerialFlusher } from './serial-flusher.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('SerialFlusher', () => {
  it('runs one flush at a time, in the order asked, after the start task', async () => {
    const log: string[] = [];
    const gate = deferred();
    let n = 0;
    const flusher = new SerialFlusher({
      everyMs: 60_000,
      flushOnce: async () => {
        const i = ++n;
        log.push(`start ${i}`);
        if (i === 1) await gate.promise;
        log.push(`end ${i}`);
      },
      onError: () => undefined,
    });
    flusher.start(async () => void log.push('first'));
    const a = flusher.flush();
    const b = flusher.flush();
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['first', 'start 1']);
    gate.resolve();
    await Promise.all([a, b]);
    expect(log).toEqual(['first', 'start 1', 'end 1', 'start 2', 'end 2']);
    await flusher.stop();
    expect(log).toEqual(['first', 'start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('reports a failed flush and retries at the next one', async () => {
    const errors: string[] = [];
    let calls = 0;
    const flusher = new SerialFlusher({
      everyMs: 60_000,
      flushOnce: async () => {
        calls++;
        if (calls === 1) throw new Error('redis away');
      },
      onError: (e) => errors.push(e.message),
    });
    await flusher.flush();
    await flusher.flush();
    expect(errors).toEqual(['redis away']);
    expect(calls).toBe(2);
  });
});
