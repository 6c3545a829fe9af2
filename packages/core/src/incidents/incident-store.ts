import { numberArrayLiteral } from '../db/array-literals.js';
import type { EntityManager } from 'typeorm';
import type { IncidentUpdateStatus } from '../db/entities/incident-update.entity.js';
import type { EscalationStep, MonitorStatus } from '../db/entities/monitor.entity.js';
import type { Queryable } from '../db/queryable.js';
import type { EntityAccess } from '../db/entity-access.js';
import { Incident } from '../db/entities/incident.entity.js';
import type { AlertIncident } from '../queue/alert-events.js';

/**
 * The store of incidents (issue 30): the check writer's (open incidents of a batch's monitors,
 * opening and resolving one), reminders and escalations owed, and the delivered alerts an
 * incident lists. The writer's count of affected checks is part of its state statement
 * (monitors/monitor-state-store.ts).
 */

/** An open incident as the writer reads it. */
export interface OpenIncidentRow {
  id: number;
  monitor_id: number;
  cause: string;
  started_at: Date;
  affected_checks: number;
}

/** The incident as the state machine and alert events carry it. */
export const openAlertIncident = (r: OpenIncidentRow): AlertIncident => ({
  id: r.id,
  cause: r.cause,
  startedAt: r.started_at,
  resolvedAt: null,
  durationSeconds: null,
  affectedChecks: r.affected_checks,
});

/** The open incidents of monitors, by monitor (what the state machine starts from outside a check batch). */
export async function openIncidentsOf(em: Queryable, monitorIds: readonly number[]): Promise<Map<number, AlertIncident>> {
  const rows = await em.query<OpenIncidentRow[]>(
    `SELECT id, monitor_id, cause, started_at, affected_checks FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`,
    [numberArrayLiteral(monitorIds)],
  );
  return new Map(rows.map((r) => [r.monitor_id, openAlertIncident(r)]));
}

/** Resolves an open incident (its final affected-check count with it). */
export async function resolveIncident(em: Queryable, resolved: AlertIncident): Promise<void> {
  await em.query(`UPDATE incidents SET status = 'resolved', resolved_at = $2, duration_seconds = $3, affected_checks = $4 WHERE id = $1`, [
    resolved.id,
    resolved.resolvedAt,
    resolved.durationSeconds,
    resolved.affectedChecks,
  ]);
}

export interface NewIncident {
  monitorId: number;
  accountId: number;
  startedAt: Date;
  cause: string;
  affectedChecks: number;
  /** The failing regions of a round of many; none for a round of one. */
  regions: readonly string[];
}

