import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until the notifier (issue 6) lands: fails the job loudly rather than pretending to work. */
export function alertEventJob(_ctx: Context): JobHandler<JobName.AlertEvent> {
  return async () => {
    throw new Error('AlertEvent is not built yet (the notifier (issue 6))');
  };
}
