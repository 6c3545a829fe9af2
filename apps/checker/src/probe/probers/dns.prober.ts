import dns from 'node:dns';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { assertAllowedAddress, forbiddenRange, type CheckResult, type Clock, type DnsRecordType, type OutboundPolicy } from '@vigil/core';
import type { Prober, SourceOptions } from '../prober.js';
import type { ProbeTargetOf } from '../probe-target.js';
import { judgeDnsAnswers, keptAnswers } from './dns-answers.js';

type DnsTarget = ProbeTargetOf<'dns'>;

/**
 * Each server gets two tries (a lost UDP packet is retried), the first after 1 s, the second
 * after 2 more (c-ares doubles the timeout), before the next server is asked; the monitor's
 * timeout bounds the whole.
 */
const FIRST_TRY_MS = 1_000;
const TRIES = 2;

/** Answers of a query as texts (MX `10 mx.example.com`, TXT its strings joined, CAA `0 issue "ca"`, SOA its seven fields). */
async function query(resolver: dns.promises.Resolver, name: string, type: DnsRecordType): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'NS':
      return resolver.resolveNs(name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((r) => `${r.priority} ${r.exchange}`);
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    case 'CAA':
      return (await resolver.resolveCaa(name)).map((r) => {
        // Node.js 24 adds `type: 'CAA'` to each record: the tag is the one other field.
        const [tag, value] = Object.entries(r).find(([k]) => k !== 'critical' && k !== 'type') ?? ['', ''];
        return `${r.critical} ${tag} "${String(value)}"`;
      });
    case 'SOA': {
      const r = await resolver.resolveSoa(name);
      return [`${r.nsname} ${r.hostmaster} ${r.serial} ${r.refresh} ${r.retry} ${r.expire} ${r.minttl}`];
    }
  }
}

/** Answers that settle the question (the name has no such records): no other server is asked. */
const SETTLED = new Set(['ENOTFOUND', 'ENODATA']);

/** The IP of a resolver `ip`, `ip:port` or `[v6]:port`. */
export function resolverIp(server: string): string {
  if (net.isIP(server)) return server;
  const bracketed = /^\[([^\]]+)\]/.exec(server);
  return bracketed ? bracketed[1] : server.replace(/:\d+$/, '');
}

/**
 * dns: asks the monitor's resolver (which must pass the outbound guard), else VIGIL_DNS_SERVERS,
 * else the system's, one server after another (two tries each) until one answers within the
 * monitor's timeout;
 * judges the answers (dns-answers.ts) and records them (capped) with the server that gave them.
 * A service resolver at a non-public address is recorded as "service resolver" unless private
 * targets are allowed: internal addresses are never shown to users. Queries leave from
 * VIGIL_SOURCE_ADDRESS when set.
 */
export function dnsProber(policy: OutboundPolicy, opts: SourceOptions = {}): Prober<'dns'> {
  return { kind: 'pull', probe: (target, clock) => probeDns(target, clock, policy, opts), close: () => undefined };
}

/** Binds a resolver's sockets (c-ares: UDP queries and the TCP retry of a truncated answer) to the source address. */
function bindResolver(resolver: dns.promises.Resolver, sourceAddress: string | undefined): void {
  if (sourceAddress === undefined) return;
  if (net.isIPv6(sourceAddress)) resolver.setLocalAddress('0.0.0.0', sourceAddress);
  else resolver.setLocalAddress(sourceAddress);
}

export async function probeDns(target: DnsTarget, clock: Clock, policy: OutboundPolicy, opts: SourceOptions = {}): Promise<CheckResult> {
  const timestamp = clock.now().toISOString();
  const fail = (error: string, details?: CheckResult['details']): CheckResult => ({
    timestamp,
    status: 'failure',
    response_time_ms: null,
    status_code: null,
    error,
    ...(details ? { details } : {}),
  });
  const own = target.resolver !== null;
  const servers = target.resolver ? [target.resolver] : policy.dnsServers.length ? policy.dnsServers : dns.getServers();
  const shown = (server: string) => (own || policy.allowPrivate || forbiddenRange(resolverIp(server)) === null ? server : 'service resolver');
  if (target.resolver) {
    try {
      assertAllowedAddress(resolverIp(target.resolver), resolverIp(target.resolver), policy);
    } catch (e) {
      return fail((e as Error).message);
    }
  }
  const deadline = performance.now() + target.timeoutSeconds * 1000;
  let last: unknown = null;
  for (const server of servers) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    const resolver = new dns.promises.Resolver({ timeout: Math.max(1, Math.round(Math.min(left, FIRST_TRY_MS))), tries: TRIES });
    resolver.setServers([server]);
    bindResolver(resolver, opts.sourceAddress);
    const started = performance.now();
    const timer = setTimeout(() => resolver.cancel(), left);
    try {
      const answers = await query(resolver, target.name, target.record_type);
      const elapsed = Math.max(0, Math.round(performance.now() - started));
      const details = { kind: 'dns' as const, server: shown(server), ...keptAnswers(answers) };
      const failure = judgeDnsAnswers(target.record_type, answers, target.expected_values, target.match);
      if (failure) return fail(failure, details);
      return { timestamp, status: 'success', response_time_ms: elapsed, status_code: null, details };
    } catch (e) {
      last = e;
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (SETTLED.has(code)) {
        const details = { kind: 'dns' as const, server: shown(server), answers: [], truncated: false };
        const failure = judgeDnsAnswers(target.record_type, [], target.expected_values, target.match);
        if (!failure) return { timestamp, status: 'success', response_time_ms: Math.max(0, Math.round(performance.now() - started)), status_code: null, details };
        return fail(code === 'ENOTFOUND' ? `DNS name ${target.name} does not exist (NXDOMAIN)` : failure, details);
      }
    } finally {
      clearTimeout(timer);
    }
  }
  if (last === null || (last as NodeJS.ErrnoException).code === 'ECANCELLED' || performance.now() >= deadline) {
    return fail(`DNS query for ${target.name} (${target.record_type}) timed out after ${target.timeoutSeconds} s`);
  }
  const code = (last as NodeJS.ErrnoException).code ?? 'no answer';
  return fail(`DNS query for ${target.name} (${target.record_type}) failed: ${code === 'ECONNREFUSED' ? 'no DNS server answered (ECONNREFUSED)' : code}`);
}
