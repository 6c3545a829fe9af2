/**
 * The retention jobs of the maintenance queue, one per table, each removing what is older than
 * its VIGIL_*_RETENTION_DAYS: raw checks by dropping whole daily partitions (rollups stay)
 * and the judged rounds and per-region hourly rollups of the same age,
 * finished scans and header checks (a domain's latest ones stay) and alert delivery attempts in batches;
 * audit entries by their account's tier (auditLogRetentionDays).
 */
import type { DataSource } from 'typeorm';
import { pruneAlertDeliveriesBefore, pruneAuditLog, pruneChecksBefore, pruneRegionHoursBefore, pruneRoundsBefore, pruneHeaderChecksBefore, pruneScansBefore, retentionCutoff, type Context, type JobHandler, type JobName } from '@vigil/core';

type PruneJobName = JobName.PruneScans | JobName.PruneAlertDeliveries | JobName.PruneHeaderChecks;

function retentionJob<J extends PruneJobName>(
  ctx: Context,
  what: string,
  days: number,
  prune: (db: DataSource, before: Date) => Promise<number>,
): JobHandler<J> {
  return async () => {
    const before = retentionCutoff(ctx.clock.now(), days);
    const deleted = await prune(ctx.db, before);
    ctx.logger.info(`pruned ${what}`, { before: before.toISOString(), deleted });
    return { deleted };
  };
}

export function pruneChecksJob(ctx: Context): JobHandler<JobName.PruneChecks> {
  return async () => {
    const before = retentionCutoff(ctx.clock.now(), ctx.config.checkRetentionDays);
    const outcome = {
      ...(await pruneChecksBefore(ctx.db, before)),
      rounds: await pruneRoundsBefore(ctx.db, before),
      regionHours: await pruneRegionHoursBefore(ctx.db, before),
    };
    ctx.logger.info('pruned raw checks', { before: before.toISOString(), ...outcome });
    return outcome;
  };
}

export function pruneScansJob(ctx: Context): JobHandler<JobName.PruneScans> {
  return retentionJob(ctx, 'scans', ctx.config.scanRetentionDays, pruneScansBefore);
}

export function pruneAlertDeliveriesJob(ctx: Context): JobHandler<JobName.PruneAlertDeliveries> {
  return retentionJob(ctx, 'alert deliveries', ctx.config.deliveryRetentionDays, pruneAlertDeliveriesBefore);
}

export function pruneHeaderChecksJob(ctx: Context): JobHandler<JobName.PruneHeaderChecks> {
  return retentionJob(ctx, 'header checks', ctx.config.headerCheckRetentionDays, pruneHeaderChecksBefore);
}

/** Audit entries past their account's tier retention (auditLogRetentionDays). */
export function pruneAuditLogJob(ctx: Context): JobHandler<JobName.PruneAuditLog> {
  return async () => {
    const deleted = await pruneAuditLog(ctx.db, ctx.config.tiers, ctx.clock.now());
    ctx.logger.info('pruned audit log', { deleted });
    return { deleted };
  };
}
