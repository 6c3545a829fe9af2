import { timingAverages, type CheckTimings, type Context } from '@vigil/core';
import { startOfHour, WINDOW_HOURS, windowStart } from './uptime-math.js';

/**
 * The average of each phase of the monitor's http checks over the 24 h window of the other
 * statistics (the hourly rollups from 23 hours before now's hour through now's hour), each over
 * the checks where that phase happened, rounded to the millisecond; null when no check in the
 * window had a timing phase (other types, or no response yet). Read from monitor_rollups' timing
 * sums (at most 24 rows), never from the raw checks.
 */
export function averageTimings24h(ctx: Context, monitorId: number, now: Date): Promise<CheckTimings | null> {
  return timingAverages(ctx.db, monitorId, windowStart(now, WINDOW_HOURS['24h']), startOfHour(now));
}
