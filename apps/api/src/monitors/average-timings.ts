import type { CheckTimings, Context } from '@vigil/core';

const DAY_MS = 86_400_000;
const PHASES = ['dns', 'connect', 'tls', 'first_byte', 'download'] as const;

/**
 * The average of each phase of the monitor's http checks over the 24 hours before `now` (the
 * injected clock), each over the checks where that phase happened; null when no check in the
 * window has timings (other types, or no response yet). One indexed range read of the
 * monitor's checks (checks_monitor_time_idx).
 */
export async function averageTimings24h(ctx: Context, monitorId: number, now: Date): Promise<CheckTimings | null> {
  const [row] = (await ctx.db.query(
    `SELECT count(*)::int AS n, ${PHASES.map((p) => `round(avg((timings->>'${p}')::numeric))::int AS ${p}`).join(', ')}
       FROM checks WHERE monitor_id = $1 AND checked_at > $2 AND checked_at <= $3 AND timings IS NOT NULL`,
    [monitorId, new Date(now.getTime() - DAY_MS), now],
  )) as ({ n: number } & CheckTimings)[];
  if (!row?.n) return null;
  return { dns: row.dns, connect: row.connect, tls: row.tls, first_byte: row.first_byte, download: row.download };
}
