import type { OutboundPolicy } from '@vigil/core';
import { probe } from '../probe.js';
import { createProbeClient, type ProbeClientOptions } from '../probe-client.js';
import type { Prober } from '../prober.js';

/** http: one request through got with the guarded agents (probe.ts). */
export function httpProber(policy: OutboundPolicy, opts: ProbeClientOptions = {}): Prober<'http'> {
  const client = createProbeClient(policy, opts);
  return { kind: 'pull', probe: (target, clock) => probe(client, target, clock), close: () => client.close() };
}
