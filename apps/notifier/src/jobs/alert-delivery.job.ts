import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until the notifier (issue 6) lands: fails the job loudly rather than pretending to work. */
export function alertDeliveryJob(_ctx: Context): JobHandler<JobName.AlertDelivery> {
  return async () => {
    throw new Error('AlertDelivery is not built yet (the notifier (issue 6))');
  };
}
