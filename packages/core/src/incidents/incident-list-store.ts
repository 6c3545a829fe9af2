import type { Incident } from '../db/entities/incident.entity.js';
import { pageTotal } from '../db/page-total.js';
import type { Queryable } from '../db/queryable.js';
import { incidentsReachingSql, readIncidents } from './incident-store.js';

/**
 * The list of a monitor's incidents (GET /uptime/monitors/{id}/incidents) and its summary's
 * window: plain statements (issue 35), where TypeORM's query builder built and hydrated each.
 */

export interface IncidentListFilter {
  monitorId: number;
  status?: Incident['status'];
  /** started_at from (included) and to (excluded). */
  from?: Date;
  toExclusive?: Date;
}

/** The filter's conditions on incidents aliased i, and their values. */
function conditions(f: IncidentListFilter): { where: string; values: unknown[] } {
  const values: unknown[] = [f.monitorId];
  const parts = ['i.monitor_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    values.push(value);
    parts.push(sql(`$${values.length}`));
  };
  if (f.status) add((p) => `i.status = ${p}`, f.status);
  if (f.from) add((p) => `i.started_at >= ${p}`, f.from);
  if (f.toExclusive) add((p) => `i.started_at < ${p}`, f.toExclusive);
  return { where: parts.join(' AND '), values };
}

/** One page of the monitor's incidents matching the filter, newest first, and how many match. */
export async function incidentListPage(q: Queryable, filter: IncidentListFilter, limit: number, offset: number): Promise<{ incidents: Incident[]; total: number }> {
  const { where, values } = conditions(filter);
  const incidents = await readIncidents(q, `${where} ORDER BY i.started_at DESC, i.id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [...values, limit, offset]);
  const total = await pageTotal(offset, limit, incidents.length, async () => {
    const [{ n }] = await q.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM incidents i WHERE ${where}`, values);
    return n;
  });
  return { incidents, total };
}

/** A monitor's incidents over a window, as its incident list summarises them. */
export interface IncidentWindowSummary {
  /** Incidents that started in the window. */
  started: number;
  /** The part of every incident (an open one lasts until now) inside the window, whole seconds per incident. */
  downtimeSeconds: number;
  /** Mean duration of the incidents resolved in the window, whole seconds; null without any. */
  mttrSeconds: number | null;
}

/** An incident's span at the millisecond (as the API reads times), its status and duration_seconds. */
const SPAN_COLUMNS = "date_trunc('milliseconds', started_at) AS s, date_trunc('milliseconds', resolved_at) AS r, status, duration_seconds AS d";

/**
 * The summary of the monitor's incidents over [from, now], aggregated in PostgreSQL (issue 35:
 * was every incident of the window read and summed in the API process, 21,600 rows for a monitor
 * flapping for a month). Downtime: an incident wholly inside counts its duration_seconds (so the
 * total agrees with the durations listed), a clipped or open one its part inside, rounded to
 * whole seconds; MTTR: the mean duration of those resolved in the window, rounded. Times at the
 * millisecond, as the API reads them. The incidents are those reaching into the window
 * (incidentsReachingSql); one that ended before it adds nothing to any figure.
 */
export async function incidentWindowSummary(q: Queryable, monitorId: number, from: Date, now: Date): Promise<IncidentWindowSummary> {
  const [row] = await q.query<{ started: number; downtime: number; mttr: number | null }[]>(
    `WITH spans AS (
       SELECT * FROM ${incidentsReachingSql(SPAN_COLUMNS, '$1', '$2', 'started_at <= $3')} AS i
     ),
     parts AS (
       SELECT s, r, status, d, coalesce(r, $3) AS e, extract(epoch FROM least(coalesce(r, $3), $3) - greatest(s, $2)) AS inside FROM spans
     )
     SELECT count(*) FILTER (WHERE s >= $2 AND s <= $3)::int AS started,
            coalesce(sum(CASE WHEN r IS NOT NULL AND d IS NOT NULL AND s >= $2 AND e <= $3 THEN d ELSE round(inside) END) FILTER (WHERE inside > 0), 0)::bigint::float8 AS downtime,
            round(avg(coalesce(d, round(extract(epoch FROM e - s)))) FILTER (WHERE status = 'resolved' AND r >= $2 AND r <= $3))::float8 AS mttr
       FROM parts`,
    [monitorId, from, now],
  );
  return { started: row.started, downtimeSeconds: row.downtime, mttrSeconds: row.mttr };
}
