import { failAbandonedScans, reconcileDomainSchedules, type Context, type JobHandler, type JobName } from '@vigil/core';

/**
 * Every minute (maintenance queue): makes the domain rescan schedulers in Redis agree with
 * PostgreSQL (active domains of active accounts, at their monitoring_frequency), and fails
 * scans that stayed queued or running past the abandonment limit (their job was lost with a
 * worker or with Redis), so they no longer hold the account's concurrent-scan slots.
 */
export function reconcileDomainSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileDomainSchedules> {
  return async () => {
    const result = await reconcileDomainSchedules(ctx);
    const abandoned = await failAbandonedScans(ctx.db.manager, ctx.clock.now());
    if (result.added || result.removed || abandoned) ctx.logger.info('domain schedules reconciled', { ...result, abandonedScans: abandoned });
    return result;
  };
}
