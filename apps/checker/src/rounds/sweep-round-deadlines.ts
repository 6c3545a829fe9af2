import { classifyOutage, type Context } from '@vigil/core';
import { judgeDueRounds } from './judge-round.job.js';
import { leaseDueRounds, removeRoundDeadlines } from './round-deadlines.js';

export interface RoundSweepOptions {
  /** How often the deadlines are looked at: what a deadline may be late by. */
  everyMs: number;
  /** Rounds judged per transaction. */
  batch: number;
  /** How long rounds taken by a checker are left to it before another may take them. */
  leaseMs: number;
}

export const ROUND_SWEEP_DEFAULTS: RoundSweepOptions = { everyMs: 250, batch: 500, leaseMs: 30_000 };

/**
 * Judges the rounds whose deadline passed (round-deadlines.ts), every `everyMs`, one sweep at
 * a time, batch after batch while full ones come. Any checker of any region sweeps; the lease
 * keeps two from taking the same rounds, the judged-once claim keeps a round from being judged
 * twice anyway. Returns the function that stops it (and waits for a sweep in progress).
 */
export function startRoundDeadlineSweep(ctx: Context, onOutboxWritten: () => void, opts: Partial<RoundSweepOptions> = {}): () => Promise<void> {
  const o = { ...ROUND_SWEEP_DEFAULTS, ...opts };
  const { redis, config } = ctx;
  let sweeping: Promise<void> | undefined;
  const sweep = async () => {
    for (;;) {
      const due = await leaseDueRounds(redis, config.redisPrefix, o.batch, o.leaseMs);
      if (!due.length) return;
      await judgeDueRounds(ctx, due, onOutboxWritten);
      await removeRoundDeadlines(redis, config.redisPrefix, due);
      if (due.length < o.batch) return;
    }
  };
  const tick = () => {
    sweeping ??= sweep()
      .catch((e: unknown) => {
        ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'round deadlines not swept; taken again after their lease', { error: (e as Error).message });
      })
      .finally(() => {
        sweeping = undefined;
      });
  };
  const timer = setInterval(tick, o.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
