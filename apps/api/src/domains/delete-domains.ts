import type { EntityManager } from 'typeorm';
import { deleteDomainDeliveries, deleteDomainsOfAccount, domainScheduleChange, recordAudit, writeScheduleChanges, type AuditActor, type Context } from '@vigil/core';
import { applyScheduleNow } from '../schedules/apply-schedule-now.js';

/**
 * Deletes the given domains of the account, irreversibly: their scans, expiry-notification
 * records (foreign keys, ON DELETE CASCADE) and alert delivery logs go with them, and their
 * schedulers are removed (schedule changes in the outbox, applied after the commit). Ids that are missing or belong to another account are skipped.
 * Returns the ids deleted, ascending.
 */
export async function deleteDomains(ctx: Context, actor: AuditActor, ids: number[]): Promise<number[]> {
  const { accountId } = actor;
  const deleted = await ctx.db.transaction(async (m: EntityManager) => {
    const rows = await deleteDomainsOfAccount(m, accountId, ids);
    await recordAudit(m, actor, rows.map((row) => ({ resource: 'domain', id: row.id, action: 'delete', before: row })));
    const deleted = rows.map((r) => r.id);
    if (!deleted.length) return deleted;
    await deleteDomainDeliveries(m, accountId, deleted);
    await writeScheduleChanges(m, deleted.map(domainScheduleChange));
    return deleted;
  });
  await applyScheduleNow(ctx, deleted.map((id) => ({ kind: 'domain' as const, id })));
  return deleted;
}
