import type { Queryable } from '../db/queryable.js';

/** What an SLA report reads of a monitor's period, besides the settled hours' checks. */
export interface MonitorPeriodRead {
  /** The incidents overlapping the period (open ones: `resolvedAt` null), in no particular order. */
  incidents: { startedAt: Date; resolvedAt: Date | null }[];
  /** Checks and successes over the live hours asked for (zeros without them). */
  live: { total: number; successful: number };
}

export interface SlaReadRange {
  /** The report's period [from, to): incidents overlapping it count. */
  from: Date;
  to: Date;
  /** The hours from `live.from`'s hour to before `live.to` summed from the rollups (null: none). */
  live: { from: Date; to: Date } | null;
}

/** Epoch milliseconds of a timestamp as pg's own parse of its text gives them (whole milliseconds, truncated). */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::bigint`;

interface Row {
  id: number;
  incidents: [number, number | null][] | null;
  total: string | null;
  successful: string | null;
}

/**
 * The period's incidents (incidents_monitor_started_idx) and live hours' rollup sums (one index
 * range scan of each monitor's hours) of the account's monitors, or only `monitorId`, by monitor
 * id, in one statement (issue 35: it was two, each with the monitors' ids as an array). Monitors
 * of the account this database does not hold (a replica behind) are absent.
 */
export async function monitorSlaPeriodReads(q: Queryable, accountId: number, range: SlaReadRange, monitorId?: number): Promise<Map<number, MonitorPeriodRead>> {
  const params: unknown[] = [accountId, range.from, range.to];
  let live = 'NULL::bigint AS total, NULL::bigint AS successful';
  let join = '';
  if (range.live) {
    params.push(range.live.from, range.live.to);
    live = 'l.total, l.successful';
    join = `LEFT JOIN LATERAL (SELECT sum(r.total)::bigint AS total, sum(r.successful)::bigint AS successful FROM monitor_rollups r
                  WHERE r.monitor_id = m.id AND r.hour >= date_trunc('hour', $4::timestamptz) AND r.hour < $5) l ON true`;
  }
  let only = '';
  if (monitorId !== undefined) {
    params.push(monitorId);
    only = `AND m.id = $${params.length}`;
  }
  const rows = await q.query<Row[]>(
    `SELECT m.id,
            (SELECT json_agg(json_build_array(${epochMs('i.started_at')}, ${epochMs('i.resolved_at')})) FROM incidents i
              WHERE i.monitor_id = m.id AND i.started_at < $3 AND (i.resolved_at IS NULL OR i.resolved_at > $2)) AS incidents,
            ${live}
       FROM monitors m ${join}
      WHERE m.account_id = $1 ${only}`,
    params,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        incidents: (r.incidents ?? []).map(([started, resolved]) => ({ startedAt: new Date(started), resolvedAt: resolved === null ? null : new Date(resolved) })),
        live: { total: Number(r.total ?? 0), successful: Number(r.successful ?? 0) },
      },
    ]),
  );
}
