import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until the header check (issue 5) lands: fails the job loudly rather than pretending to work. */
export function headerCheckJob(_ctx: Context): JobHandler<JobName.HeaderCheck> {
  return async () => {
    throw new Error('HeaderCheck is not built yet (the header check (issue 5))');
  };
}
