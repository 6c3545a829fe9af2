import { activeMaintenance, isDatabaseUnavailable, windowsThatStopChecks, type Clock, type MaintenanceWindow } from '@vigil/core';
import type { DataSource } from 'typeorm';

/** How long the windows that stop checks are cached: a new window takes effect within this. */
export const MAINTENANCE_CALENDAR_TTL_MS = 15_000;

/**
 * The maintenance windows that stop checks (`keep_checking: false`), cached for a few seconds:
 * a scheduled check asks before it probes, so it needs no query of its own. Windows that keep
 * checking need no answer here: recordChecks flags their checks exactly, at the check's time.
 * While PostgreSQL cannot be reached the windows last read keep answering (none if none were
 * read yet), so checks go on through the outage; the next TTL tries again.
 */
export function createMaintenanceCalendar(db: DataSource, clock: Clock, ttlMs = MAINTENANCE_CALENDAR_TTL_MS) {
  let byAccount = new Map<number, MaintenanceWindow[]>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | null = null;

  const refresh = async () => {
    const windows = await windowsThatStopChecks(db);
    const next = new Map<number, MaintenanceWindow[]>();
    for (const w of windows) next.set(w.accountId, [...(next.get(w.accountId) ?? []), w]);
    byAccount = next;
    loadedAt = clock.now().getTime();
  };

  return {
    /** Whether a window that stops checks covers the monitor now. */
    async stopsChecks(monitor: { id: number; accountId: number }): Promise<boolean> {
      const now = clock.now();
      if (now.getTime() - loadedAt >= ttlMs) {
        loading ??= refresh()
          .catch((e: unknown) => {
            if (!isDatabaseUnavailable(e)) throw e;
            loadedAt = clock.now().getTime();
          })
          .finally(() => (loading = null));
        await loading;
      }
      const windows = byAccount.get(monitor.accountId);
      return windows !== undefined && activeMaintenance(windows, { monitorId: monitor.id }, now).length > 0;
    },
  };
}
