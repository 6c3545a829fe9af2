import { incidentEntityOfAccount, incidentOfOwnMonitor, NotFoundError, type Incident, type Queryable } from '@vigil/core';
import { parseId } from '../http/validate.js';
import { findOwnMonitor, MONITOR_NOT_FOUND } from './find-own-monitor.js';

export const INCIDENT_NOT_FOUND = 'Incident not found';

/** The incident id, or null when malformed (answered 404 Incident not found once the monitor is known to be the caller's). */
function incidentIdOrNull(raw: string | string[] | undefined): number | null {
  try {
    return parseId(raw, INCIDENT_NOT_FOUND);
  } catch {
    return null;
  }
}

/**
 * An incident of the caller's monitor: 404 Monitor not found first (missing, malformed or
 * another account's monitor), then 404 Incident not found (missing, malformed, or an incident of
 * another monitor). Without a lock, one statement reads both; `lock` takes the incident row lock
 * (inside a transaction) after the monitor's read.
 */
export async function findOwnIncident(
  db: Queryable,
  accountId: number,
  rawMonitorId: string | string[] | undefined,
  rawIncidentId: string | string[] | undefined,
  opts: { lock?: boolean } = {},
): Promise<Incident> {
  if (opts.lock) {
    const monitor = await findOwnMonitor(db, accountId, rawMonitorId);
    const id = parseId(rawIncidentId, INCIDENT_NOT_FOUND);
    const incident = await incidentEntityOfAccount(db, accountId, monitor.id, id, opts);
    if (!incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
    return incident;
  }
  const monitorId = parseId(rawMonitorId, MONITOR_NOT_FOUND);
  const found = await incidentOfOwnMonitor(db, accountId, monitorId, incidentIdOrNull(rawIncidentId));
  if (!found.monitor) throw new NotFoundError(MONITOR_NOT_FOUND);
  if (!found.incident) throw new NotFoundError(INCIDENT_NOT_FOUND);
  return found.incident;
}
