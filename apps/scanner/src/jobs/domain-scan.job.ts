import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until domain rescans (issue 4) lands: fails the job loudly rather than pretending to work. */
export function domainScanJob(_ctx: Context): JobHandler<JobName.DomainScan> {
  return async () => {
    throw new Error('DomainScan is not built yet (domain rescans (issue 4))');
  };
}
