import { ConflictError, monitorIdWithTarget, type EntityAccess } from '@vigil/core';

/**
 * The 409 of a target the account already monitors (the type's message, e.g. "URL already
 * monitored"), naming that monitor by `monitor_id`; null when no other monitor has it (or no
 * target is given).
 */
export async function alreadyMonitoredError(m: EntityAccess, accountId: number, normalizedUrl: string | undefined, message: string, exceptId?: number): Promise<ConflictError | null> {
  if (normalizedUrl === undefined) return null;
  const other = await monitorIdWithTarget(m, accountId, normalizedUrl, exceptId);
  return other === null ? null : new ConflictError(message, { monitor_id: other });
}
