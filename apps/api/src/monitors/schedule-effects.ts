import {
  dropScheduleChanges,
  enqueueFirstChecks,
  lockMonitorScheduleColumns,
  removeMonitorSchedules,
  shouldBeScheduled,
  syncMonitorSchedules,
  type Context,
} from '@vigil/core';
import { knownRegions } from './region-policy.js';

/**
 * The schedule outbox's rows of a config apply, applied at once after its commit (applyScheduleNow
 * takes one entity per transaction: for thousands of monitors, minutes): the monitors' rows read
 * under their locks (in id order) in one query, every schedule change in pipelines, and the
 * apply's own outbox rows (`outbox`, their ids) dropped in the same transaction. When Redis fails
 * the rows stay and the outbox relay applies them, one entity at a time, from the rows as they
 * stand then. `before`: the interval each had when a committed update changed it; `firstCheck`:
 * created, the job id of its first check (its row's), queued before the rows are dropped.
 */
export async function applyCommittedMonitorSchedules(ctx: Context, changed: readonly { id: number; before?: number; firstCheck?: string }[], outbox: readonly number[]): Promise<void> {
  if (!changed.length) return;
  const before = new Map(changed.map((c) => [c.id, c.before]));
  const firstChecks = new Map<number, string>();
  for (const c of changed) if (c.firstCheck !== undefined) firstChecks.set(c.id, c.firstCheck);
  try {
    await ctx.db.transaction(async (m) => {
      const rows = await lockMonitorScheduleColumns(m, [...before.keys()]);
      const regions = await knownRegions(ctx);
      const facts = rows.map((r) => {
        const was = before.get(r.id);
        // Buckets only in regions with checkers (not private locations, not regions served by agents).
        return { ...r, regions: r.regions.filter((x) => regions.includes(x) && !ctx.config.agentRegions.includes(x)), ...(was !== undefined ? { before: was } : {}) };
      });
      await syncMonitorSchedules(ctx.queues, facts, regions);
      const firsts = facts.flatMap((f) => {
        const jobId = firstChecks.get(f.id);
        return jobId !== undefined && shouldBeScheduled(f) ? [{ ...f, jobId }] : [];
      });
      await enqueueFirstChecks(ctx.queues, firsts);
      await dropScheduleChanges(m, outbox);
    });
  } catch (e) {
    ctx.logger.warn('monitor schedules not updated yet; the outbox relay will apply them', { monitors: changed.length, error: (e as Error).message });
  }
}

/** The schedules of a config apply's deleted monitors removed in pipelines, then its outbox rows dropped (see applyCommittedMonitorSchedules). */
export async function removeDeletedMonitorSchedules(ctx: Context, deleted: readonly { id: number; checkInterval: number }[], outbox: readonly number[]): Promise<void> {
  if (!deleted.length) return;
  try {
    await removeMonitorSchedules(ctx.queues, deleted, await knownRegions(ctx));
    await dropScheduleChanges(ctx.db, outbox);
  } catch (e) {
    ctx.logger.warn('monitor schedules not removed yet; the outbox relay will remove them', { monitors: deleted.length, error: (e as Error).message });
  }
}
