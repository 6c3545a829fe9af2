/**
 * scanTls: probes a host's TLS configuration (raw handshakes for protocols, suites, groups,
 * SCSV and renegotiation; Node's TLS for the verified chain, OCSP and ALPN; one HTTPS GET for
 * HSTS), grades it, and returns a JSON-serialisable report.
 */
import { BlockedAddressError, resolveAllowed, UpstreamError, type OutboundPolicy } from '@vigil/core';
import { describeCertificate } from './certificate.js';
import { ssl2SuiteReport, suiteReport } from './cipher-suites.js';
import { gradeTls, preferredForwardSecrecy, rsaEquivalentBits, supportsAead } from './grade.js';
import { startDeadline, withinDeadline, type Deadline } from './deadline.js';
import { fetchHsts } from './hsts.js';
import { inspectWithNode, type NodeTlsInfo, type TlsTarget } from './node-tls.js';
import { createExchanger } from './probe/exchange.js';
import { probeFallbackScsv, probeGroups, probeProtocol, probeServerOrder, type ProtocolResult } from './probe/prober.js';
import { coversHost, verifyChain } from './trust.js';
import {
  PROTOCOLS,
  type CertificateReport,
  type EphemeralKey,
  type LeafCertificateReport,
  type ProtocolName,
  type SuiteReport,
  type TlsFacts,
  type TlsScanReport,
} from './types.js';
import { groupById } from './wire/constants.js';
import type { ServerKeyExchange } from './wire/server-response.js';

export interface ScanTlsOptions {
  host: string;
  port: number;
  policy: OutboundPolicy;
  /** Per connection (connect and answer); default 10 s. */
  timeoutMs?: number;
  /** The whole scan, every probe included; default 2 min. Past it the scan fails. */
  deadlineMs?: number;
}

/** Raw probes in flight at once. */
const PARALLEL_CONNECTIONS = 6;
const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_SCAN_DEADLINE_MS = 120_000;

