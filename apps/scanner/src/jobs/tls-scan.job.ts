import type { Context, JobHandler, JobName } from '@vigil/core';

/** Placeholder until the TLS scanner (issue 4) lands: fails the job loudly rather than pretending to work. */
export function tlsScanJob(_ctx: Context): JobHandler<JobName.TlsScan> {
  return async () => {
    throw new Error('TlsScan is not built yet (the TLS scanner (issue 4))');
  };
}