/** Opens an incident; returns it (the one-open-incident index and the monitor's lock keep it to one). */
export async function openIncident(em: Queryable, n: NewIncident): Promise<AlertIncident> {
  const [{ id }] = await em.query<{ id: number }[]>(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks, regions)
     VALUES ($1, $2, 'open', $3, $4, $5, $6) RETURNING id`,
    [n.monitorId, n.accountId, n.startedAt, n.cause, n.affectedChecks, n.regions],
  );
  return { id, cause: n.cause, startedAt: n.startedAt, resolvedAt: null, durationSeconds: null, affectedChecks: n.affectedChecks };
}

/**
 * Open, unacknowledged incidents of live monitors (active, not paused, of an active account on
 * one of `tiers`) that owe a reminder or an escalation step at `now`: the longest open first,
 * read without locks.
 */
export async function incidentsOwingRepeats(em: Queryable, now: Date, tiers: readonly string[], limit: number): Promise<number[]> {
  const rows = await em.query<{ id: number }[]>(
    `SELECT i.id FROM incidents i
       JOIN monitors m ON m.id = i.monitor_id
       JOIN accounts a ON a.id = m.account_id
      WHERE i.status = 'open' AND i.acknowledged_at IS NULL
        AND m.is_active AND m.status <> 'paused' AND a.is_active AND a.tier = ANY($2::text[])
        AND ((m.reminder_interval_minutes IS NOT NULL
              AND coalesce(i.last_reminder_at, i.started_at) + m.reminder_interval_minutes * interval '1 minute' <= $1)
          OR (jsonb_array_length(m.escalation) > i.escalation_step
              AND i.started_at + (m.escalation -> i.escalation_step ->> 'after_minutes')::int * interval '1 minute' <= $1))
      ORDER BY i.started_at, i.id
      LIMIT $3`,
    [now, tiers, limit],
  );
  return rows.map((r) => r.id);
}

/** An incident with its repeat progress and its monitor's alert policy. */
export interface IncidentRepeatRow {
  id: number;
  status: 'open' | 'resolved';
  acknowledged_at: Date | null;
  cause: string;
  started_at: Date;
  affected_checks: number;
  reminders_sent: number;
  last_reminder_at: Date | null;
  escalation_step: number;
  monitor_id: number;
  account_id: number;
  name: string;
  url: string;
  monitor_status: MonitorStatus;
  degraded_threshold_ms: number;
  reminder_interval_minutes: number | null;
  escalation: EscalationStep[];
}

/** The incident, its row locked (an acknowledgement committed first is seen; a later one waits). */
export async function lockIncidentForRepeats(em: EntityManager, incidentId: number): Promise<IncidentRepeatRow | null> {
  const [row] = await em.query<IncidentRepeatRow[]>(
    `SELECT i.id, i.status, i.acknowledged_at, i.cause, i.started_at, i.affected_checks, i.reminders_sent, i.last_reminder_at,
            i.escalation_step, m.id AS monitor_id, m.account_id, m.name, m.url, m.status AS monitor_status,
            m.degraded_threshold_ms, m.reminder_interval_minutes, m.escalation
       FROM incidents i JOIN monitors m ON m.id = i.monitor_id
      WHERE i.id = $1
        FOR UPDATE OF i`,
    [incidentId],
  );
  return row ?? null;
}

export async function saveRepeatProgress(em: Queryable, incidentId: number, progress: { remindersSent: number; lastReminderAt: Date | null; escalationStep: number }): Promise<void> {
  await em.query(`UPDATE incidents SET reminders_sent = $2, last_reminder_at = $3, escalation_step = $4 WHERE id = $1`, [
    incidentId,
    progress.remindersSent,
    progress.lastReminderAt,
    progress.escalationStep,
  ]);
}

/** One successful delivery as the incident lists it in alerts_sent (nulls left out). */
export interface AlertSentEntry {
  type: string;
  sentAt: Date;
  event: string;
  kind: string | null;
  integrationId: number | null;
}

export async function appendAlertSent(em: Queryable, incident: { id: number; accountId: number }, entry: AlertSentEntry): Promise<void> {
  await em.query(
    `UPDATE incidents
     SET alerts_sent = alerts_sent || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
           'type', $3::text, 'sent_at', $4::text, 'event', $5::text, 'kind', $6::text, 'integration_id', $7::int)))
     WHERE id = $1 AND account_id = $2`,
    [incident.id, incident.accountId, entry.type, entry.sentAt.toISOString(), entry.event, entry.kind, entry.integrationId],
  );
}

/** The incidents of these monitors that overlap [from, to) (a report's period). */
export function incidentsOverlapping(em: Queryable, monitorIds: readonly number[], from: Date, to: Date): Promise<{ monitor_id: number; started_at: Date; resolved_at: Date | null }[]> {
  return em.query<{ monitor_id: number; started_at: Date; resolved_at: Date | null }[]>(
    `SELECT monitor_id, started_at, resolved_at FROM incidents
      WHERE monitor_id = ANY($1::int[]) AND started_at < $3 AND (resolved_at IS NULL OR resolved_at > $2)`,
    [numberArrayLiteral(monitorIds), from, to],
  );
}

/**
 * Every column of the Incident entity under its property name, `p` the table's alias with its
 * dot (issue 35: plain statements mapped by alias, where TypeORM's find built its query and
 * hydrated through its metadata on every call).
 */
const incidentColumns = (p: string) =>
  `${p}id, ${p}monitor_id AS "monitorId", ${p}account_id AS "accountId", ${p}status, ${p}started_at AS "startedAt", ${p}resolved_at AS "resolvedAt",
   ${p}duration_seconds AS "durationSeconds", ${p}cause, ${p}regions, ${p}affected_checks AS "affectedChecks", ${p}alerts_sent AS "alertsSent",
   ${p}acknowledged_at AS "acknowledgedAt", ${p}acknowledged_by AS "acknowledgedBy", ${p}reminders_sent AS "remindersSent",
   ${p}last_reminder_at AS "lastReminderAt", ${p}escalation_step AS "escalationStep", ${p}created_at AS "createdAt"`;

/** The entity of a row read under incidentColumns (an instance: the audit reads its columns through the metadata). */
const incidentOf = (row: Incident): Incident => Object.assign(new Incident(), row);

/** Incidents of a plain read (`where` on the table aliased i), as entities. */
export async function readIncidents(q: Queryable, where: string, params: readonly unknown[]): Promise<Incident[]> {
  const rows = await q.query<Incident[]>(`SELECT ${incidentColumns('i.')} FROM incidents i WHERE ${where}`, [...params]);
  return rows.map(incidentOf);
}

/** The monitor's incident (null when missing or another monitor's). */
export async function incidentOfMonitor(q: Queryable, monitorId: number, id: number): Promise<Incident | null> {
  const [incident] = await readIncidents(q, 'i.id = $1 AND i.monitor_id = $2', [id, monitorId]);
  return incident ?? null;
}

/** An incident of the account's monitor (null when missing or another's); `lock` takes its row lock (inside a transaction). */
export async function incidentEntityOfAccount(q: Queryable, accountId: number, monitorId: number, id: number, opts: { lock?: boolean } = {}): Promise<Incident | null> {
  const [incident] = await readIncidents(q, `i.id = $1 AND i.monitor_id = $2 AND i.account_id = $3${opts.lock ? ' FOR UPDATE' : ''}`, [id, monitorId, accountId]);
  return incident ?? null;
}

/**
 * Whether the account has monitor `monitorId` and, if so, its incident `id` (null: missing,
 * another monitor's, or `id` null), in one statement (the API's 404s tell the two apart, the
 * monitor's first). Read without locks.
 */
export async function incidentOfOwnMonitor(q: Queryable, accountId: number, monitorId: number, id: number | null): Promise<{ monitor: boolean; incident: Incident | null }> {
  const [row] = await q.query<(Incident & { own_monitor: number })[]>(
    `SELECT m.id AS own_monitor, ${incidentColumns('i.')}
       FROM monitors m LEFT JOIN incidents i ON i.id = $3 AND i.monitor_id = m.id AND i.account_id = $2
      WHERE m.id = $1 AND m.account_id = $2`,
    [monitorId, accountId, id],
  );
  if (!row) return { monitor: false, incident: null };
  const { own_monitor: _own, ...incident } = row;
  return { monitor: true, incident: incident.id === null ? null : incidentOf(incident) };
}

/** Whether the account's incident is acknowledged or resolved, from a plain read (null when missing or another account's). */
export function incidentAckState(em: EntityAccess, accountId: number, id: number): Promise<Pick<Incident, 'id' | 'status' | 'acknowledgedAt'> | null> {
  return em.getRepository(Incident).findOne({ where: { id, accountId }, select: { id: true, status: true, acknowledgedAt: true } });
}

/** An incident as a monitor's detail lists it (readMonitorDetail reads them). */
export interface RecentIncidentRow {
  id: number;
  startedAt: Date;
  resolvedAt: Date | null;
  durationSeconds: number | null;
  cause: string;
}

/** An incident as a public status page shows it. */
export interface PageIncidentRow {
  id: number;
  monitor_id: number;
  status: 'open' | 'resolved';
  started_at: Date;
  resolved_at: Date | null;
  duration_seconds: number | null;
}

/**
 * SQL (a parenthesised subquery, for a LATERAL join): the `columns` of the incidents of monitor
 * `monitor` that can reach into a span starting at `from`: those started from `from` on that
 * meet `startedUpTo` (the span's end, a condition on started_at), and the newest started before
 * `from`. A monitor's incidents follow one another (incidents_one_open_per_monitor), so no older
 * one can still have been open at `from`; both parts come from (monitor_id, started_at), so the
 * work is the span's incidents, not the monitor's whole history (a `resolved_at >= from` filter
 * has no index). The newest before `from` may have ended before it: the caller's clipping drops
 * it. The arguments are SQL expressions; `columns` may be expressions too, and is best given
 * them (each branch computes its own: the same date_trunc over the union's rows made the incident
 * summary of 21,600 incidents 30 ms instead of 18).
 */
export function incidentsReachingSql(columns: string, monitor: string, from: string, startedUpTo: string): string {
  return `((SELECT ${columns} FROM incidents WHERE monitor_id = ${monitor} AND started_at >= ${from} AND ${startedUpTo})
     UNION ALL
     (SELECT ${columns} FROM incidents WHERE monitor_id = ${monitor} AND started_at < ${from} ORDER BY started_at DESC LIMIT 1))`;
}

const PAGE_INCIDENT_COLUMNS = 'id, monitor_id, status, started_at, resolved_at, duration_seconds';

/**
 * The incidents a public page lists: every one of these monitors open now (at most one each,
 * incidents_one_open_per_monitor) and the `recentMax` newest started of those resolved since
 * `resolvedSince`, all started by `startedBy`. Bounded in its work, not only its answer: each
 * monitor's resolved incidents come newest first from (monitor_id, started_at), at most
 * `recentMax` each, so a monitor flapping for weeks costs a page build no more than one that did
 * not. An incident resolved since `resolvedSince` either started since then or is the monitor's
 * newest started before it (a monitor's incidents follow one another).
 */
export function incidentsForPage(em: Queryable, monitorIds: readonly number[], resolvedSince: Date, startedBy: Date, recentMax: number): Promise<PageIncidentRow[]> {
  return em.query<PageIncidentRow[]>(
    `SELECT ${PAGE_INCIDENT_COLUMNS} FROM incidents WHERE monitor_id = ANY($1::int[]) AND status = 'open' AND started_at <= $3
     UNION ALL
     (SELECT r.* FROM unnest($1::int[]) AS m(id)
       CROSS JOIN LATERAL (
         (SELECT ${PAGE_INCIDENT_COLUMNS} FROM incidents
           WHERE monitor_id = m.id AND status = 'resolved' AND started_at >= $2 AND started_at <= $3
           ORDER BY started_at DESC, id DESC LIMIT $4)
         UNION ALL
         (SELECT ${PAGE_INCIDENT_COLUMNS} FROM incidents WHERE monitor_id = m.id AND started_at < $2 ORDER BY started_at DESC LIMIT 1)
       ) r
      WHERE r.status = 'resolved' AND r.resolved_at >= $2
      ORDER BY r.started_at DESC, r.id DESC LIMIT $4)`,
    [numberArrayLiteral(monitorIds), resolvedSince, startedBy, recentMax],
  );
}

/** How many incidents of a monitor touched a UTC day (`day`: days since the epoch). */
export interface IncidentDayRow {
  monitor_id: number;
  day: number;
  incidents: number;
}

const DAY_MS = 86_400_000;

/**
 * Per monitor and UTC day from `fromDay` to `untilDay` (exclusive; days since the epoch), how
 * many of its incidents touched the day (from its start until it was resolved, or until `now`
 * while open): the counts a page's day bars show, aggregated in PostgreSQL so that a page build
 * handles one row per monitor and day however many incidents there were. The incidents are those
 * reaching into the span (incidentsReachingSql); one that ended before it touches no day of it.
 * Day numbers are date differences (extract(epoch) is numeric, about twice the time).
 */
export function incidentDaysForPage(em: Queryable, monitorIds: readonly number[], fromDay: number, untilDay: number, now: Date): Promise<IncidentDayRow[]> {
  return em.query<IncidentDayRow[]>(
    `SELECT t.monitor_id, d.day, count(*)::int AS incidents
       FROM unnest($1::int[]) AS m(id)
       CROSS JOIN LATERAL ${incidentsReachingSql('monitor_id, started_at, resolved_at', 'm.id', '$2', 'started_at < $3 AND started_at <= $4')} AS t
       CROSS JOIN LATERAL generate_series(
         greatest((t.started_at AT TIME ZONE 'UTC')::date - DATE '1970-01-01', $5::int),
         least((least(coalesce(t.resolved_at, $4), $4) AT TIME ZONE 'UTC')::date - DATE '1970-01-01', $6::int - 1)
       ) AS d(day)
      GROUP BY 1, 2`,
    [numberArrayLiteral(monitorIds), new Date(fromDay * DAY_MS), new Date(untilDay * DAY_MS), now, fromDay, untilDay],
  );
}

/** An update of an incident as a public status page shows it. */
export interface PageIncidentUpdateRow {
  incident_id: number;
  status: IncidentUpdateStatus;
  message: string;
  created_at: Date;
}

/**
 * The newest `perIncident` updates of each of these incidents, oldest first: what a public page
 * shows. The bound is on the work, not only the answer (each incident's newest rows from its
 * index, LIMIT per incident): an owner can post any number of updates, and a page rebuilt from
 * thousands of them cost every reader's API process hundreds of milliseconds of CPU per build.
 */
export function updatesOfIncidents(em: Queryable, incidentIds: readonly number[], perIncident: number): Promise<PageIncidentUpdateRow[]> {
  return em.query<PageIncidentUpdateRow[]>(
    `SELECT u.incident_id, u.status, u.message, u.created_at
       FROM unnest($1::int[]) AS i(id)
       CROSS JOIN LATERAL (
         SELECT incident_id, status, message, created_at, id FROM incident_updates
          WHERE incident_id = i.id ORDER BY created_at DESC, id DESC LIMIT $2
       ) u
      ORDER BY u.created_at, u.id`,
    [numberArrayLiteral(incidentIds), perIncident],
  );
}
