import {
  DOMAIN_SCHEDULE,
  failAbandonedScans,
  reconcileSchedules,
  wantedDomainSchedules,
  type Context,
  type JobHandler,
  type JobName,
  type ReconcileResult,
} from '@vigil/core';

/**
 * Makes the domain rescan schedulers in Redis agree with PostgreSQL (active domains of active
 * accounts, at their monitoring_frequency; a scheduler whose next run lost its job is re-added).
 */
export async function reconcileDomainSchedules(ctx: Context): Promise<ReconcileResult> {
  const { added, removed } = await reconcileSchedules(ctx.queues, ctx.redis, DOMAIN_SCHEDULE, () => wantedDomainSchedules(ctx.db));
  return { added, removed };
}

/**
 * Every minute (maintenance queue): reconciles the domain schedulers, and fails scans that
 * stayed queued or running past the abandonment limit (their job was lost with a worker or with
 * Redis), so they no longer hold the account's concurrent-scan slots.
 */
export function reconcileDomainSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileDomainSchedules> {
  return async () => {
    const result = await reconcileDomainSchedules(ctx);
    const abandoned = await failAbandonedScans(ctx.db.manager, ctx.clock.now());
    if (result.added || result.removed || abandoned) ctx.logger.info('domain schedules reconciled', { ...result, abandonedScans: abandoned });
    return result;
  };
}
