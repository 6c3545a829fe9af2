import { applyDeletedDomainSchedules, applyDeletedMonitorSchedules, applyScheduleChanges, OUTBOX_RELAY_DEFAULTS, type Context, type ScheduleApplyDeps, type ScheduleTarget } from '@vigil/core';

/**
 * After the commit of a transaction that wrote schedule changes (writeScheduleChanges): applies
 * the pending changes of `targets` now, so the answer finds Redis as the request left it, as
 * when the API wrote Redis itself. When Redis fails, the change stands, the failure is logged,
 * and the outbox relay (checker, scanner: polling every second) applies it once Redis answers.
 */
export function applyScheduleNow(ctx: Context, targets: readonly ScheduleTarget[]): Promise<void> {
  return applyScheduleChanges(applyDeps(ctx), targets);
}

/** applyScheduleNow for monitors the transaction deleted (`intervals`: their changes' intervals): see applyDeletedMonitorSchedules. */
export function applyDeletedMonitorsNow(ctx: Context, monitors: readonly { id: number; intervals: readonly number[] }[]): Promise<void> {
  return applyDeletedMonitorSchedules(applyDeps(ctx), monitors);
}

/** applyScheduleNow for domains the statement deleted: see applyDeletedDomainSchedules. */
export function applyDeletedDomainsNow(ctx: Context, ids: readonly number[]): Promise<void> {
  return applyDeletedDomainSchedules(applyDeps(ctx), ids);
}

function applyDeps(ctx: Context): ScheduleApplyDeps & { logger: Context['logger'] } {
  return { db: ctx.db, queues: ctx.queues, logger: ctx.logger, regions: ctx.config.knownRegions, agentRegions: ctx.config.agentRegions, timeoutMs: OUTBOX_RELAY_DEFAULTS.enqueueTimeoutMs };
}
