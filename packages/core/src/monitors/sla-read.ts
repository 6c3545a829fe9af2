import { DAY_MS } from '../db/partitions/check-partition-plan.js';
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

/**
 * A monitor's incidents over one part of a report's monitored period, as sums that add up over
 * the parts: those whose time in the period starts in the part (each counted in one part), the
 * time covered inside the part, and the durations of those resolved inside it.
 */
export interface IncidentSums {
  count: number;
  downtimeMs: number;
  resolved: number;
  resolvedMs: number;
}

/** A monitor's incident sums of one finished UTC day (`day`: days since 1970-01-01). */
export interface IncidentSlaDay extends IncidentSums {
  monitor_id: number;
  day: number;
}

/** A report's incident figures from the sums of its parts and the time in maintenance. */
export function periodIncidents(parts: readonly IncidentSums[], inMaintenanceMs: number): PeriodIncidents {
  let count = 0;
  let downtimeMs = 0;
  let resolved = 0;
  let resolvedMs = 0;
  for (const p of parts) {
    count += p.count;
    downtimeMs += p.downtimeMs;
    resolved += p.resolved;
    resolvedMs += p.resolvedMs;
  }
  return { count, downtimeMs, inMaintenanceMs, mttrMs: resolved ? resolvedMs / resolved : null };
}

/** What an SLA report reads of a monitor's period, besides the settled hours' checks and its finished days. */
export interface MonitorPeriodRead {
  /** The incidents of the period but the interior days the caller sums itself. */
  incidents: IncidentSums;
  /** The time the period's incidents (interior days included) cover inside the monitor's maintenance. */
  inMaintenanceMs: number;
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
  /**
   * By monitor, whole UTC days inside its monitored part whose incidents the caller sums itself
   * (from incidentSlaDays): left out of `incidents` here. Without one, the whole part is read.
   */
  interior?: ReadonlyMap<number, EpochSpan>;
}

interface Row {
  id: number;
  count: number;
  downtime_ms: number;
  resolved: number;
  resolved_ms: number;
  in_maintenance_ms: number;
  total: string | null;
  successful: string | null;
}

/** Times at the millisecond, as pg's parse of a timestamp's text gives them (truncated). */
const ms = (column: string) => `date_trunc('milliseconds', ${column})`;
/** An interval of whole milliseconds as a bigint count of them, exactly (a float's rounding error is far below one). */
const wholeMs = (interval: string) => `(date_part('epoch', ${interval}) * 1000)::bigint`;
/** A timestamp from epoch milliseconds, exactly. */
const fromEpochMs = (text: string) => `(timestamptz 'epoch' + (${text})::bigint * interval '1 millisecond')`;
/** The incident columns the sums read: start and end truncated to the millisecond. */
const INCIDENT_TIMES = `${ms('started_at')} AS s, ${ms('resolved_at')} AS r`;

/**
 * SQL (a LATERAL subquery) summing monitor `m`'s incidents over the part [a, z) of its monitored
 * part, which starts at `b.st` ($4 is now): each incident clipped to the part and counted from
 * the latest end of those started before it (a running max in start order: overlaps count once,
 * with no merge of every span). Counted: those whose time in the monitored part starts in this
 * part. Resolved: those resolved inside the part and after the period's start ($2). The pieces
 * that touch the monitor's maintenance (`mm.maint`) are merged (`down_in_maintenance`). They are
 * those reaching into the part (incidentsReachingSql); an empty part reads none (a one-time
 * filter: a report of a monitor without finished days has an empty last part). Lengths are
 * whole milliseconds.
 */
function partSumsSql(a: string, z: string): string {
  return `(
    SELECT count(*) FILTER (WHERE p.lo < p.hi AND greatest(p.s, p.st) >= ${a})::int AS count,
           coalesce(sum(${wholeMs('p.hi - p.fr')}) FILTER (WHERE p.fr < p.hi), 0) AS downtime_ms,
           count(*) FILTER (WHERE p.r > $2 AND p.r >= ${a} AND p.r < ${z})::int AS resolved,
           coalesce(sum(${wholeMs('p.r - p.s')}) FILTER (WHERE p.r > $2 AND p.r >= ${a} AND p.r < ${z}), 0) AS resolved_ms,
           coalesce(range_agg(tstzrange(p.fr, p.hi)) FILTER (WHERE p.fr < p.hi AND tstzrange(p.fr, p.hi) && mm.maint), '{}'::tstzmultirange) AS down_in_maintenance
      FROM (
        SELECT c.*, greatest(c.lo, max(c.hi) OVER (ORDER BY c.s ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) AS fr
          FROM (
            SELECT i.s, i.r, b.st, greatest(i.s, ${a}) AS lo, least(coalesce(i.r, $4::timestamptz), ${z}) AS hi
              FROM ${incidentsReachingSql(INCIDENT_TIMES, 'm.id', a, `started_at < ${z}`)} AS i
             WHERE ${a} < ${z}
          ) c
      ) p
  )`;
}

