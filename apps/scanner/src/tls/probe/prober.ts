/**
 * The raw-handshake probes: protocol support, cipher suites in the server's order (offer the
 * remaining list, remove the chosen suite, repeat), whether the server enforces its order,
 * the ephemeral groups it accepts, TLS_FALLBACK_SCSV and secure renegotiation.
 */
import { SSL2_CIPHERS, suitesForProtocol, type CipherSuite } from '../cipher-suites.js';
import type { ProtocolName } from '../types.js';
import { buildClientHello, buildSslv2ClientHello } from '../wire/client-hello.js';
import { ALERT, LEGACY_GROUPS, TLS13_GROUPS, VERSION } from '../wire/constants.js';
import type { ServerHello, ServerKeyExchange } from '../wire/server-response.js';
import type { Exchanger, ProbeOutcome } from './exchange.js';

export const ALPN_OFFER = ['h2', 'http/1.1'];
const X25519 = 0x001d;

export interface ProtocolResult {
  protocol: ProtocolName;
  supported: boolean;
  /** Accepted suites in the server's order (SSLv2: 3-byte cipher kinds as listed by the server). */
  suites: number[];
  /** ServerHello of the first accepted handshake (TLS). */
  firstHello: ServerHello | null;
  /** Certificates the handshake carried in clear (TLS <= 1.2, SSLv2). */
  certificates: Buffer[];
  /** ServerKeyExchange parameters seen during enumeration (TLS <= 1.2). */
  keyExchanges: ServerKeyExchange[];
  /** What ended the enumeration: timeout, closed, invalid, too-large, alert:<name>, or other (version or suite not offered). */
  ending: string | null;
}

function describeEnding(out: ProbeOutcome): string {
  if (out.kind === 'alert') return `alert:${out.name}`;
  return out.kind === 'handshake' || out.kind === 'sslv2' ? 'other' : out.kind;
}

/** A modern client's preference: forward secrecy, then AEAD, then strength. */
function clientPreference(a: CipherSuite, b: CipherSuite): number {
  const rank = (s: CipherSuite) =>
    (s.forwardSecrecy ? 8 : 0) + (s.aead ? 4 : 0) + (s.kx === 'ECDHE' ? 2 : 0) + (s.auth === 'anon' || s.export ? -16 : 0);
  return rank(b) - rank(a) || b.bits - a.bits || a.id - b.id;
}

export function offeredSuites(protocol: Exclude<ProtocolName, 'SSLv2'>): number[] {
  return suitesForProtocol(protocol)
    .sort(clientPreference)
    .map((s) => s.id);
}

interface HelloContext {
  exchange: Exchanger;
  host: string;
}

function hello(ctx: HelloContext, protocol: Exclude<ProtocolName, 'SSLv2'>, suites: number[], extra: Partial<Parameters<typeof buildClientHello>[0]> = {}) {
  return buildClientHello({ protocol, cipherSuites: suites, serverName: ctx.host, alpn: ALPN_OFFER, ...extra });
}

function accepted(out: ProbeOutcome, protocol: ProtocolName, offered: number[]): ServerHello | null {
  if (out.kind !== 'handshake') return null;
  const h = out.hello;
  if (h.negotiatedVersion !== VERSION[protocol] || !offered.includes(h.cipherSuite)) return null;
  return h;
}

async function probeSslv2(ctx: HelloContext): Promise<ProtocolResult> {
  const out = await ctx.exchange(buildSslv2ClientHello(SSL2_CIPHERS.map((c) => c.id)));
  const supported = out.kind === 'sslv2' && out.cipherKinds.length > 0;
  return {
    protocol: 'SSLv2',
    supported,
    suites: supported && out.kind === 'sslv2' ? out.cipherKinds : [],
    firstHello: null,
    certificates: supported && out.kind === 'sslv2' && out.certificate ? [out.certificate] : [],
    keyExchanges: [],
    ending: supported ? null : describeEnding(out),
  };
}

/**
 * Enumerates one protocol. The first connection's failure rejects (the host is unreachable);
 * later failures end the enumeration with what was found.
 */
