/** The source of "now". Injected so tests can cross midnight or a month boundary at will. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests and benchmarks. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

const DAY_MS = 86_400_000;

/** The last day utcDay wrote (every keyed request asks for today's): its number since the epoch and its text. */
let lastDay = { n: Number.NaN, text: '' };

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  const n = Math.floor(at.getTime() / DAY_MS);
  if (n !== lastDay.n) lastDay = { n, text: at.toISOString().slice(0, 10) };
  return lastDay.text;
}

/** The next 00:00 UTC strictly after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS + DAY_MS);
}

/**
 * Milliseconds from `at` until the next 00:00 UTC. Expiries of day counters are given to Redis as
 * this relative TTL (PEXPIRE), never as an absolute time: Redis judges an absolute expiry by its
 * own wall clock, which an injected clock need not agree with.
 */
export function msUntilNextUtcMidnight(at: Date): number {
  return nextUtcMidnight(at).getTime() - at.getTime();
}

/** ISO 8601 with an explicit +00:00 offset, as the quota 429 body's reset_at wants. */
export function isoWithOffset(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
