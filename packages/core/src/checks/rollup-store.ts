import { numberArrayLiteral, textArrayLiteral } from '../db/array-literals.js';
import type { Queryable } from '../db/queryable.js';
import { CHECK_TIMING_PHASES, type CheckTimings } from '../queue/job-payloads.js';

/**
 * Reads of the hourly rollups (issue 30: their SQL in one place). `monitor_rollups` is a view over
 * the settled hours and each single-region monitor's newest hour (kept on its row by the check
 * writer); every read sums, so an hour that appears in both adds up correctly.
 */

export interface RollupSums {
  total: number;
  successful: number;
  responseTimeSum: number;
  responseTimeCount: number;
}

export const EMPTY_ROLLUP_SUMS: RollupSums = { total: 0, successful: 0, responseTimeSum: 0, responseTimeCount: 0 };

const DAY_MS = 86_400_000;

const SUM_COLUMNS = ['total', 'successful', 'response_time_sum', 'response_time_count'] as const;

type SumRow = Record<string, string | number | null> & { monitor_id: number };

const sumsOf = (r: SumRow, suffix = ''): RollupSums => ({
  total: Number(r[`total${suffix}`] ?? 0),
  successful: Number(r[`successful${suffix}`] ?? 0),
  responseTimeSum: Number(r[`response_time_sum${suffix}`] ?? 0),
  responseTimeCount: Number(r[`response_time_count${suffix}`] ?? 0),
});

/** Each monitor's sums over the hours from `fromHour` to `lastHour`, both included (monitors without rows are absent). */
export async function rollupSumsByMonitor(em: Queryable, monitorIds: readonly number[], fromHour: Date, lastHour: Date): Promise<Map<number, RollupSums>> {
  if (!monitorIds.length) return new Map();
  const rows = await em.query<SumRow[]>(
    `SELECT monitor_id, ${SUM_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
     FROM monitor_rollups WHERE monitor_id = ANY($1) AND hour >= $2 AND hour <= $3 GROUP BY monitor_id`,
    [numberArrayLiteral(monitorIds), fromHour, lastHour],
  );
  return new Map(rows.map((r) => [Number(r.monitor_id), sumsOf(r)]));
}

/**
 * Each monitor's sums over several windows at once, in one index range scan per monitor: window i
 * sums the hours from `starts[i]` to `lastHour` (included); the sums come in the order of
 * `starts`. Monitors without rows are absent.
 */
export async function rollupWindowSums(em: Queryable, monitorIds: readonly number[], starts: readonly Date[], lastHour: Date): Promise<Map<number, RollupSums[]>> {
  if (!monitorIds.length || !starts.length) return new Map();
  const earliest = new Date(Math.min(...starts.map((at) => at.getTime())));
  const columns = starts.flatMap((_, i) => SUM_COLUMNS.map((c) => `COALESCE(sum(${c}) FILTER (WHERE hour >= $${i + 4}), 0) AS ${c}_${i}`));
  const rows = await em.query<SumRow[]>(
    `SELECT monitor_id, ${columns.join(',\n       ')}
     FROM monitor_rollups WHERE monitor_id = ANY($1) AND hour >= $2 AND hour <= $3 GROUP BY monitor_id`,
    [numberArrayLiteral(monitorIds), earliest, lastHour, ...starts],
  );
  return new Map(rows.map((r) => [Number(r.monitor_id), starts.map((_, i) => sumsOf(r, `_${i}`))]));
}

/** Each monitor's checks and successes over [from, to): the hours from from's hour, before `to` (an SLA period). */
export async function rollupCountsBetween(em: Queryable, monitorIds: readonly number[], from: Date, to: Date): Promise<Map<number, { total: number; successful: number }>> {
  if (!monitorIds.length) return new Map();
  const rows = await em.query<{ monitor_id: number; total: string; successful: string }[]>(
    `SELECT monitor_id, sum(total)::bigint AS total, sum(successful)::bigint AS successful FROM monitor_rollups
      WHERE monitor_id = ANY($1::int[]) AND hour >= date_trunc('hour', $2::timestamptz) AND hour < $3
      GROUP BY monitor_id`,
    [numberArrayLiteral(monitorIds), from, to],
  );
  return new Map(rows.map((r) => [r.monitor_id, { total: Number(r.total), successful: Number(r.successful) }]));
}

/** A row of timing averages (timingAverageColumns): per phase its count (`{phase}_n`) and its rounded average. */
export type TimingAverageRow = Record<string, string | number | null>;

/** The aggregates of timingAverages over rows of monitor_rollups, as select-list items (`json`: as json_build_object's arguments). */
export function timingAverageColumns(json = false): string {
  return CHECK_TIMING_PHASES.map((p) => {
    const n = `sum(${p}_count)::bigint`;
    const avg = `round(sum(${p}_sum)::numeric / NULLIF(sum(${p}_count), 0))::int`;
    return json ? `'${p}_n', ${n}, '${p}', ${avg}` : `${n} AS ${p}_n, ${avg} AS ${p}`;
  }).join(', ');
}

