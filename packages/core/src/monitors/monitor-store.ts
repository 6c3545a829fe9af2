import { In, Not, type EntityManager, type FindOptionsSelect } from 'typeorm';
import type { EntityAccess } from '../db/entity-access.js';
import { Monitor, type MonitorStatus } from '../db/entities/monitor.entity.js';
import type { Queryable } from '../db/queryable.js';
import { wholeEntitiesRead } from '../db/entity-rows.js';
import { readsAsOne } from '../db/reads-as-one.js';
import { chunksOf } from '../runtime/chunks-of.js';
import type { CheckTimings } from '../queue/job-payloads.js';
import type { MonitorRef } from '../queue/alert-events.js';

/**
 * Reads of the monitors table that events, alerts and the API's reads need, and the API's and
 * config-as-code's monitor writes through the entity's repository (issue 30: their SQL in one
 * place; one row's plain statements are in monitor-row-store, the check writer's in
 * monitor-state-store).
 */

/** A monitor as alert events name it (null when it is gone). */
export async function monitorRef(em: Queryable, monitorId: number): Promise<MonitorRef | null> {
  const [row] = await em.query<MonitorRef[]>(`SELECT id, name, url, status FROM monitors WHERE id = $1`, [monitorId]);
  return row ?? null;
}

/** A monitor of the account, as fan-out names it (null when gone or another account's). */
export async function monitorOfAccount(em: Queryable, monitorId: number, accountId: number): Promise<{ id: number; name: string; url: string } | null> {
  const [row] = await em.query<{ id: number; name: string; url: string }[]>('SELECT id, name, url FROM monitors WHERE id = $1 AND account_id = $2', [monitorId, accountId]);
  return row ?? null;
}

/** A monitor as the account's Prometheus metrics show it. */
export interface MonitorMetricsRow {
  id: number;
  name: string;
  type: string;
  regions: string[];
  status: MonitorStatus;
  last_response_time_ms: number | null;
  last_timings: CheckTimings | null;
  open_incidents: number;
  /** Of the last judged round of a multi-region monitor (null: one region, or no round yet). */
  failing_regions: string[] | null;
  skipped_regions: string[] | null;
}

/**
 * The account's monitors for its metrics, by id: one index scan of its monitors; open incidents
 * counted by their partial lookup; a multi-region monitor's last judged round by one probe of
 * monitor_rounds_monitor_judged_idx.
 */
export function monitorsForMetrics(em: Queryable, accountId: number): Promise<MonitorMetricsRow[]> {
  return em.query<MonitorMetricsRow[]>(
    `SELECT m.id, m.name, m.type, m.regions, m.status, m.last_response_time_ms, m.last_timings,
            (SELECT count(*)::int FROM incidents i WHERE i.monitor_id = m.id AND i.status = 'open') AS open_incidents,
            r.failing_regions, r.skipped_regions
     FROM monitors m
     LEFT JOIN LATERAL (
       SELECT failing_regions, skipped_regions FROM monitor_rounds
       WHERE monitor_id = m.id AND cardinality(m.regions) > 1 ORDER BY judged_at DESC LIMIT 1
     ) r ON true
     WHERE m.account_id = $1 ORDER BY m.id`,
    [accountId],
  );
}

/** A monitor as a public status page shows it. */
export interface PageMonitorRow {
  id: number;
  name: string;
  status: MonitorStatus;
  is_active: boolean;
}

/** The account's monitors among `ids` (another account's are skipped). */
export function monitorsForPage(em: Queryable, accountId: number, ids: readonly number[]): Promise<PageMonitorRow[]> {
  return em.query<PageMonitorRow[]>(`SELECT id, name, status, is_active FROM monitors WHERE account_id = $1 AND id = ANY($2::int[])`, [accountId, ids]);
}

/** A monitor's status and whether it is active (null: gone), as its badges show it. */
export async function monitorStanding(em: Queryable, monitorId: number): Promise<{ status: MonitorStatus; is_active: boolean } | null> {
  const [row] = await em.query<{ status: MonitorStatus; is_active: boolean }[]>(`SELECT status, is_active FROM monitors WHERE id = $1`, [monitorId]);
  return row ?? null;
}

/** The ids of the account's monitors that name a location among their regions (at most 100, by id). */
export async function monitorIdsAtLocation(em: Queryable, accountId: number, location: string): Promise<number[]> {
  const rows = await em.query<{ id: number }[]>(`SELECT id FROM monitors WHERE account_id = $1 AND $2 = ANY(regions) ORDER BY id LIMIT 100`, [accountId, location]);
  return rows.map((r) => r.id);
}

/** A monitor as the account's uptime status lists it. */
export interface MonitorStatusRow {
  id: number;
  name: string;
  url: string;
  status: MonitorStatus;
  isActive: boolean;
  lastCheckedAt: Date | null;
}

/** The account's monitors by id, with the six columns its uptime status reads (one index scan). */
export function monitorsForStatus(q: Queryable, accountId: number): Promise<MonitorStatusRow[]> {
  return q.query<MonitorStatusRow[]>(
    `SELECT id, name, url, status, is_active AS "isActive", last_checked_at AS "lastCheckedAt" FROM monitors WHERE account_id = $1 ORDER BY id`,
    [accountId],
  );
}

/** What an SLA report needs of a monitor. */
export interface MonitorSlaFacts {
  id: number;
  name: string;
  createdAt: Date;
  sloTarget: number | null;
}

