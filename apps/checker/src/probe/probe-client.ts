import got, { type Got } from 'got';
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

/** The got instance every check uses, and the guarded agents behind it. */
export interface ProbeClient {
  got: Got;
  agents: GuardedAgents;
  close(): void;
}

/**
 * got with the checker's fixed options: guarded agents (outbound policy at connect time, on
 * every redirect hop), no retries, no throwing on HTTP statuses (the probe judges them), at
 * most 10 redirects, no cache, a Vigil user agent (a monitor's own header wins).
 */
export function createProbeClient(policy: OutboundPolicy, opts: ProbeClientOptions = {}): ProbeClient {
  // No TLS session resumption: each check measures a full handshake and sees the certificate
  // (a resumed session shows none, and the check records its expiry).
  const agents = createGuardedAgents(policy, {
    keepAlive: opts.keepAlive ?? false,
    maxCachedSessions: 0,
    ...(opts.sourceAddress !== undefined ? { localAddress: opts.sourceAddress } : {}),
  });
  const client = got.extend({
    agent: agents,
    retry: { limit: 0 },
    throwHttpErrors: false,
    maxRedirects: MAX_REDIRECTS,
    decompress: true,
    headers: { 'user-agent': USER_AGENT },
  });
  return {
    got: client,
    agents,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
