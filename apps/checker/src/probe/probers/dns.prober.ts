import dns from 'node:dns';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  assertAllowedAddress,
  forbiddenRange,
  isInternalName,
  PRIVATE_TARGETS_HINT,
  stallSafeTimeout,
  type CheckResult,
  type Clock,
  type DnsRecordType,
  type OutboundPolicy,
} from '@vigil/core';
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

/** How the refusal of an internal name words the suffixes (INTERNAL_NAME_SUFFIXES has them all). */
const INTERNAL_SUFFIX_EXAMPLES = '.local, .internal, .svc, .localhost';

/** Answers that settle the question (the name has no such records): no other server is asked. */
const SETTLED = new Set(['ENOTFOUND', 'ENODATA']);

/** The IP of a resolver `ip`, `ip:port` or `[v6]:port`. */
export function resolverIp(server: string): string {
  if (net.isIP(server)) return server;
  const bracketed = /^\[([^\]]+)\]/.exec(server);
  return bracketed ? bracketed[1] : server.replace(/:\d+$/, '');
}

/** Where a dns prober's queries go when a monitor names no resolver, and where they leave from. */
export interface DnsProberOptions extends SourceOptions {
  /** VIGIL_DNS_MONITOR_RESOLVERS; empty or unset: the policy's dnsServers, else the system's. */
  monitorResolvers?: string[];
}

/**
 * dns: asks the monitor's resolver (which must pass the outbound guard), else
 * VIGIL_DNS_MONITOR_RESOLVERS, else VIGIL_DNS_SERVERS, else the system's, one server after
 * another (two tries each) until one answers within the monitor's timeout;
 * judges the answers (dns-answers.ts) and records them (capped) with the server that gave them.
 * A service resolver at a non-public address is recorded as "service resolver" unless private
 * targets are allowed: internal addresses are never shown to users. Through the service's
 * resolvers (no `resolver` of the monitor's own, private targets not allowed) internal names
 * (isInternalName) are never asked, and an answer naming a non-public address or an internal
 * name is treated as no answer at all, worded as NXDOMAIN is: a tenant learns neither what an
 * internal name resolves to nor that it exists. Queries leave from VIGIL_SOURCE_ADDRESS when set.
 */
export function dnsProber(policy: OutboundPolicy, opts: DnsProberOptions = {}): Prober<'dns'> {
  return { kind: 'pull', probe: (target, clock) => probeDns(target, clock, policy, opts), close: () => undefined };
}

/** Binds a resolver's sockets (c-ares: UDP queries and the TCP retry of a truncated answer) to the source address. */
function bindResolver(resolver: dns.promises.Resolver, sourceAddress: string | undefined): void {
  if (sourceAddress === undefined) return;
  if (net.isIPv6(sourceAddress)) resolver.setLocalAddress('0.0.0.0', sourceAddress);
  else resolver.setLocalAddress(sourceAddress);
}

/** Whether an answer shows what the guard keeps hidden: a non-public address, or an internal name (CNAME, NS, MX exchange, SOA names). */
function revealsInternal(type: DnsRecordType, answer: string): boolean {
  if (type === 'A' || type === 'AAAA') return forbiddenRange(answer) !== null;
  if (type === 'CNAME' || type === 'NS') return isInternalName(answer);
  if (type === 'MX') return isInternalName(answer.split(' ')[1] ?? '');
  if (type === 'SOA') return answer.split(' ').slice(0, 2).some(isInternalName);
  return false;
}

/** The failure of a name with no answer a tenant may see through the service's resolvers: it does not exist, or its answer is not public. */
export function noPublicAnswerText(name: string): string {
  return `DNS name ${name} does not exist or has no public answer (NXDOMAIN)${PRIVATE_TARGETS_HINT}`;
}

export async function probeDns(target: DnsTarget, clock: Clock, policy: OutboundPolicy, opts: DnsProberOptions = {}): Promise<CheckResult> {
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
  const serviceResolvers = opts.monitorResolvers?.length ? opts.monitorResolvers : policy.dnsServers.length ? policy.dnsServers : dns.getServers();
  const servers = target.resolver ? [target.resolver] : serviceResolvers;
  const shown = (server: string) => (own || policy.allowPrivate || forbiddenRange(resolverIp(server)) === null ? server : 'service resolver');
  // Through the service's resolvers, what is inside stays inside (decisions: "DNS monitors and internal names").
  const guarded = !own && !policy.allowPrivate;
  if (guarded && isInternalName(target.name)) {
    return fail(`DNS name ${target.name} is internal: single labels, names under ${INTERNAL_SUFFIX_EXAMPLES} and reverse zones of private ranges are not looked up${PRIVATE_TARGETS_HINT}`);
  }
  const noAnswer = (server: string, started: number, code: string): CheckResult => {
    const details = { kind: 'dns' as const, server: shown(server), answers: [], truncated: false };
    const failure = judgeDnsAnswers(target.record_type, [], target.expected_values, target.match);
    if (!failure) return { timestamp, status: 'success', response_time_ms: Math.max(0, Math.round(performance.now() - started)), status_code: null, details };
    if (code !== 'ENOTFOUND') return fail(failure, details);
    return fail(guarded ? noPublicAnswerText(target.name) : `DNS name ${target.name} does not exist (NXDOMAIN)`, details);
  };
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
    // Stall-safe: after an event-loop stall, an answer that arrived in time is read first.
    const timer = stallSafeTimeout(() => resolver.cancel(), left);
    try {
      const answers = await query(resolver, target.name, target.record_type);
      if (guarded && answers.some((a) => revealsInternal(target.record_type, a))) return noAnswer(server, started, 'ENOTFOUND');
      const elapsed = Math.max(0, Math.round(performance.now() - started));
      const details = { kind: 'dns' as const, server: shown(server), ...keptAnswers(answers) };
      const failure = judgeDnsAnswers(target.record_type, answers, target.expected_values, target.match);
      if (failure) return fail(failure, details);
      return { timestamp, status: 'success', response_time_ms: elapsed, status_code: null, details };
    } catch (e) {
      last = e;
      const code = (e as NodeJS.ErrnoException).code ?? '';
      if (SETTLED.has(code)) return noAnswer(server, started, code);
    } finally {
      timer.clear();
    }
  }
  if (last === null || (last as NodeJS.ErrnoException).code === 'ECANCELLED' || performance.now() >= deadline) {
    return fail(`DNS query for ${target.name} (${target.record_type}) timed out after ${target.timeoutSeconds} s`);
  }
  const code = (last as NodeJS.ErrnoException).code ?? 'no answer';
  return fail(`DNS query for ${target.name} (${target.record_type}) failed: ${code === 'ECONNREFUSED' ? 'no DNS server answered (ECONNREFUSED)' : code}`);
}
