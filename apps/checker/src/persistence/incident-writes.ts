import type { EntityManager } from 'typeorm';
import type { AlertIncident } from '@vigil/core';

/** The open incidents of monitors (what applyStates starts from outside a check batch). */
export async function openIncidentsOf(em: EntityManager, monitorIds: readonly number[]): Promise<Map<number, AlertIncident>> {
  const rows = await em.query<{ id: number; monitor_id: number; cause: string; started_at: Date; affected_checks: number }[]>(
    `SELECT id, monitor_id, cause, started_at, affected_checks FROM incidents WHERE status = 'open' AND monitor_id = ANY($1::int[])`,
    [monitorIds],
  );
  return new Map(
    rows.map((r) => [r.monitor_id, { id: r.id, cause: r.cause, startedAt: r.started_at, resolvedAt: null, durationSeconds: null, affectedChecks: r.affected_checks }]),
  );
}

/** Resolves an open incident (its final affected-check count with it). */
export async function resolveIncident(em: EntityManager, resolved: AlertIncident): Promise<void> {
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
export async function openIncident(em: EntityManager, n: NewIncident): Promise<AlertIncident> {
  const [{ id }] = await em.query<{ id: number }[]>(
    `INSERT INTO incidents (monitor_id, account_id, status, started_at, cause, affected_checks, regions)
     VALUES ($1, $2, 'open', $3, $4, $5, $6) RETURNING id`,
    [n.monitorId, n.accountId, n.startedAt, n.cause, n.affectedChecks, n.regions],
  );
  return { id, cause: n.cause, startedAt: n.startedAt, resolvedAt: null, durationSeconds: null, affectedChecks: n.affectedChecks };
}
