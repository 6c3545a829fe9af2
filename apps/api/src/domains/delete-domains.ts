import { auditRowsOf, domainRowsOfAccount, domainsDelete, runAsOne, type AuditActor, type Context, type DomainRowWhole } from '@vigil/core';
import { applyDeletedDomainsNow } from '../schedules/apply-schedule-now.js';

/** The account's domains among `ids` (missing and another account's skipped), whole: what deleteDomains deletes and its entries tell. */
export function ownDomainRows(ctx: Context, accountId: number, ids: number[]): Promise<DomainRowWhole[]> {
  return ids.length ? domainRowsOfAccount(ctx.db, accountId, ids) : Promise.resolve([]);
}

/**
 * Deletes the account's domains read as `rows` (ownDomainRows), irreversibly: their scans,
 * expiry-notification records (foreign keys, ON DELETE CASCADE) and alert delivery logs go with
 * them, each with its entry, in one statement (domainsDelete), and their schedulers are removed
 * (schedule changes in the outbox, applied after the commit). A row deleted since it was read is
 * skipped. Returns the ids deleted, ascending.
 */
export async function deleteDomains(ctx: Context, actor: AuditActor, rows: readonly DomainRowWhole[]): Promise<number[]> {
  // Recorded also when nothing is deleted: a 200 deleting nothing has nothing to tell (recordAudit of none).
  if (!rows.length) {
    actor.recorded?.();
    return [];
  }
  const entries = auditRowsOf(ctx.db.manager, actor, rows.map((row) => ({ resource: 'domain', id: row.id, action: 'delete' as const, before: row })));
  const deleted = (await runAsOne<{ id: number }>(ctx.db, [], domainsDelete(actor.accountId, rows, entries))).map((r) => r.id);
  actor.recorded?.();
  await applyDeletedDomainsNow(ctx, deleted);
  return deleted;
}
