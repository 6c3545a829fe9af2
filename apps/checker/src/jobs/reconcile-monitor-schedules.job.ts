import {
  applyReconcilePlan,
  planReconcile,
  readMonitorSchedules,
  type Context,
  type JobHandler,
  type JobName,
} from '@vigil/core';

/**
 * Makes Redis agree with PostgreSQL (runs every minute from the maintenance queue): every
 * active, non-paused monitor gets its scheduler back (after Redis lost its data, or when a
 * scheduler lost its next run), with its current interval; schedulers of paused, inactive or
 * deleted monitors are removed. Redis is read before PostgreSQL so that a monitor created in
 * between is added (idempotently) rather than removed.
 */
export async function reconcileMonitorSchedules(ctx: Context): Promise<{ added: number; removed: number }> {
  const actual = await readMonitorSchedules(ctx.queues, ctx.redis);
  const rows = (await ctx.db.query(
    `SELECT id, check_interval FROM monitors WHERE is_active AND status <> 'paused'`,
  )) as { id: number; check_interval: number }[];
  const plan = planReconcile(
    rows.map((r) => ({ id: r.id, checkInterval: r.check_interval })),
    actual,
  );
  await applyReconcilePlan(ctx.queues, plan);
  const result = { added: plan.upsert.length, removed: plan.remove.length };
  if (result.added || result.removed) ctx.logger.info('monitor schedules reconciled', { ...result, active: rows.length });
  return result;
}

export function reconcileMonitorSchedulesJob(ctx: Context): JobHandler<JobName.ReconcileMonitorSchedules> {
  return () => reconcileMonitorSchedules(ctx);
}
