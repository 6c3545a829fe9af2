import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type tls from 'node:tls';
import { stallSafeTimeout } from '../time/stall-safe-timeout.js';
import { forbiddenRange, inNetworks } from './forbidden-address.js';

/** How outbound requests to user targets may resolve and connect. */
export interface OutboundPolicy {
  /** VIGIL_ALLOW_PRIVATE_TARGETS: lets targets reach loopback and private addresses. */
  allowPrivate: boolean;
  /** VIGIL_DNS_SERVERS: `ip:port` resolvers; empty uses the system resolver. */
  dnsServers: string[];
  /**
   * A private location's `allowed_cidrs` (docs/agents.md): the only non-public networks its
   * agent may reach. Absent or empty: none (public locations and in-cluster checkers).
   */
  allowedNetworks?: readonly string[];
}

export function outboundPolicy(config: { allowPrivateTargets: boolean; dnsServers: string[] }): OutboundPolicy {
  return { allowPrivate: config.allowPrivateTargets, dnsServers: config.dnsServers };
}

/** Tells an operator who meant to monitor a private host which setting allows it. */
export const PRIVATE_TARGETS_HINT = '; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets';

/**
 * A target resolved (or was given) to an address that policy forbids. The message reaches
 * users (check errors, scans, the anonymous header check): it names the refusal and the host
 * asked for, never what a name resolves to, which would map the internal network, and the
 * setting that allows private targets. `address`
 * and `range` stay on the error for the operator's logs.
 */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      (host === address ? `Blocked private address: ${address} (${range})` : `Blocked private address: ${host} resolves to a non-public address`) +
        PRIVATE_TARGETS_HINT,
    );
    this.name = 'BlockedAddressError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const resolvers = new Map<string, dns.promises.Resolver>();

function resolverFor(servers: string[]): dns.promises.Resolver {
  const key = servers.join(',');
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = new dns.promises.Resolver({ timeout: 3_000, tries: 2 });
    resolver.setServers(servers);
    resolvers.set(key, resolver);
  }
  return resolver;
}

/** The system servers' resolver of policyResolver, made on first use. */
let systemResolver: dns.promises.Resolver | undefined;

/**
 * The DNS resolver of a policy, for lookups other than A/AAAA (e.g. TXT verification records):
 * one per process for the system's servers too, as for configured ones (issue 35: a resolver,
 * a c-ares channel, cost 50 µs of CPU to make per verification check). A channel answers
 * concurrent lookups, and Node runs it without c-ares' query cache, so each lookup still asks DNS.
 */
