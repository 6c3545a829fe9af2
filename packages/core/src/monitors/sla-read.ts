import type { Queryable } from '../db/queryable.js';
import { incidentsReachingSql } from '../incidents/incident-store.js';

/** A half-open span of time [start, end) in epoch milliseconds. */
export interface EpochSpan {
  start: number;
  end: number;
}

/** A monitor's incidents over the monitored part of a report's period, summed by PostgreSQL. */
export interface PeriodIncidents {
  /** Incidents with some time inside it. */
  count: number;
  /** The time they cover inside it (overlaps once), milliseconds. */
  downtimeMs: number;
  /** Of that, the time inside the monitor's maintenance, milliseconds. */
  inMaintenanceMs: number;
  /** Mean duration of those resolved inside it, milliseconds; null without any. */
  mttrMs: number | null;
}

/** What an SLA report reads of a monitor's period, besides the settled hours' checks. */
export interface MonitorPeriodRead {
  incidents: PeriodIncidents;
  /** Checks and successes over the live hours asked for (zeros without them). */
  live: { total: number; successful: number };
}

export interface SlaReadRange {
  /** The report's period [from, to); a monitor's monitored part starts at its creation if later, and ends at now if earlier. */
  from: Date;
  to: Date;
  now: Date;
  /** The hours from `live.from`'s hour to before `live.to` summed from the rollups (null: none). */
  live: { from: Date; to: Date } | null;
  /** Maintenance occurrences: those of windows for every monitor, and by monitor those of windows for some. */
  maintenance: { all: readonly EpochSpan[]; byMonitor: ReadonlyMap<number, readonly EpochSpan[]> };
}

interface Row {
  id: number;
  count: number;
  downtime_ms: number;
  in_maintenance_ms: number;
  mttr_ms: number | null;
  total: string | null;
  successful: string | null;
}

/** Times at the millisecond, as pg's parse of a timestamp's text gives them (truncated). */
const ms = (column: string) => `date_trunc('milliseconds', ${column})`;
/** An interval of whole milliseconds as a bigint count of them, exactly (a float's rounding error is far below one). */
const wholeMs = (interval: string) => `(date_part('epoch', ${interval}) * 1000)::bigint`;
/** A timestamp from epoch milliseconds, exactly. */
const fromEpochMs = (text: string) => `(timestamptz 'epoch' + (${text})::bigint * interval '1 millisecond')`;

/**
 * The period's incidents, summed, and live hours' rollup sums (one index range scan of each
 * monitor's hours) of the account's monitors, or only `monitorId`, by monitor id, in one
 * statement. Monitors of the account this database does not hold (a replica behind) are absent.
 *
 * The incidents are summed where they are (issue 35: every incident of the period was sent to
 * the API as JSON and merged there, so a year's report of monitors that flapped cost the shared
 * process time in proportion to their incidents): each one clipped to the monitor's monitored
 * part [greatest(from, created_at), least(to, now)) and counted from the latest end of those
 * started before it (a running max in start order: overlaps count once, with no merge of every
 * span); the pieces that touch the monitor's maintenance (passed in as spans) are merged and
 * intersected with it. They are those reaching into the part (incidentsReachingSql). MTTR: the
 * mean of resolved_at - started_at of those resolved inside the part (and after `from`). Lengths
 * are whole milliseconds (the times are truncated to them) summed as integers.
 */
export async function monitorSlaPeriodReads(q: Queryable, accountId: number, range: SlaReadRange, monitorId?: number): Promise<Map<number, MonitorPeriodRead>> {
  const spans = (list: readonly EpochSpan[]) => list.map((s) => [s.start, s.end]);
  const maintenance: Record<string, number[][]> = { all: spans(range.maintenance.all) };
  for (const [id, list] of range.maintenance.byMonitor) maintenance[String(id)] = spans(list);
  const params: unknown[] = [accountId, range.from, range.to, range.now, JSON.stringify(maintenance)];
  let live = 'NULL::bigint AS total, NULL::bigint AS successful';
  let join = '';
  if (range.live) {
    params.push(range.live.from, range.live.to);
    live = 'l.total, l.successful';
    join = `LEFT JOIN LATERAL (SELECT sum(r.total)::bigint AS total, sum(r.successful)::bigint AS successful FROM monitor_rollups r
                  WHERE r.monitor_id = m.id AND r.hour >= date_trunc('hour', $6::timestamptz) AND r.hour < $7) l ON true`;
  }
  let only = '';
  if (monitorId !== undefined) {
    params.push(monitorId);
    only = `AND m.id = $${params.length}`;
  }
  const rows = await q.query<Row[]>(
    `SELECT m.id, inc.count, inc.downtime_ms::float8 AS downtime_ms,
            (coalesce((SELECT sum(extract(epoch FROM upper(x) - lower(x))) FROM unnest(inc.down_in_maintenance * mm.maint) x), 0) * 1000)::float8 AS in_maintenance_ms,
            inc.mttr_ms::float8 AS mttr_ms,
            ${live}
       FROM monitors m
       CROSS JOIN LATERAL (SELECT greatest($2::timestamptz, ${ms('m.created_at')}) AS st) b0
       CROSS JOIN LATERAL (SELECT b0.st, greatest(b0.st, least($3::timestamptz, $4::timestamptz)) AS en) b
       CROSS JOIN LATERAL (
         SELECT range_agg(tstzrange(${fromEpochMs("x->>0")}, ${fromEpochMs("x->>1")})) AS maint
           FROM jsonb_array_elements(($5::jsonb -> 'all') || coalesce($5::jsonb -> (m.id::text), '[]'::jsonb)) x
          WHERE (x->>0)::bigint < (x->>1)::bigint
       ) mm
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE p.lo < p.hi)::int AS count,
                coalesce(sum(${wholeMs('p.hi - p.fr')}) FILTER (WHERE p.fr < p.hi), 0) AS downtime_ms,
                range_agg(tstzrange(p.fr, p.hi)) FILTER (WHERE p.fr < p.hi AND tstzrange(p.fr, p.hi) && mm.maint) AS down_in_maintenance,
                avg(${wholeMs('p.r - p.s')}) FILTER (WHERE p.r > $2 AND p.r >= p.st AND p.r < p.en) AS mttr_ms
           FROM (
             SELECT c.*, greatest(c.lo, max(c.hi) OVER (ORDER BY c.s ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) AS fr
               FROM (
                 SELECT i.s, i.r, b.st, b.en, greatest(i.s, b.st) AS lo, least(coalesce(i.r, $4::timestamptz), b.en) AS hi
                   FROM ${incidentsReachingSql(`${ms('started_at')} AS s, ${ms('resolved_at')} AS r`, 'm.id', 'b.st', 'started_at < b.en')} AS i
               ) c
           ) p
       ) inc
       ${join}
      WHERE m.account_id = $1 ${only}`,
    params,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        incidents: { count: r.count, downtimeMs: r.downtime_ms, inMaintenanceMs: r.in_maintenance_ms, mttrMs: r.mttr_ms },
        live: { total: Number(r.total ?? 0), successful: Number(r.successful ?? 0) },
      },
    ]),
  );
}
