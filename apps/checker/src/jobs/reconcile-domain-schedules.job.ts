import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until domain scheduling (issue 4) lands: fails the job loudly rather than pretending to work. */
export function reconcileDomainSchedulesJob(_ctx: Context): JobHandler<JobName.ReconcileDomainSchedules> {
  return async () => {
    throw new Error('ReconcileDomainSchedules is not built yet (domain scheduling (issue 4))');
  };
}
