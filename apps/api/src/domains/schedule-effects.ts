import { Domain, enqueueTlsScan, removeDomainSchedule, syncDomainSchedule, type Context, type DomainScheduleFacts } from '@vigil/core';

/**
 * Makes the domain's scheduler match its row, in the request that changed the row (under the
 * domain's row lock: inside an update's transaction, or after a create's commit,
 * applyCreatedDomainSchedule; so changes of one domain reach Redis in order). PostgreSQL is
 * the truth: when Redis fails the change stands, the failure is logged, and the reconciler
 * (every minute) brings the scheduler in line.
 */
export async function applyDomainSchedule(ctx: Context, d: DomainScheduleFacts | { id: number; deleted: true }): Promise<void> {
  try {
    if ('deleted' in d) await removeDomainSchedule(ctx.queues, d.id);
    else await syncDomainSchedule(ctx.queues, d);
  } catch (e) {
    ctx.logger.warn('domain schedule not updated; the reconciler will fix it', { domainId: d.id, error: (e as Error).message });
  }
}

/**
 * After a create committed (nothing of it goes to Redis inside its transaction): the scheduler
 * of the domain as its row stands now, read under the row lock, so an update or delete that
 * came in between (they apply theirs under the same lock) is not undone. A crash or a failure
 * between the commit and this step leaves the committed domain without its scheduler until the
 * reconciler (every minute) adds it.
 */
export async function applyCreatedDomainSchedule(ctx: Context, id: number): Promise<void> {
  try {
    await ctx.db.transaction(async (m) => {
      const row = await m.getRepository(Domain).findOne({
        where: { id },
        select: { id: true, monitoringFrequency: true, isActive: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (row) await applyDomainSchedule(ctx, row);
    });
  } catch (e) {
    ctx.logger.warn('domain schedule not updated; the reconciler will fix it', { domainId: id, error: (e as Error).message });
  }
}

/**
 * Hands a committed scan to the scanner fleet. When Redis refuses, the scan stays queued and
 * the reconciler fails it as abandoned later; the request itself still succeeds.
 */
export async function queueScan(ctx: Context, scanId: number): Promise<void> {
  try {
    await enqueueTlsScan(ctx.queues, scanId);
  } catch (e) {
    ctx.logger.warn('scan not queued', { scanId, error: (e as Error).message });
  }
}