export async function probeProtocol(ctx: HelloContext, protocol: ProtocolName): Promise<ProtocolResult> {
  if (protocol === 'SSLv2') return await probeSslv2(ctx);
  const result: ProtocolResult = {
    protocol,
    supported: false,
    suites: [],
    firstHello: null,
    certificates: [],
    keyExchanges: [],
    ending: null,
  };
  let remaining = offeredSuites(protocol);
  const untilServerHello = protocol === 'TLSv1.3';
  while (remaining.length) {
    let out: ProbeOutcome;
    try {
      out = await ctx.exchange(hello(ctx, protocol, remaining), { untilServerHello });
    } catch (e) {
      if (!result.suites.length && !result.firstHello) throw e;
      break;
    }
    const h = accepted(out, protocol, remaining);
    if (!h || out.kind !== 'handshake') {
      result.ending = describeEnding(out);
      break;
    }
    const chosen = h.cipherSuite;
    result.suites.push(chosen);
    if (!result.firstHello) {
      result.firstHello = h;
      result.certificates = out.certificates;
    }
    if (out.keyExchange) result.keyExchanges.push(out.keyExchange);
    remaining = remaining.filter((id) => id !== chosen);
  }
  result.supported = result.suites.length > 0;
  return result;
}

/** Whether the server picks by its own order: offer its accepted suites reversed. */
export async function probeServerOrder(ctx: HelloContext, protocol: Exclude<ProtocolName, 'SSLv2'>, suites: number[]): Promise<boolean | null> {
  if (suites.length < 2) return null;
  const reversed = [...suites].reverse();
  try {
    const out = await ctx.exchange(hello(ctx, protocol, reversed), { untilServerHello: true });
    const h = accepted(out, protocol, reversed);
    if (!h) return null;
    if (h.cipherSuite === suites[0]) return true;
    if (h.cipherSuite === reversed[0]) return false;
    return null;
  } catch {
    return null;
  }
}

export interface GroupFound {
  id: number;
  /** TLS 1.3 (key_share/HelloRetryRequest) or TLS <= 1.2 (ServerKeyExchange). */
  via: 'TLSv1.3' | 'legacy';
}

/** Every named group the server accepts, one connection per group (plus one refusal). */
export async function probeGroups(
  ctx: HelloContext,
  protocol: Exclude<ProtocolName, 'SSLv2'>,
  suites: number[],
): Promise<GroupFound[]> {
  const tls13 = protocol === 'TLSv1.3';
  let remaining = [...(tls13 ? TLS13_GROUPS : LEGACY_GROUPS)];
  const found: GroupFound[] = [];
  while (remaining.length && suites.length) {
    let out: ProbeOutcome;
    try {
      out = await ctx.exchange(
        hello(ctx, protocol, suites, { groups: remaining, keyShareGroups: remaining.includes(X25519) ? [X25519] : [] }),
        { untilServerHello: tls13 },
      );
    } catch {
      break;
    }
    if (!accepted(out, protocol, suites) || out.kind !== 'handshake') break;
    const group = tls13 ? out.hello.keyShareGroup : out.keyExchange?.type === 'ECDH' ? out.keyExchange.group : null;
    if (group === null || !remaining.includes(group)) break;
    found.push({ id: group, via: tls13 ? 'TLSv1.3' : 'legacy' });
    remaining = remaining.filter((g) => g !== group);
  }
  return found;
}

/**
 * TLS_FALLBACK_SCSV: offer the second-best protocol with the SCSV; a server that supports it
 * answers inappropriate_fallback. null when fewer than two TLS/SSLv3 protocols are supported.
 */
export async function probeFallbackScsv(ctx: HelloContext, supported: ProtocolResult[]): Promise<boolean | null> {
  const usable = supported.filter((r) => r.supported && r.protocol !== 'SSLv2');
  if (usable.length < 2) return null;
  const lower = usable[usable.length - 2];
  const protocol = lower.protocol as Exclude<ProtocolName, 'SSLv2'>;
  try {
    const out = await ctx.exchange(hello(ctx, protocol, lower.suites, { fallbackScsv: true }), { untilServerHello: true });
    if (out.kind === 'alert') return out.description === ALERT.InappropriateFallback;
    if (out.kind === 'handshake') return false;
    return null;
  } catch {
    return null;
  }
}
