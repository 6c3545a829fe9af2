import { accountSettledChecks, rollupCountsBetween, type Queryable } from '@vigil/core';
import { HOUR_MS, startOfHour } from './uptime-math.js';

export interface CheckCounts {
  total: number;
  successful: number;
}

const ZERO: CheckCounts = { total: 0, successful: 0 };

/** Bounds the memory of the settled sums (entries over all monitors); past it the cache starts over. */
const MAX_CACHED = 500_000;
/** Likewise for the per-account totals (one entry per account and period start). */
const MAX_CACHED_ACCOUNTS = 100_000;

/**
 * Hours still written to: now's hour and the two before it (RollupWindows' live hours; the
 * checker writes a check's rollup within seconds, two hours of slack cover a late batch).
 */
const LIVE_HOURS = 3;

function liveStartMs(now: Date): number {
  return startOfHour(now).getTime() - (LIVE_HOURS - 1) * HOUR_MS;
}

/** The first hour whose start is at or after `at` (hours `>= at`). */
function ceilHourMs(at: Date): number {
  return Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS;
}

function plus(a: CheckCounts, b: CheckCounts | undefined): CheckCounts {
  return b ? { total: a.total + b.total, successful: a.successful + b.successful } : a;
}

/**
 * Checks and successes per monitor over a period (usage and billing counts, SLA reports), from
 * the hourly rollups: the settled hours' sums (before the live hours, they never change) are
 * read once per monitor, period start and hour and kept in memory; only the live hours are read
 * on every request (at most three rows a monitor). A month of 20 monitors then reads about 60
 * rollup rows instead of 14,400.
 */
export class SettledCounts {
  /** Per monitor: the live start it was filled under, and settled sums by `from:to` (ms). */
  private cache = new Map<number, { liveMs: number; sums: Map<string, CheckCounts> }>();
  private entries = 0;
  /** Per account and period start (`account:fromMs`): the settled total, the live start and monitor set it holds for. */
  private accounts = new Map<string, { liveMs: number; monitorSet: string; total: number }>();

  private cached(monitorId: number, liveMs: number, key: string): CheckCounts | undefined {
    const slot = this.cache.get(monitorId);
    return slot?.liveMs === liveMs ? slot.sums.get(key) : undefined;
  }

  private store(sums: ReadonlyMap<number, CheckCounts>, ids: readonly number[], liveMs: number, key: string): void {
    if (this.entries + ids.length > MAX_CACHED) {
      this.cache.clear();
      this.entries = 0;
    }
    for (const id of ids) {
      let slot = this.cache.get(id);
      if (slot?.liveMs !== liveMs) {
        this.entries -= slot?.sums.size ?? 0;
        slot = { liveMs, sums: new Map() };
        this.cache.set(id, slot);
      }
      if (!slot.sums.has(key)) this.entries++;
      slot.sums.set(key, sums.get(id) ?? ZERO);
    }
  }

  /** The settled sums of [fromMs, toMs) of these monitors: cached ones, the others in one statement. */
  private async settled(db: Queryable, ids: readonly number[], fromMs: number, toMs: number, liveMs: number): Promise<Map<number, CheckCounts>> {
    const key = `${fromMs}:${toMs}`;
    const result = new Map<number, CheckCounts>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.cached(id, liveMs, key);
      if (hit) result.set(id, hit);
      else missing.push(id);
    }
    if (missing.length) {
      const fresh = await rollupCountsBetween(db, missing, new Date(fromMs), new Date(toMs));
      this.store(fresh, missing, liveMs, key);
      for (const id of missing) result.set(id, fresh.get(id) ?? ZERO);
    }
    return result;
  }

  /**
   * Each monitor's checks and successes over the hours from from's hour to before `to`, as
   * rollupCountsBetween counts them (an SLA period), zeros for a monitor without rows.
   */
  async between(db: Queryable, monitorIds: readonly number[], from: Date, to: Date, now: Date): Promise<Map<number, CheckCounts>> {
    const { live } = periodSplit(from, to, now);
    const [settled, liveCounts] = await Promise.all([
      this.settledOf(db, monitorIds, from, to, now),
      live ? rollupCountsBetween(db, monitorIds, live.from, live.to) : new Map<number, CheckCounts>(),
    ]);
    return new Map(monitorIds.map((id) => [id, plus(settled.get(id) ?? ZERO, liveCounts.get(id))]));
  }

  /**
   * The settled part of `between` (periodSplit's `settled`): each monitor's sums, cached ones
   * from memory, the others in one statement; empty when the period has no settled hours.
   */
  async settledOf(db: Queryable, monitorIds: readonly number[], from: Date, to: Date, now: Date): Promise<Map<number, CheckCounts>> {
    const { settled } = periodSplit(from, to, now);
    return settled ? this.settled(db, monitorIds, settled.fromMs, settled.toMs, settled.liveMs) : new Map<number, CheckCounts>();
  }

  /**
   * The checks of the account's monitors over the hours from the first hour starting at or after
   * `hours.from` to before `hours.liveFrom` (accountCheckHours): one total per account and period
   * start, kept while the live start and the account's set of monitors (`monitorSet`, as
   * accountUsageCounts read it) stay the same; a new monitor or a deleted one reads it again.
   */
  async accountSettled(db: Queryable, accountId: number, hours: AccountCheckHours, monitorSet: string): Promise<number> {
    const fromMs = hours.from.getTime();
    const liveMs = hours.liveFrom.getTime();
    if (fromMs >= liveMs) return 0;
    const key = `${accountId}:${fromMs}`;
    const hit = this.accounts.get(key);
    if (hit && hit.liveMs === liveMs && hit.monitorSet === monitorSet) return hit.total;
    const read = await accountSettledChecks(db, accountId, hours.from, hours.liveFrom);
    if (this.accounts.size >= MAX_CACHED_ACCOUNTS) this.accounts.clear();
    // Kept under the version the sum was read with (a create or delete between the two reads
    // makes the next request read it again).
    this.accounts.set(key, { liveMs, monitorSet: read.monitorSet, total: read.total });
    return read.total;
  }
}

/**
 * How a period's checks split: the settled hours from from's hour to before the live hours
 * (cached by SettledCounts; null when there are none) and the rest, read on every request (null
 * when nothing is left: the period ends before the live hours).
 */
export function periodSplit(from: Date, to: Date, now: Date): { settled: { fromMs: number; toMs: number; liveMs: number } | null; live: { from: Date; to: Date } | null } {
  const fromMs = startOfHour(from).getTime();
  const liveMs = liveStartMs(now);
  const settledEndMs = Math.min(to.getTime(), liveMs);
  if (settledEndMs <= fromMs) return { settled: null, live: { from, to } };
  return { settled: { fromMs, toMs: settledEndMs, liveMs }, live: settledEndMs < to.getTime() ? { from: new Date(settledEndMs), to } : null };
}

export interface AccountCheckHours {
  /** The first hour starting at or after the period's start. */
  from: Date;
  /** The first live hour (or `from`, when the period starts within the live hours). */
  liveFrom: Date;
}

/** How an account's check count over the hours starting in [from, now) splits into settled and live hours. */
export function accountCheckHours(from: Date, now: Date): AccountCheckHours {
  const fromMs = ceilHourMs(from);
  return { from: new Date(fromMs), liveFrom: new Date(Math.max(fromMs, liveStartMs(now))) };
}
