import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until the checker (issue 3) lands: fails the job loudly rather than pretending to work. */
export function monitorCheckJob(_ctx: Context): JobHandler<JobName.MonitorCheck> {
  return async () => {
    throw new Error('MonitorCheck is not built yet (the checker (issue 3))');
  };
}
