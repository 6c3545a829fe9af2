import type { Context, JobHandler, JobName } from '@vigil/core';
import { ensureCheckPartitions } from '../retention/ensure-check-partitions.js';

/** EnsureCheckPartitions: the daily partitions of `checks` around the clock's now exist. */
export function ensureCheckPartitionsJob(ctx: Context): JobHandler<JobName.EnsureCheckPartitions> {
  return async () => {
    const created = await ensureCheckPartitions(ctx.db, ctx.clock.now());
    if (created.length) ctx.logger.info('created check partitions', { created });
    return { created };
  };
}
