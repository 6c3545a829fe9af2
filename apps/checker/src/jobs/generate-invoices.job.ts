import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until billing (issue 7) lands: fails the job loudly rather than pretending to work. */
export function generateInvoicesJob(_ctx: Context): JobHandler<JobName.GenerateInvoices> {
  return async () => {
    throw new Error('GenerateInvoices is not built yet (billing (issue 7))');
  };
}
