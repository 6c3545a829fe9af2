import { checkDayCounts, countChecks, DAY_MS, type CheckDayCount, type CheckListFilter, type Context } from '@vigil/core';
import { FINISHED_DAYS_TTL_MS, FinishedDays, firstUnfinishedDay, type DayRange } from './finished-days.js';

/** Bounds the day counts held: a monitor's day is a row per region and status it has checks of. */
const MAX_DAY_ROWS = 500_000;

/**
 * The whole UTC days of a check list's filter that its total takes from held day counts: finished
 * ones (firstUnfinishedDay), and only from two days after the oldest that retention may have
 * dropped (a day's partition goes once the day is `retentionDays` old: a held count of it would
 * outlive its rows). Null when there are none.
 */
export function heldCheckDays(filter: Pick<CheckListFilter, 'from' | 'toExclusive'>, now: Date, retentionDays: number): DayRange | null {
  const oldestHeld = Math.floor((now.getTime() - retentionDays * DAY_MS) / DAY_MS) + 2;
  const from = Math.max(filter.from ? Math.ceil(filter.from.getTime() / DAY_MS) : -Infinity, oldestHeld);
  const until = Math.min(filter.toExclusive ? Math.floor(filter.toExclusive.getTime() / DAY_MS) : Infinity, firstUnfinishedDay(now));
  return from < until ? { from, until } : null;
}

/**
 * A check list's total (GET /uptime/monitors/{id}/checks, asked for on a full page): the whole
 * finished days of its range counted once per monitor and kept in the process for
 * FINISHED_DAYS_TTL_MS (by day, region and status, so every filter is answered from them), and
 * only the rest of the range counted from the rows on each request. Without held days the whole
 * range was counted on every full page: up to the retention's 90 days of a monitor's checks.
 */
export class CheckTotals {
  private readonly days: FinishedDays<CheckDayCount>;

  constructor(private readonly ctx: Context) {
    this.days = new FinishedDays<CheckDayCount>({ ttlMs: FINISHED_DAYS_TTL_MS, maxMonitors: 20_000, maxRows: MAX_DAY_ROWS, now: () => ctx.clock.now().getTime() });
  }

  async count(filter: CheckListFilter): Promise<number> {
    const db = this.ctx.readDb;
    const held = heldCheckDays(filter, this.ctx.clock.now(), this.ctx.config.checkRetentionDays);
    if (!held) return countChecks(db, filter);
    const [rows, before, after] = await Promise.all([
      this.days.rows([filter.monitorId], held.from, held.until, (ids, from, until) => checkDayCounts(db, ids, from, until)),
      countChecks(db, { ...filter, toExclusive: new Date(held.from * DAY_MS) }),
      countChecks(db, { ...filter, from: new Date(held.until * DAY_MS) }),
    ]);
    // The rows are the held range's days of this one monitor (FinishedDays answers exactly those).
    let total = before + after;
    for (const r of rows) {
      if (filter.status !== undefined && r.status !== filter.status) continue;
      if (filter.region !== undefined && r.region !== filter.region) continue;
      total += r.n;
    }
    return total;
  }
}