const SLA_FACTS = `SELECT id, name, created_at AS "createdAt", slo_target AS "sloTarget" FROM monitors`;

const slaFactsOf = (r: { id: number; name: string; createdAt: Date; sloTarget: string | null }): MonitorSlaFacts => ({ id: r.id, name: r.name, createdAt: r.createdAt, sloTarget: r.sloTarget === null ? null : Number(r.sloTarget) });

/** The account's monitors, oldest first, with what their SLA reports need (one index scan, no entity hydration). */
export async function monitorSlaFactsOfAccount(q: Queryable, accountId: number): Promise<MonitorSlaFacts[]> {
  const rows = await q.query<{ id: number; name: string; createdAt: Date; sloTarget: string | null }[]>(`${SLA_FACTS} WHERE account_id = $1 ORDER BY id`, [accountId]);
  return rows.map(slaFactsOf);
}

/** The account's monitor `id` with what its SLA report needs (null: missing or another account's). */
export async function monitorSlaFactsOf(q: Queryable, accountId: number, id: number): Promise<MonitorSlaFacts | null> {
  const [row] = await q.query<{ id: number; name: string; createdAt: Date; sloTarget: string | null }[]>(`${SLA_FACTS} WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return row ? slaFactsOf(row) : null;
}

/** Whether the account has monitor `id` (a read of its id alone, for the reads that need no more of the row to answer 404 or not). */
export async function isMonitorOfAccount(q: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await q.query<{ id: number }[]>(`SELECT id FROM monitors WHERE id = $1 AND account_id = $2`, [id, accountId]);
  return rows.length > 0;
}

/** The account's monitors, oldest first, with only the `select`ed columns (every column without one). */
export function monitorsOfAccount(em: EntityAccess, accountId: number, select?: FindOptionsSelect<Monitor>): Promise<Monitor[]> {
  return em.getRepository(Monitor).find({ ...(select ? { select } : {}), where: { accountId }, order: { id: 'ASC' } });
}

/**
 * Inserts a monitor through the entity's save(): the entity answered is what save() leaves set
 * (the given columns, the generated id, the defaults and timestamps it reads back), which the
 * create's 201 body and its audit entry show.
 */
export function insertMonitor(em: EntityAccess, columns: Partial<Monitor>): Promise<Monitor> {
  const repo = em.getRepository(Monitor);
  return repo.save(repo.create(columns));
}

/** The id of the account's monitor whose target key is `normalizedUrl`, other than `exceptId` (null: none). */
export async function monitorIdWithTarget(em: EntityAccess, accountId: number, normalizedUrl: string, exceptId?: number): Promise<number | null> {
  const other = await em.getRepository(Monitor).findOne({
    select: { id: true },
    where: { accountId, normalizedUrl, ...(exceptId === undefined ? {} : { id: Not(exceptId) }) },
  });
  return other ? other.id : null;
}

/** What the schedules of monitors follow. */
export type MonitorScheduleColumns = Pick<Monitor, 'id' | 'type' | 'checkInterval' | 'isActive' | 'status' | 'regions'>;

/** The monitors among `ids` with the columns their schedules follow, locked FOR UPDATE in id order (inside a transaction). */
export function lockMonitorScheduleColumns(em: EntityAccess, ids: readonly number[]): Promise<MonitorScheduleColumns[]> {
  return em.getRepository(Monitor).find({
    where: { id: In([...ids]) },
    select: { id: true, type: true, checkInterval: true, isActive: true, status: true, regions: true },
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_write' },
  });
}

/** The account's monitors among `ids`, whole, locked FOR UPDATE in id order (inside a transaction; another account's are skipped). */
export async function lockMonitorsOfAccount(em: EntityManager, accountId: number, ids: readonly number[]): Promise<Monitor[]> {
  // Plain SQL hydrated as find does (issue 35: find's query building was a tenth of a config apply's CPU).
  const [monitors] = await readsAsOne(em, [wholeEntitiesRead(em, Monitor, 'id = ANY($1::int[]) AND account_id = $2 ORDER BY id FOR UPDATE', [ids, accountId])]);
  return monitors;
}

/** Deletes the account's monitors among `ids` (another account's are skipped; their checks, incidents, rollups and heartbeat rows go with them). */
export async function deleteMonitorRows(em: Queryable, accountId: number, ids: readonly number[]): Promise<void> {
  await em.query('DELETE FROM monitors WHERE account_id = $1 AND id = ANY($2::int[])', [accountId, ids]);
}

/** Rows per INSERT: about 25 parameters a row stays well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 500;

/** A new monitor's columns: its target key is what a skipped row is told by. */
export type NewMonitorColumns = Partial<Monitor> & { normalizedUrl: string };

/**
 * Inserts the monitors in multi-row INSERTs; a row whose target its account has already (the
 * unique index of account and normalized_url) is skipped, not an error. Returns the id of each
 * inserted row by its target key. The entity's metadata writes the statement (column names,
 * transformers, defaults); its rows are typed here.
 */
export async function insertMonitorsSkippingTaken(em: EntityManager, rows: readonly NewMonitorColumns[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    const [sql, parameters] = em
      .createQueryBuilder()
      .insert()
      .into(Monitor)
      .values(chunk)
      .orIgnore()
      .returning('id, normalized_url')
      .getQueryAndParameters();
    const inserted = await em.query<{ id: number; normalized_url: string }[]>(sql, parameters);
    for (const r of inserted) ids.set(r.normalized_url, r.id);
  }
  return ids;
}
