import type { Context, JobHandler, JobName } from '@vigil/core';
import { pruneChecksBefore, retentionCutoff } from '../retention/prune-checks.js';

/** PruneChecks: raw checks older than VIGIL_CHECK_RETENTION_DAYS (default 90) go; rollups stay. */
export function pruneChecksJob(ctx: Context): JobHandler<JobName.PruneChecks> {
  return async () => {
    const before = retentionCutoff(ctx.clock.now(), ctx.config.checkRetentionDays);
    const outcome = await pruneChecksBefore(ctx.db, before);
    ctx.logger.info('pruned raw checks', { before: before.toISOString(), ...outcome });
    return outcome;
  };
}
