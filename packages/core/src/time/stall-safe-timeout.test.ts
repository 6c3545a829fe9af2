import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { blockEventLoop } from '@vigil/testing';
import { stallSafeTimeout } from './stall-safe-timeout.js';

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * Runs `race` from a check-phase callback, so that the next loop turn begins with its timers
 * phase: where a deadline that fell due during a stall runs, before the poll phase delivers I/O.
 */
const fromCheckPhase = (race: () => void) => new Promise<void>((resolve) => setImmediate(() => (race(), resolve())));

describe('stallSafeTimeout', () => {
  it('runs its callback once the time is up', async () => {
    const started = Date.now();
    const fired = await new Promise<number>((resolve) => stallSafeTimeout(() => resolve(Date.now()), 50));
    expect(fired - started).toBeGreaterThanOrEqual(49);
  });

  it('never runs a callback cleared before its time', async () => {
    let ran = false;
    stallSafeTimeout(() => (ran = true), 20).clear();
    await sleep(60);
    expect(ran).toBe(false);
  });

  /**
   * A 100 ms deadline (started by `arm`, which answers its clear) against a thread-pool call (a
   * stat) that finishes during a 1 s stall: its completion is delivered in the poll phase, after
   * the timers phase in which the deadline is due. What ran, in order.
   */
  async function raceAgainstStall(arm: (onTime: () => void) => () => void): Promise<string[]> {
    const seen: string[] = [];
    let answered!: Promise<void>;
    await fromCheckPhase(() => {
      const clear = arm(() => seen.push('timed out'));
      answered = stat(THIS_FILE).then(() => {
        seen.push('answered');
        clear();
      });
      blockEventLoop(1_000);
    });
    await answered;
    await sleep(20);
    return seen;
  }

  it('after a stall past the deadline, I/O that finished in time is seen first, and clearing then stops the callback', async () => {
    expect(await raceAgainstStall((onTime) => stallSafeTimeout(onTime, 100).clear)).toEqual(['answered']);
  });

  it('a plain setTimeout in the same race loses to the deadline (what the stall-safe one fixes)', async () => {
    expect(
      await raceAgainstStall((onTime) => {
        const timer = setTimeout(onTime, 100);
        return () => clearTimeout(timer);
      }),
    ).toEqual(['timed out', 'answered']);
  });
});
