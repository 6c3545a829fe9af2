import { createGuardedAgents, type GuardedAgents, type OutboundPolicy } from '@vigil/core';

export const USER_AGENT = 'Vigil-Uptime/1.0';
export const MAX_REDIRECTS = 10;

export interface ProbeClientOptions {
  /**
   * Reuse connections between checks. Off by default: a check then measures a whole
   * connection (DNS, connect, TLS) every time, and a server that stopped accepting new
   * connections is noticed. Benchmarks compare both.
   */
  keepAlive?: boolean;
  /** The local address every outbound connection binds to (VIGIL_SOURCE_ADDRESS); unset, the system chooses. */
  sourceAddress?: string;
}

/** The guarded agents every http check's connections come from (wire-request.ts uses them). */
export interface ProbeClient {
  agents: GuardedAgents;
  close(): void;
}

/**
 * The checker's http client: guarded agents (outbound policy at connect time, on every
 * redirect hop). The request itself (no retries, at most 10 redirects, no cache, a Vigil user
 * agent unless the monitor sets its own) is wire-request.ts over node:http/https: got's request
 * pipeline cost more than half of a check's CPU (docs/decisions.md, issue 35).
 */
export function createProbeClient(policy: OutboundPolicy, opts: ProbeClientOptions = {}): ProbeClient {
  // No TLS session resumption: each check measures a full handshake and sees the certificate
  // (a resumed session shows none, and the check records its expiry).
  const agents = createGuardedAgents(policy, {
    keepAlive: opts.keepAlive ?? false,
    maxCachedSessions: 0,
    ...(opts.sourceAddress !== undefined ? { localAddress: opts.sourceAddress } : {}),
  });
  return {
    agents,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
