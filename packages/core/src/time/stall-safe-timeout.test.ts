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

  it('after a stall past the deadline, I/O that finished in time is seen first, and clearing then stops the callback', async () => {
    const seen: string[] = [];
    let answered!: Promise<void>;
    await fromCheckPhase(() => {
      // The stat (one thread-pool call) finishes during the stall; its completion is delivered
      // in the poll phase, after the timers phase in which the deadline is due.
      const timer = stallSafeTimeout(() => seen.push('timed out'), 100);
      answered = stat(THIS_FILE).then(() => {
        seen.push('answered');
        timer.clear();
      });
      blockEventLoop(1_000);
    });
    await answered;
    await sleep(20);
    expect(seen).toEqual(['answered']);
  });

  it('a plain setTimeout in the same race loses to the deadline (what the stall-safe one fixes)', async () => {
    const seen: string[] = [];
    let answered!: Promise<void>;
    await fromCheckPhase(() => {
      const timer = setTimeout(() => seen.push('timed out'), 100);
      answered = stat(THIS_FILE).then(() => {
        seen.push('answered');
        clearTimeout(timer);
      });
      blockEventLoop(1_000);
    });
    await answered;
    expect(seen).toEqual(['timed out', 'answered']);
  });
});
