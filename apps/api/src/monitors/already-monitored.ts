import { ConflictError, Monitor } from '@vigil/core';
import { Not, type EntityManager } from 'typeorm';

/**
 * The 409 of a target the account already monitors (the type's message, e.g. "URL already
 * monitored"), naming that monitor by `monitor_id`; null when no other monitor has it (or no
 * target is given).
 */
export async function alreadyMonitoredError(m: EntityManager, accountId: number, normalizedUrl: string | undefined, message: string, exceptId?: number): Promise<ConflictError | null> {
  if (normalizedUrl === undefined) return null;
  const other = await m.getRepository(Monitor).findOne({
    select: { id: true },
    where: { accountId, normalizedUrl, ...(exceptId === undefined ? {} : { id: Not(exceptId) }) },
  });
  return other ? new ConflictError(message, { monitor_id: other.id }) : null;
}
