import { Incident } from '../db/entities/incident.entity.js';
import { pageTotal } from '../db/page-total.js';
import type { DataSource, EntityManager } from 'typeorm';

/** The list of a monitor's incidents (GET /uptime/monitors/{id}/incidents) and its summary's window. */

export interface IncidentListFilter {
  monitorId: number;
  status?: Incident['status'];
  /** started_at from (included) and to (excluded). */
  from?: Date;
  toExclusive?: Date;
}

type Db = DataSource | EntityManager;

/** One page of the monitor's incidents matching the filter, newest first, and how many match. */
export async function incidentListPage(db: Db, filter: IncidentListFilter, limit: number, offset: number): Promise<{ incidents: Incident[]; total: number }> {
  const qb = db.getRepository(Incident).createQueryBuilder('i').where('i.monitor_id = :id', { id: filter.monitorId });
  if (filter.status) qb.andWhere('i.status = :status', { status: filter.status });
  if (filter.from) qb.andWhere('i.started_at >= :from', { from: filter.from });
  if (filter.toExclusive) qb.andWhere('i.started_at < :to', { to: filter.toExclusive });
  const incidents = await qb.clone().orderBy('i.started_at', 'DESC').addOrderBy('i.id', 'DESC').offset(offset).limit(limit).getMany();
  const total = await pageTotal(offset, limit, incidents.length, () => qb.getCount());
  return { incidents, total };
}

/** The monitor's incidents that started by `now` and were open at some time since `from` (a summary's window). */
export function incidentsInWindow(db: Db, monitorId: number, from: Date, now: Date): Promise<Incident[]> {
  return db
    .getRepository(Incident)
    .createQueryBuilder('i')
    .where('i.monitor_id = :id', { id: monitorId })
    .andWhere('i.started_at <= :now', { now })
    .andWhere('(i.resolved_at IS NULL OR i.resolved_at >= :from)', { from })
    .getMany();
}