/** The averages of a row of timingAverageColumns (ms, rounded; null for a phase never timed), null when no phase was. */
export function timingAveragesOf(row: TimingAverageRow | null | undefined): CheckTimings | null {
  if (!row || CHECK_TIMING_PHASES.every((p) => !Number(row[`${p}_n`]))) return null;
  const ms = (p: (typeof CHECK_TIMING_PHASES)[number]) => (row[p] === null || row[p] === undefined ? null : Number(row[p]));
  return { dns: ms('dns'), connect: ms('connect'), tls: ms('tls'), first_byte: ms('first_byte'), download: ms('download') };
}

/** Each timing phase's average over the hours from `fromHour` to `lastHour` (ms, rounded; null for a phase never timed), null when no phase was. */
export async function timingAverages(em: Queryable, monitorId: number, fromHour: Date, lastHour: Date): Promise<CheckTimings | null> {
  const [row] = await em.query<TimingAverageRow[]>(`SELECT ${timingAverageColumns()} FROM monitor_rollups WHERE monitor_id = $1 AND hour >= $2 AND hour <= $3`, [monitorId, fromHour, lastHour]);
  return timingAveragesOf(row);
}

/**
 * One monitor's sums per region over the hours from `fromHour` to `lastHour` (included), from
 * monitor_region_hours (kept for monitors in more than one region): one index range scan of at
 * most regions × hours rows. Regions without rows are absent.
 */
export async function regionRollupSums(em: Queryable, monitorId: number, fromHour: Date, lastHour: Date): Promise<Map<string, RollupSums>> {
  const rows = await em.query<(SumRow & { region: string })[]>(
    `SELECT monitor_id, region, ${SUM_COLUMNS.map((c) => `sum(${c}) AS ${c}`).join(', ')}
     FROM monitor_region_hours WHERE monitor_id = $1 AND hour >= $2 AND hour <= $3 GROUP BY monitor_id, region`,
    [monitorId, fromHour, lastHour],
  );
  return new Map(rows.map((r) => [r.region, sumsOf(r)]));
}

/** What a check batch adds to one monitor's hour in one region. */
export interface RegionHourSums extends RollupSums {
  monitorId: number;
  region: string;
  hour: Date;
}

/** Adds a batch's per-region sums to monitor_region_hours, one multi-row upsert (the check writer's, in its transaction). */
export async function addRegionHours(em: Queryable, sums: readonly RegionHourSums[]): Promise<void> {
  if (!sums.length) return;
  await em.query(
    `INSERT INTO monitor_region_hours AS h (monitor_id, region, hour, total, successful, response_time_sum, response_time_count)
     SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::bigint[], $7::int[])
     ON CONFLICT (monitor_id, region, hour) DO UPDATE SET
       total = h.total + EXCLUDED.total, successful = h.successful + EXCLUDED.successful,
       response_time_sum = h.response_time_sum + EXCLUDED.response_time_sum, response_time_count = h.response_time_count + EXCLUDED.response_time_count`,
    [
      numberArrayLiteral(sums.map((d) => d.monitorId)),
      textArrayLiteral(sums.map((d) => d.region)),
      textArrayLiteral(sums.map((d) => d.hour.toISOString())),
      numberArrayLiteral(sums.map((d) => d.total)),
      numberArrayLiteral(sums.map((d) => d.successful)),
      numberArrayLiteral(sums.map((d) => d.responseTimeSum)),
      numberArrayLiteral(sums.map((d) => d.responseTimeCount)),
    ],
  );
}

/** One monitor's checks on one UTC day, summed from its hourly rollups; `day` counts days since 1970-01-01. */
export interface RollupDayRow {
  monitor_id: number;
  day: number;
  total: number;
  successful: number;
}

/** Each monitor's daily sums over the UTC days `fromDay` (included) to `untilDay` (excluded), days counted since 1970-01-01. */
export function rollupDaySums(em: Queryable, monitorIds: readonly number[], fromDay: number, untilDay: number): Promise<RollupDayRow[]> {
  // UTC day numbers are cheaper to group by than formatted dates, and a date difference is
  // cheaper than extract(epoch), which is numeric (about half the time).
  return em.query<RollupDayRow[]>(
    `SELECT monitor_id, ((hour AT TIME ZONE 'UTC')::date - DATE '1970-01-01') AS day, sum(total)::int AS total, sum(successful)::int AS successful
       FROM monitor_rollups
      WHERE monitor_id = ANY($1::int[]) AND hour >= $2 AND hour < $3
      GROUP BY 1, 2`,
    [numberArrayLiteral(monitorIds), new Date(fromDay * DAY_MS), new Date(untilDay * DAY_MS)],
  );
}
