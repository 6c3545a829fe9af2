import type { OutboundPolicy } from '@vigil/core';
import type { Prober } from '../prober.js';

/** dns: resolve a name for a record type and judge the answers. */
export function dnsProber(_policy: OutboundPolicy): Prober<'dns'> {
  return {
    kind: 'pull',
    probe: async (_target, clock) => ({
      timestamp: clock.now().toISOString(),
      status: 'failure',
      response_time_ms: null,
      status_code: null,
      error: 'dns checks are not available yet',
    }),
    close: () => undefined,
  };
}
