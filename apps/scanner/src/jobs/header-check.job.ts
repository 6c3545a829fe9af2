import type { Context, JobHandler, JobName } from '@vigil/core';
import { handleHeaderCheck } from '../headers/job.js';

/** Thin processor: the header check use-case answers (cached, graded, or a typed failure). */
export function headerCheckJob(ctx: Context): JobHandler<JobName.HeaderCheck> {
  return (payload) => handleHeaderCheck(ctx, payload);
}
