import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until check retention (issue 3) lands: fails the job loudly rather than pretending to work. */
export function pruneChecksJob(_ctx: Context): JobHandler<JobName.PruneChecks> {
  return async () => {
    throw new Error('PruneChecks is not built yet (check retention (issue 3))');
  };
}