/**
 * The period's incidents, summed, and live hours' rollup sums (one index range scan of each
 * monitor's hours) of the account's monitors, or only `monitorId`, by monitor id, in one
 * statement. Monitors of the account this database does not hold (a replica behind) are absent.
 *
 * The incidents are summed where they are (issue 35: every incident of the period was sent to
 * the API as JSON and merged there). Each monitor's monitored part [greatest(from, created_at),
 * least(to, now)) is read in two parts around its `interior` days (the caller sums those from
 * finished days: a year of a flapping monitor is then a day or two of incidents here, not a
 * year's); without interior days the first part is the whole of it. The time in maintenance is
 * the parts' pieces that touch it, merged, intersected with it; and inside the interior days,
 * only inside each (merged) maintenance span: the incidents reaching into one, clipped to it,
 * merged.
 */
export async function monitorSlaPeriodReads(q: Queryable, accountId: number, range: SlaReadRange, monitorId?: number): Promise<Map<number, MonitorPeriodRead>> {
  const spans = (list: readonly EpochSpan[]) => list.map((s) => [s.start, s.end]);
  const maintenance: Record<string, number[][]> = { all: spans(range.maintenance.all) };
  for (const [id, list] of range.maintenance.byMonitor) maintenance[String(id)] = spans(list);
  const params: unknown[] = [accountId, range.from, range.to, range.now, JSON.stringify(maintenance)];
  const param = (value: unknown) => `$${params.push(value)}`;
  // Without interior days (no monitor has any) the statement reads each monitored part whole, in one part.
  let parts = `CROSS JOIN LATERAL (SELECT b1.st, b1.en, b1.en AS head_end) b
       CROSS JOIN LATERAL ${partSumsSql('b.st', 'b.head_end')} h
       CROSS JOIN LATERAL (SELECT 0 AS count, 0 AS downtime_ms, 0 AS resolved, 0 AS resolved_ms, '{}'::tstzmultirange AS down_in_maintenance) t`;
  let interiorMaintenance = '';
  if (range.interior?.size) {
    const interior: Record<string, number[]> = {};
    for (const [id, span] of range.interior) interior[String(id)] = [span.start, span.end];
    parts = `CROSS JOIN LATERAL (SELECT ${param(JSON.stringify(interior))}::jsonb -> (m.id::text) AS span) sp
       CROSS JOIN LATERAL (
         SELECT b1.st, b1.en, coalesce(${fromEpochMs('sp.span->>0')}, b1.en) AS head_end, coalesce(${fromEpochMs('sp.span->>1')}, b1.en) AS tail_start
       ) b
       CROSS JOIN LATERAL ${partSumsSql('b.st', 'b.head_end')} h
       CROSS JOIN LATERAL ${partSumsSql('b.tail_start', 'b.en')} t`;
    interiorMaintenance = ` + coalesce((
             SELECT sum(extract(epoch FROM upper(x) - lower(x)))
               FROM unnest(mm.maint * tstzmultirange(tstzrange(b.head_end, b.tail_start))) w
              CROSS JOIN LATERAL (
                SELECT range_agg(tstzrange(greatest(i.s, lower(w)), least(coalesce(i.r, $4::timestamptz), upper(w))))
                         FILTER (WHERE greatest(i.s, lower(w)) < least(coalesce(i.r, $4::timestamptz), upper(w))) AS down
                  FROM ${incidentsReachingSql(INCIDENT_TIMES, 'm.id', 'lower(w)', 'started_at < upper(w)')} AS i
              ) d
              CROSS JOIN LATERAL unnest(d.down) x), 0)`;
  }
  let live = 'NULL::bigint AS total, NULL::bigint AS successful';
  let join = '';
  if (range.live) {
    live = 'l.total, l.successful';
    join = `LEFT JOIN LATERAL (SELECT sum(r.total)::bigint AS total, sum(r.successful)::bigint AS successful FROM monitor_rollups r
                  WHERE r.monitor_id = m.id AND r.hour >= date_trunc('hour', ${param(range.live.from)}::timestamptz) AND r.hour < ${param(range.live.to)}) l ON true`;
  }
  const only = monitorId === undefined ? '' : `AND m.id = ${param(monitorId)}`;
  const rows = await q.query<Row[]>(
    `SELECT m.id, h.count + t.count AS count, (h.downtime_ms + t.downtime_ms)::float8 AS downtime_ms,
            h.resolved + t.resolved AS resolved, (h.resolved_ms + t.resolved_ms)::float8 AS resolved_ms,
            ((coalesce((SELECT sum(extract(epoch FROM upper(x) - lower(x))) FROM unnest((h.down_in_maintenance + t.down_in_maintenance) * mm.maint) x), 0)${interiorMaintenance}) * 1000)::float8 AS in_maintenance_ms,
            ${live}
       FROM monitors m
       CROSS JOIN LATERAL (SELECT greatest($2::timestamptz, ${ms('m.created_at')}) AS st) b0
       CROSS JOIN LATERAL (SELECT b0.st, greatest(b0.st, least($3::timestamptz, $4::timestamptz)) AS en) b1
       CROSS JOIN LATERAL (
         SELECT range_agg(tstzrange(${fromEpochMs('x->>0')}, ${fromEpochMs('x->>1')})) AS maint
           FROM jsonb_array_elements(($5::jsonb -> 'all') || coalesce($5::jsonb -> (m.id::text), '[]'::jsonb)) x
          WHERE (x->>0)::bigint < (x->>1)::bigint
       ) mm
       ${parts}
       ${join}
      WHERE m.account_id = $1 ${only}`,
    params,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        incidents: { count: r.count, downtimeMs: r.downtime_ms, resolved: r.resolved, resolvedMs: r.resolved_ms },
        inMaintenanceMs: r.in_maintenance_ms,
        live: { total: Number(r.total ?? 0), successful: Number(r.successful ?? 0) },
      },
    ]),
  );
}

