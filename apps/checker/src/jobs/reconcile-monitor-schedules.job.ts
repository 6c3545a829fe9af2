import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until monitor scheduling (issue 3) lands: fails the job loudly rather than pretending to work. */
export function reconcileMonitorSchedulesJob(_ctx: Context): JobHandler<JobName.ReconcileMonitorSchedules> {
  return async () => {
    throw new Error('ReconcileMonitorSchedules is not built yet (monitor scheduling (issue 3))');
  };
}
