import type { Incident } from '../db/entities/incident.entity.js';
import { pageTotal } from '../db/page-total.js';
import type { Queryable } from '../db/queryable.js';
import { readIncidents } from './incident-store.js';

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

/** The monitor's incidents that started by `now` and were open at some time since `from` (a summary's window). */
export function incidentsInWindow(q: Queryable, monitorId: number, from: Date, now: Date): Promise<Incident[]> {
  return readIncidents(q, 'i.monitor_id = $1 AND i.started_at <= $2 AND (i.resolved_at IS NULL OR i.resolved_at >= $3)', [monitorId, now, from]);
}