export function policyResolver(policy: OutboundPolicy): dns.promises.Resolver {
  if (policy.dnsServers.length) return resolverFor(policy.dnsServers);
  systemResolver ??= new dns.promises.Resolver({ timeout: 3_000, tries: 2 });
  return systemResolver;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Loopback, as RFC 6761 reserves `localhost` and every name under it: never asked of DNS. */
const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Every address of a host: through VIGIL_DNS_SERVERS when set, else the system resolver.
 * `localhost` and `*.localhost` are loopback without a DNS query (RFC 6761), except plain
 * `localhost` with the system resolver, which keeps the host's own answer (/etc/hosts).
 */
export async function resolveHost(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const host = stripBrackets(hostname);
  const literal = net.isIP(host);
  if (literal) return [{ address: host, family: literal as 4 | 6 }];
  if (isLocalhostName(host) && (policy.dnsServers.length || host.toLowerCase() !== 'localhost')) return LOOPBACK;
  if (!policy.dnsServers.length) {
    const found = await dns.promises.lookup(host, { all: true, verbatim: true });
    return found.map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  }
  const resolver = resolverFor(policy.dnsServers);
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
  const out: ResolvedAddress[] = [];
  if (v4.status === 'fulfilled') out.push(...v4.value.map((address) => ({ address, family: 4 as const })));
  if (v6.status === 'fulfilled') out.push(...v6.value.map((address) => ({ address, family: 6 as const })));
  if (!out.length) {
    const reason = (v4.status === 'rejected' ? v4.reason : v6.status === 'rejected' ? v6.reason : null) as
      | NodeJS.ErrnoException
      | null;
    const err = new Error(`getaddrinfo ${reason?.code ?? 'ENOTFOUND'} ${host}`) as NodeJS.ErrnoException;
    err.code = reason?.code === 'ENODATA' || !reason?.code ? 'ENOTFOUND' : reason.code;
    throw err;
  }
  return out;
}

/** Throws BlockedAddressError when policy forbids the address. */
export function assertAllowedAddress(host: string, address: string, policy: OutboundPolicy): void {
  if (policy.allowPrivate) return;
  const range = forbiddenRange(address);
  if (range && !inNetworks(address, policy.allowedNetworks ?? [])) throw new BlockedAddressError(stripBrackets(host), address, range);
}

/**
 * Resolves a host and returns the addresses policy allows. Throws BlockedAddressError when
 * every address is forbidden, so a name that points only inside the network is refused.
 */
export async function resolveAllowed(host: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const all = await resolveHost(host, policy);
  if (policy.allowPrivate) return all;
  const networks = policy.allowedNetworks ?? [];
  const allowed = all.filter((a) => forbiddenRange(a.address) === null || inNetworks(a.address, networks));
  if (!allowed.length) assertAllowedAddress(host, all[0].address, policy);
  return allowed;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net/tls/http that resolves per policy and hands back only allowed
 * addresses: the check happens at connect time, after DNS, on every connection (so on every
 * redirect hop too).
 */
export function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: dns.LookupOptions | number | LookupCallback, callback?: LookupCallback) => {
    const cb = (typeof options === 'function' ? options : callback) as LookupCallback;
    const opts = typeof options === 'object' ? options : {};
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        const family = opts.family === 4 || opts.family === 6 ? opts.family : 0;
        const pick = family ? addresses.filter((a) => a.family === family) : addresses;
        if (!pick.length) {
          const err = new Error(`getaddrinfo ENOTFOUND ${hostname}`) as NodeJS.ErrnoException;
          err.code = 'ENOTFOUND';
          return cb(err, '');
        }
        if (opts.all) cb(null, pick.map((a) => ({ address: a.address, family: a.family })));
        else cb(null, pick[0].address, pick[0].family);
      },
      (err: NodeJS.ErrnoException) => cb(err, ''),
    );
  };
}

/**
 * The connect options of one new connection of a guarded agent, with the policy's lookup: an IP
 * literal is checked here (no lookup happens for it), a name when it resolves. The agent builds
 * a fresh options object for every connection, so it is completed in place (no copy per check).
 */
function guardConnectOptions<T extends { host?: string | null; lookup?: unknown }>(options: T, policy: OutboundPolicy, lookup: ReturnType<typeof guardedLookup>): T {
  const host = stripBrackets(options.host ?? 'localhost');
  if (net.isIP(host)) assertAllowedAddress(host, host, policy);
  return Object.assign(options, { lookup });
}

/** An agent's createConnection (Node's Agent types omit it from the base classes; it exists at run time). */
type CreateConnection = (options: net.TcpNetConnectOpts | tls.ConnectionOptions, cb?: (err: Error | null, socket: net.Socket) => void) => net.Socket;

/** The agent, its every connection checked per policy: one wrapper for the HTTP and the HTTPS agent. */
function guarded<A extends http.Agent>(agent: A, policy: OutboundPolicy): A {
  const lookup = guardedLookup(policy);
  const own = (agent as unknown as { createConnection: CreateConnection }).createConnection;
  const createConnection: CreateConnection = (options, cb) => own.call(agent, guardConnectOptions(options, policy, lookup), cb);
  return Object.assign(agent, { createConnection });
}

export interface GuardedAgents {
  http: http.Agent;
  https: https.Agent;
}

/** HTTP(S) agents whose every connection is checked per policy; pass them to got as `agent`. */
export function createGuardedAgents(policy: OutboundPolicy, opts: https.AgentOptions = {}): GuardedAgents {
  return { http: guarded(new http.Agent(opts), policy), https: guarded(new https.Agent(opts), policy) };
}

/**
 * A raw TCP connection to a user's target (TLS scanner), refused per policy. Resolves the
 * host once and connects to the checked address.
 */
export async function connectGuarded(
  host: string,
  port: number,
  policy: OutboundPolicy,
  timeoutMs = 10_000,
): Promise<net.Socket> {
  const [target] = await resolveAllowed(host, policy);
  return await new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ host: target.address, port, family: target.family });
    // Stall-safe: after an event-loop stall, a connection made in time is seen first.
    const timer = stallSafeTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`Connection to ${host}:${port} timed out after ${timeoutMs} ms`), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      timer.clear();
      resolve(socket);
    });
    socket.once('error', (e) => {
      timer.clear();
      reject(e);
    });
  });
}
