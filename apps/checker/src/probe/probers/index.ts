import type { OutboundPolicy } from '@vigil/core';
import type { ProbeClientOptions } from '../probe-client.js';
import { assertProbers, type Probers } from '../prober.js';
import { dnsProber } from './dns.prober.js';
import { heartbeatProber } from './heartbeat.prober.js';
import { httpProber } from './http.prober.js';
import { tcpProber } from './tcp.prober.js';
import { websocketProber } from './websocket.prober.js';

export interface ProberOptions {
  /** VIGIL_SOURCE_ADDRESS: every prober's outbound connections bind to it. */
  sourceAddress?: string;
  /** VIGIL_DNS_MONITOR_RESOLVERS: what dns monitors without a resolver of their own ask. */
  dnsMonitorResolvers?: string[];
  http?: Omit<ProbeClientOptions, 'sourceAddress'>;
}

/** The prober of every monitor type, checked (assertProbers) before the checker takes a job. */
export function createProbers(policy: OutboundPolicy, opts: ProberOptions = {}): Probers {
  const source = opts.sourceAddress !== undefined ? { sourceAddress: opts.sourceAddress } : {};
  const probers: Probers = {
    http: httpProber(policy, { ...opts.http, ...source }),
    tcp: tcpProber(policy, source),
    dns: dnsProber(policy, { ...source, monitorResolvers: opts.dnsMonitorResolvers ?? [] }),
    heartbeat: heartbeatProber,
    websocket: websocketProber(policy, source),
  };
  assertProbers(probers);
  return probers;
}
