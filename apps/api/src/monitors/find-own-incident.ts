import type { DataSource, EntityManager } from 'typeorm';
import { incidentEntityOfAccount, NotFoundError, type Incident } from '@vigil/core';
import { parseId } from '../http/validate.js';
import { findOwnMonitor } from './find-own-monitor.js';

export const INCIDENT_NOT_FOUND = 'Incident not found';

/**
 * An incident of the caller's monitor: 404 Monitor not found first (missing, malformed or
 * another account's monitor), then 404 Incident not found (missing, malformed, or an incident of
 * another monitor). `lock` takes the incident row lock (inside a transaction).
 */
export async function findOwnIncident(
  db: DataSource | EntityManager,
  accountId: number,
  rawMonitorId: string | string[] | undefined,
  rawIncidentId: string | string[] | undefined,
  opts: { lock?: boolean } = {},
): Promise<Incident> {
  const monitor = await findOwnMonitor(db, accountId, rawMonitorId);
  const id = parseId(rawIncidentId, INCIDENT_NOT_FOUND);
  const incident = await incidentEntityOfAccount(db, accountId, monitor.id, id, opts);
  if (!incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
  return incident;
}
