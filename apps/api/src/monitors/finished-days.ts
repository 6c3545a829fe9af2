import { DAY_MS, type RollupDayRow } from '@vigil/core';

/** One monitor's checks on one UTC day, summed from its hourly rollups; `day` counts days since 1970-01-01. */
export type DayRow = RollupDayRow;

/** What a monitor's UTC day holds: its checks' rollups (DayRow), its incidents' count or sums, or its checks' counts. */
export interface MonitorDay {
  monitor_id: number;
  day: number;
}

/** Reads the day rows of `monitorIds` for days `from` (inclusive) to `until` (exclusive). */
export type ReadDays<R extends MonitorDay = DayRow> = (monitorIds: number[], from: number, until: number) => Promise<R[]>;

/**
 * How long after a UTC day ends its rows may still change (a check that started before midnight
 * is written after it, an incident it opened too): until then the day is read live, not from
 * FinishedDays.
 */
export const LATE_WRITES_MS = 15 * 60_000;

/** Whole UTC days (numbers of days since 1970-01-01), `from` included, `until` not. */
export interface DayRange {
  from: number;
  until: number;
}

/** The first UTC day (days since 1970-01-01) not finished at `now`: days before it no longer change. */
export function firstUnfinishedDay(now: Date): number {
  return Math.floor((now.getTime() - LATE_WRITES_MS) / DAY_MS);
}

/** How long a monitor's finished days are reused (a late correction shows within it). */
export const FINISHED_DAYS_TTL_MS = 10 * 60_000;

export interface FinishedDaysOptions {
  /** How long a monitor's finished days are reused (bounds how late a correction shows). */
  ttlMs: number;
  maxMonitors: number;
  /** Bounds the rows held over all monitors (days without rows cost none); none when absent. */
  maxRows?: number;
  now: () => number;
}

interface Entry<R> {
  from: number;
  until: number;
  loadedAt: number;
  rows: R[];
}

/**
 * Finished days of monitors, kept in the process (a status page's 90-day bars, an SLA report's
 * incident days, a check list's day counts): a finished day's rows no longer change, so a build
 * reads only the days still being written (the caller reads them live) and the finished ones of
 * monitors not seen within `ttlMs`, in one statement. Entries are per monitor, so pages and
 * reports sharing monitors share them; the earliest loaded go first past `maxMonitors` (or
 * `maxRows`).
 */
export class FinishedDays<R extends MonitorDay = DayRow> {
  private readonly entries = new Map<number, Entry<R>>();
  private rowsHeld = 0;

  constructor(private readonly opts: FinishedDaysOptions) {}

  /** The rows of days `from` to `until` (exclusive) of every monitor, read only for the monitors not held. */
  async rows(monitorIds: number[], from: number, until: number, read: ReadDays<R>): Promise<R[]> {
    const now = this.opts.now();
    const held: R[] = [];
    const missing: number[] = [];
    for (const id of monitorIds) {
      const entry = this.entries.get(id);
      if (entry && entry.until === until && entry.from <= from && now - entry.loadedAt < this.opts.ttlMs && now >= entry.loadedAt) {
        for (const row of entry.rows) if (row.day >= from) held.push(row);
      } else {
        missing.push(id);
      }
    }
    if (!missing.length) return held;
    const fresh = await read(missing, from, until);
    const byMonitor = new Map<number, R[]>(missing.map((id) => [id, []]));
    for (const row of fresh) byMonitor.get(row.monitor_id)?.push(row);
    for (const [id, rows] of byMonitor) {
      this.forget(id);
      this.entries.set(id, { from, until, loadedAt: now, rows });
      this.rowsHeld += rows.length;
    }
    const maxRows = this.opts.maxRows ?? Infinity;
    while (this.entries.size > this.opts.maxMonitors || this.rowsHeld > maxRows) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return held.concat(fresh);
  }

  private forget(id: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.rowsHeld -= entry.rows.length;
    this.entries.delete(id);
  }
}
