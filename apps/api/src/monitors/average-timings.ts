import { CHECK_TIMING_PHASES, type CheckTimings, type Context } from '@vigil/core';
import { startOfHour, WINDOW_HOURS, windowStart } from './uptime-math.js';

/**
 * The average of each phase of the monitor's http checks over the 24 h window of the other
 * statistics (the hourly rollups from 23 hours before now's hour through now's hour), each over
 * the checks where that phase happened, rounded to the millisecond; null when no check in the
 * window had a timing phase (other types, or no response yet). Read from monitor_rollups' timing
 * sums (at most 24 rows), never from the raw checks.
 */
export async function averageTimings24h(ctx: Context, monitorId: number, now: Date): Promise<CheckTimings | null> {
  const [row] = (await ctx.db.query(
    `SELECT ${CHECK_TIMING_PHASES.map((p) => `sum(${p}_count)::bigint AS ${p}_n, round(sum(${p}_sum)::numeric / NULLIF(sum(${p}_count), 0))::int AS ${p}`).join(', ')}
       FROM monitor_rollups WHERE monitor_id = $1 AND hour >= $2 AND hour <= $3`,
    [monitorId, windowStart(now, WINDOW_HOURS['24h']), startOfHour(now)],
  )) as Record<string, string | number | null>[];
  if (!row || CHECK_TIMING_PHASES.every((p) => !Number(row[`${p}_n`]))) return null;
  const ms = (p: (typeof CHECK_TIMING_PHASES)[number]) => (row[p] === null ? null : Number(row[p]));
  return { dns: ms('dns'), connect: ms('connect'), tls: ms('tls'), first_byte: ms('first_byte'), download: ms('download') };
}