/**
 * A timestamp's epoch milliseconds, truncated to them, as a bigint: date_part's float8 (exact
 * to far below a millisecond at these magnitudes, rounded by the cast), not extract's numeric,
 * whose arithmetic was most of a year's day sums.
 */
const epochMs = (column: string) => `(date_part('epoch', ${ms(column)}) * 1000)::bigint`;

interface DayRow {
  monitor_id: number;
  day: number;
  count: number;
  downtime_ms: number;
  resolved: number;
  resolved_ms: number;
}

/**
 * The incident sums (IncidentSums) of each UTC day from `fromDay` to before `untilDay` (days
 * since 1970-01-01) of these monitors, by day, for days that have any: the incidents reaching
 * into those days read once, each one's time (counted once, as in monitorSlaPeriodReads) split
 * over the days it covers; counted on the day it started, its duration on the day it was
 * resolved. In whole milliseconds throughout. Meant for finished days (`now`, which an open
 * incident runs until, past them).
 */
export async function incidentSlaDays(q: Queryable, monitorIds: readonly number[], fromDay: number, untilDay: number, now: Date): Promise<IncidentSlaDay[]> {
  if (!monitorIds.length || fromDay >= untilDay) return [];
  const day = (column: string) => `(${column}) / ${DAY_MS}`;
  const rows = await q.query<DayRow[]>(
    `WITH p AS (
       SELECT c.monitor_id, c.s, c.r, c.lo, c.hi,
              greatest(c.lo, max(c.hi) OVER (PARTITION BY c.monitor_id ORDER BY c.s ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) AS fr
         FROM (
           SELECT m.id AS monitor_id, i.s, i.r, greatest(i.s, $2::bigint) AS lo, least(coalesce(i.r, $4::bigint), $3::bigint) AS hi
             FROM unnest($1::int[]) AS m(id)
            CROSS JOIN LATERAL ${incidentsReachingSql(`${epochMs('started_at')} AS s, ${epochMs('resolved_at')} AS r`, 'm.id', '$5::timestamptz', 'started_at < $6::timestamptz')} AS i
         ) c
     )
     SELECT monitor_id, day::int AS day, sum(n)::int AS count, sum(down)::float8 AS downtime_ms, sum(rn)::int AS resolved, sum(rms)::float8 AS resolved_ms
       FROM (
         SELECT monitor_id, ${day('s')} AS day, 1 AS n, 0::bigint AS down, 0 AS rn, 0::bigint AS rms FROM p WHERE s >= $2 AND lo < hi
         UNION ALL
         SELECT monitor_id, ${day('fr')}, 0, hi - fr, 0, 0 FROM p WHERE fr < hi AND ${day('fr')} = ${day('hi - 1')}
         UNION ALL
         SELECT p.monitor_id, g.day, 0, least(p.hi, (g.day + 1) * ${DAY_MS}) - greatest(p.fr, g.day * ${DAY_MS}), 0, 0
           FROM p CROSS JOIN LATERAL generate_series(${day('p.fr')}, ${day('p.hi - 1')}) AS g(day)
          WHERE p.fr < p.hi AND ${day('p.fr')} <> ${day('p.hi - 1')}
         UNION ALL
         SELECT monitor_id, ${day('r')}, 0, 0, 1, r - s FROM p WHERE r >= $2 AND r < $3
       ) x
      GROUP BY 1, 2`,
    [monitorIds, fromDay * DAY_MS, untilDay * DAY_MS, now.getTime(), new Date(fromDay * DAY_MS), new Date(untilDay * DAY_MS)],
  );
  return rows.map((r) => ({ monitor_id: r.monitor_id, day: r.day, count: r.count, downtimeMs: r.downtime_ms, resolved: r.resolved, resolvedMs: r.resolved_ms }));
}