/** The clear error a failed scan carries. */
function scanError(e: unknown, host: string, timeoutMs: number): Error {
  if (e instanceof BlockedAddressError || e instanceof UpstreamError) return e;
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ECONNREFUSED':
      return new UpstreamError('Connection refused');
    case 'ETIMEDOUT':
      return new UpstreamError(`Connection timed out after ${timeoutMs} ms`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ENODATA':
    case 'ESERVFAIL':
      return new UpstreamError(`DNS lookup failed for ${host}`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new UpstreamError('Host unreachable');
    case 'ECONNRESET':
      return new UpstreamError('Connection reset by peer');
    default:
      return new UpstreamError(err.message || 'Connection failed');
  }
}

function ephemeralFromGroup(id: number): EphemeralKey | null {
  const g = groupById(id);
  if (!g) return null;
  const type = g.kind === 'ECDH' ? 'ECDH' : 'DH';
  return { type, group: g.name, bits: g.bits, rsa_equivalent_bits: rsaEquivalentBits({ type, bits: g.bits, group: g.name }) };
}

function ephemeralFromSke(k: ServerKeyExchange): EphemeralKey | null {
  if (k.type === 'ECDH') return k.group === null ? null : ephemeralFromGroup(k.group);
  return { type: k.type, group: null, bits: k.bits, rsa_equivalent_bits: k.bits };
}

function uniqueEphemeral(keys: (EphemeralKey | null)[]): EphemeralKey[] {
  const seen = new Map<string, EphemeralKey>();
  for (const k of keys) if (k) seen.set(`${k.type}:${k.group}:${k.bits}`, k);
  return [...seen.values()].sort((a, b) => a.rsa_equivalent_bits - b.rsa_equivalent_bits || a.bits - b.bits);
}

function tryDescribe(der: Buffer): CertificateReport | null {
  try {
    return describeCertificate(der);
  } catch {
    return null;
  }
}

/** The leaf (null when it cannot be parsed) and the parseable certificates after it. */
function describeAll(ders: Buffer[]): { leaf: CertificateReport | null; chain: CertificateReport[] } {
  const [first, ...rest] = ders;
  return {
    leaf: first ? tryDescribe(first) : null,
    chain: rest.map(tryDescribe).filter((c): c is CertificateReport => c !== null),
  };
}

/** Leaf and chain: from Node's handshake when it worked, else from the certificates seen in clear. */
function certificates(host: string, node: NodeTlsInfo | null, results: ProtocolResult[], now: Date) {
  if (node?.chain.length) {
    const { leaf, chain } = describeAll(node.chain);
    if (leaf) {
      const full: LeafCertificateReport = { ...leaf, trusted: node.trusted, trust_error: node.trustError, hostname_match: node.hostnameMatch };
      return { leaf: full, chain };
    }
  }
  const withCerts = [...results].reverse().find((r) => r.certificates.length);
  if (!withCerts) return { leaf: null, chain: [] };
  const { leaf, chain } = describeAll(withCerts.certificates);
  if (!leaf) return { leaf: null, chain: [] };
  const trust = verifyChain(withCerts.certificates, now);
  const full: LeafCertificateReport = {
    ...leaf,
    trusted: trust.trusted,
    trust_error: trust.error,
    hostname_match: coversHost(withCerts.certificates[0], host),
  };
  return { leaf: full, chain };
}

/**
 * Scans within the deadline: when it passes, every socket closes and the scan rejects with
 * UpstreamError('Scan timed out after N ms').
 */
export async function scanTls(opts: ScanTlsOptions): Promise<TlsScanReport> {
  const deadline = startDeadline(opts.deadlineMs ?? DEFAULT_SCAN_DEADLINE_MS);
  try {
    return await withinDeadline(runScan(opts, deadline), deadline.signal);
  } finally {
    deadline.dispose();
  }
}

async function runScan(opts: ScanTlsOptions, deadline: Deadline): Promise<TlsScanReport> {
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const host = opts.host;
  let ip: string;
  try {
    const addresses = await resolveAllowed(host, opts.policy);
    // One address for every probe; IPv4 first, as IPv6 paths to a target are more often broken.
    ip = (addresses.find((a) => a.family === 4) ?? addresses[0]).address;
  } catch (e) {
    throw scanError(e, host, timeoutMs);
  }
  const target: TlsTarget = { host, ip, port: opts.port, policy: opts.policy, timeoutMs, deadline };
  const exchange = createExchanger(target, PARALLEL_CONNECTIONS);
  const ctx = { exchange, host };

  const nodeP = inspectWithNode(target).catch(() => null);
  const hstsP = fetchHsts(target);
  const settled = await Promise.allSettled(PROTOCOLS.map((p) => probeProtocol(ctx, p)));
  const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const supported = results.filter((r) => r.supported);
  if (!supported.length) {
    await Promise.allSettled([nodeP, hstsP]);
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failure && !results.length) throw scanError(failure.reason, host, timeoutMs);
    if (results.some((r) => r.ending === 'too-large')) throw new UpstreamError('TLS handshake answer too large (scanner limits exceeded)');
    if (results.every((r) => r.ending === 'timeout')) throw new UpstreamError(`TLS handshake timed out after ${timeoutMs} ms`);
    throw new UpstreamError('No TLS protocol supported');
  }

  // Second round, in parallel: server order, groups, downgrade protection.
  const tlsSupported = supported.filter((r): r is ProtocolResult & { protocol: Exclude<ProtocolName, 'SSLv2'> } => r.protocol !== 'SSLv2');
  const orderOn = [...tlsSupported].reverse().find((r) => r.suites.length >= 2);
  const tls13 = tlsSupported.find((r) => r.protocol === 'TLSv1.3');
  const legacyEcdhe = [...tlsSupported]
    .reverse()
    .filter((r) => r.protocol !== 'TLSv1.3')
    .map((r) => ({ r, ecdhe: r.suites.filter((id) => suiteReport(id).key_exchange === 'ECDHE') }))
    .find((x) => x.ecdhe.length);
  const [serverOrder, groups13, groupsLegacy, fallbackScsv, node, hsts] = await Promise.all([
    orderOn ? probeServerOrder(ctx, orderOn.protocol, orderOn.suites) : Promise.resolve(null),
    tls13 ? probeGroups(ctx, 'TLSv1.3', tls13.suites) : Promise.resolve([]),
    legacyEcdhe ? probeGroups(ctx, legacyEcdhe.r.protocol, legacyEcdhe.ecdhe) : Promise.resolve([]),
    probeFallbackScsv(ctx, results),
    nodeP,
    hstsP,
  ]);

  const now = new Date();
  const cipherSuites: Partial<Record<ProtocolName, SuiteReport[]>> = {};
  for (const r of supported) cipherSuites[r.protocol] = r.suites.map((id) => (r.protocol === 'SSLv2' ? ssl2SuiteReport(id) : suiteReport(id)));
  const ephemeral = uniqueEphemeral([
    ...[...groups13, ...groupsLegacy].map((g) => ephemeralFromGroup(g.id)),
    ...supported.flatMap((r) => r.keyExchanges.map(ephemeralFromSke)),
    ...(tls13?.firstHello?.keyShareGroup != null ? [ephemeralFromGroup(tls13.firstHello.keyShareGroup)] : []),
  ]);
  const legacyBest = [...tlsSupported].reverse().find((r) => r.protocol !== 'TLSv1.3');
  const { leaf, chain } = certificates(host, node, results, now);
  const protocols = supported.map((r) => r.protocol);

  const facts: TlsFacts = {
    protocols,
    cipher_suites: cipherSuites,
    server_cipher_order: serverOrder,
    certificate_key: leaf ? { type: leaf.key_type, bits: leaf.key_size, curve: leaf.key_curve } : null,
    ephemeral_keys: ephemeral,
    fallback_scsv: fallbackScsv,
    secure_renegotiation: legacyBest?.firstHello ? legacyBest.firstHello.secureRenegotiation : null,
    ocsp_stapling: node?.ocspStapling ?? false,
    alpn: node ? node.alpn : (legacyBest?.firstHello?.alpn ?? null),
    hsts,
    certificate: leaf,
    chain,
    scanned_at: now.toISOString(),
  };
  const grade = gradeTls(facts);
  return {
    host,
    port: opts.port,
    ip,
    protocols: PROTOCOLS.map((name) => ({ name, supported: protocols.includes(name) })),
    cipher_suites: cipherSuites,
    server_cipher_order: serverOrder,
    key_exchange: {
      certificate_key_type: leaf?.key_type ?? null,
      certificate_key_bits: leaf?.key_size ?? null,
      ephemeral,
    },
    forward_secrecy: preferredForwardSecrecy(protocols, cipherSuites, serverOrder),
    aead: supportsAead(protocols, cipherSuites),
    fallback_scsv: fallbackScsv,
    secure_renegotiation: facts.secure_renegotiation,
    ocsp_stapling: facts.ocsp_stapling,
    alpn: facts.alpn,
    hsts,
    certificate: leaf,
    chain,
    ...grade,
    scanned_at: facts.scanned_at,
    duration_ms: Date.now() - started,
  };
}
