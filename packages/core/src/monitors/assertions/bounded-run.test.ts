import { Worker } from 'node:worker_threads';
import { runBounded, threadCpuMicros, TimeBoundExceeded } from './bounded-run.js';

describe('runBounded', () => {
  it('returns what the work returns', () => {
    expect(runBounded(() => /ok/.test('status ok'), 1000)).toBe(true);
    expect(runBounded(() => ({ n: 1 }), 1000)).toEqual({ n: 1 });
  });

  it('stops catastrophic backtracking at the bound', () => {
    // Unbounded, this takes longer than the age of the universe: the test finishing is the proof.
    expect(() => runBounded(() => /(a+)+$/.test(`${'a'.repeat(40)}b`), 20)).toThrow(TimeBoundExceeded);
  });

  it('stops endless JavaScript too', () => {
    expect(() =>
      runBounded(() => {
        for (;;) {
          /* spins */
        }
      }, 10),
    ).toThrow('Time bound of 10 ms exceeded');
  });

  it('passes other errors through and stays usable after a timeout', () => {
    expect(() =>
      runBounded(() => {
        throw new SyntaxError('bad');
      }, 1000),
    ).toThrow(SyntaxError);
    expect(() => runBounded(() => /(x+x+)+y/.test('x'.repeat(40)), 5)).toThrow(TimeBoundExceeded);
    expect(runBounded(() => 'ok'.length, 1000)).toBe(2);
  });
});

describe('threadCpuMicros', () => {
  /**
   * CPU counted by threadCpuMicros and by the whole process while another thread spins and this
   * one sleeps, until the spinner has used 200 ms of the process's CPU (however busy the machine).
   */
  async function besideASpinningThread(): Promise<{ thread: number; process: number }> {
    const spinner = new Worker('for (;;) {}', { eval: true });
    await new Promise((resolve) => spinner.once('online', resolve));
    const threadBefore = threadCpuMicros();
    const processBefore = process.cpuUsage();
    const cell = new Int32Array(new SharedArrayBuffer(4));
    let used = process.cpuUsage(processBefore);
    for (let step = 0; used.user + used.system < 200_000 && step < 400; step++) {
      // Sleeps without using CPU (no timer: this thread does not run meanwhile).
      Atomics.wait(cell, 0, 0, 50);
      used = process.cpuUsage(processBefore);
    }
    const thread = threadCpuMicros() - threadBefore;
    used = process.cpuUsage(processBefore);
    await spinner.terminate();
    return { thread, process: used.user + used.system };
  }

  (typeof process.threadCpuUsage === 'function' ? it : it.skip)(
    "leaves out the CPU of the process's other threads (Node with process.threadCpuUsage)",
    async () => {
      const { thread, process: whole } = await besideASpinningThread();
      expect(whole).toBeGreaterThanOrEqual(200_000);
      expect(thread).toBeLessThan(50_000);
    },
    30_000,
  );

  (typeof process.threadCpuUsage === 'function' ? it.skip : it)(
    "is the process's CPU on a Node without process.threadCpuUsage",
    async () => {
      const { thread, process: whole } = await besideASpinningThread();
      expect(whole).toBeGreaterThanOrEqual(200_000);
      expect(Math.abs(thread - whole)).toBeLessThan(50_000);
    },
    30_000,
  );
});
