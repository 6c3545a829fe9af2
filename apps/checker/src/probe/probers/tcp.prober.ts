import type { OutboundPolicy } from '@vigil/core';
import type { Prober } from '../prober.js';

/** tcp: connect to host:port (+ TLS handshake) through the outbound guard. */
export function tcpProber(_policy: OutboundPolicy): Prober<'tcp'> {
  return {
    kind: 'pull',
    probe: async (_target, clock) => ({
      timestamp: clock.now().toISOString(),
      status: 'failure',
      response_time_ms: null,
      status_code: null,
      error: 'tcp checks are not available yet',
    }),
    close: () => undefined,
  };
}
