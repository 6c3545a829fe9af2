import type { RollupDayRow } from '@vigil/core';

/** One monitor's checks on one UTC day, summed from its hourly rollups; `day` counts days since 1970-01-01. */
export type DayRow = RollupDayRow;

/** What a monitor's UTC day holds: its checks (DayRow) or its incidents' count. */
export interface MonitorDay {
  monitor_id: number;
  day: number;
}

/** Reads the day rows of `monitorIds` for days `from` (inclusive) to `until` (exclusive). */
export type ReadDays<R extends MonitorDay = DayRow> = (monitorIds: number[], from: number, until: number) => Promise<R[]>;

export interface FinishedDaysOptions {
  /** How long a monitor's finished days are reused (bounds how late a correction shows). */
  ttlMs: number;
  maxMonitors: number;
  now: () => number;
}

interface Entry<R> {
  from: number;
  until: number;
  loadedAt: number;
  rows: R[];
}

/**
 * The finished days of a status page's 90-day bars, kept in the process: a finished day's
 * rollups, and the count of incidents that touched it, no longer change, so a page build reads
 * only the days still being written (the caller passes them as live) and the finished ones of
 * monitors not seen within `ttlMs`, in one statement. Entries are per monitor, so pages sharing
 * monitors share them; the oldest go first past `maxMonitors`.
 */
export class FinishedDays<R extends MonitorDay = DayRow> {
  private readonly entries = new Map<number, Entry<R>>();

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
      this.entries.delete(id);
      this.entries.set(id, { from, until, loadedAt: now, rows });
    }
    while (this.entries.size > this.opts.maxMonitors) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return held.concat(fresh);
  }
}
