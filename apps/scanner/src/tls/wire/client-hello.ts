/**
 * Hand-written ClientHello messages (as testssl.sh and sslyze send them): an SSLv2
 * CLIENT-HELLO, and SSLv3 to TLS 1.3 ClientHellos with a chosen cipher-suite list and the
 * extensions a scanner needs. Node's OpenSSL cannot offer SSLv3, RC4, 3DES or export suites;
 * these bytes can.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { ProtocolName } from '../types.js';
import { Ext, HandshakeType, LEGACY_GROUPS, RecordType, SCSV, SIGNATURE_ALGORITHMS, TLS13_GROUPS, VERSION } from './constants.js';

export interface ClientHelloOptions {
  protocol: Exclude<ProtocolName, 'SSLv2'>;
  cipherSuites: number[];
  /** SNI; not sent for IP literals or when null. */
  serverName?: string | null;
  /** supported_groups; defaults to every ECDH group (TLS <= 1.2) or every TLS 1.3 group. */
  groups?: number[];
  /** TLS 1.3: groups to send a key share for (must be in `groups`); default x25519 when offered. */
  keyShareGroups?: number[];
  alpn?: string[];
  /** Adds TLS_FALLBACK_SCSV to the suites. */
  fallbackScsv?: boolean;
  /** Fixed random and session id, for byte-exact tests. */
  random?: Buffer;
  sessionId?: Buffer;
  /** Fixed key-share public keys by group, for byte-exact tests. */
  keyShares?: Map<number, Buffer>;
}

const u8 = (n: number) => Buffer.from([n & 0xff]);
const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
const vec8 = (b: Buffer) => Buffer.concat([u8(b.length), b]);
const vec16 = (b: Buffer) => Buffer.concat([u16(b.length), b]);
const list16 = (ids: number[]) => vec16(Buffer.concat(ids.map(u16)));
const ext = (type: number, data: Buffer) => Buffer.concat([u16(type), vec16(data)]);

const X25519 = 0x001d;
const SECP256R1 = 0x0017;
const SECP384R1 = 0x0018;
const SECP521R1 = 0x0019;
const X448 = 0x001e;

const shareCache = new Map<number, Buffer>();

/** A real public key for a key-share group (the handshake never completes, so one per process does). */
export function keySharePublicKey(group: number): Buffer | null {
  const cached = shareCache.get(group);
  if (cached) return cached;
  let key: Buffer | null = null;
  if (group === X25519 || group === X448) {
    const { publicKey } = group === X25519 ? crypto.generateKeyPairSync('x25519') : crypto.generateKeyPairSync('x448');
    const der = publicKey.export({ format: 'der', type: 'spki' });
    key = der.subarray(der.length - (group === X25519 ? 32 : 56));
  } else if (group === SECP256R1 || group === SECP384R1 || group === SECP521R1) {
    const curve = group === SECP256R1 ? 'prime256v1' : group === SECP384R1 ? 'secp384r1' : 'secp521r1';
    const ecdh = crypto.createECDH(curve);
    key = ecdh.generateKeys();
  }
  if (key) shareCache.set(group, key);
  return key;
}

function serverNameExt(name: string): Buffer {
  const host = Buffer.from(name, 'ascii');
  return ext(Ext.ServerName, vec16(Buffer.concat([u8(0), vec16(host)])));
}

function alpnExt(protocols: string[]): Buffer {
  return ext(Ext.Alpn, vec16(Buffer.concat(protocols.map((p) => vec8(Buffer.from(p, 'ascii'))))));
}

function keyShareExt(groups: number[], fixed?: Map<number, Buffer>): Buffer {
  const entries = groups
    .map((g) => ({ g, key: fixed?.get(g) ?? keySharePublicKey(g) }))
    .filter((e): e is { g: number; key: Buffer } => e.key !== null)
    .map((e) => Buffer.concat([u16(e.g), vec16(e.key)]));
  return ext(Ext.KeyShare, vec16(Buffer.concat(entries)));
}

/** RFC 7685 padding: keeps the ClientHello out of the 256-511 byte range some servers mishandle. */
function paddingFor(helloLength: number): Buffer | null {
  if (helloLength < 256 || helloLength >= 512) return null;
  const fill = Math.max(512 - helloLength - 4, 1);
  return ext(Ext.Padding, Buffer.alloc(fill));
}

function sniName(serverName: string | null | undefined): string | null {
  if (!serverName) return null;
  const bare = serverName.replace(/^\[|\]$/g, '');
  return net.isIP(bare) ? null : serverName.replace(/\.$/, '');
}

/** A ClientHello record for SSLv3 to TLS 1.3. */
export function buildClientHello(o: ClientHelloOptions): Buffer {
  const tls13 = o.protocol === 'TLSv1.3';
  const legacyVersion = tls13 ? VERSION['TLSv1.2'] : VERSION[o.protocol];
  const random = o.random ?? crypto.randomBytes(32);
  const sessionId = o.sessionId ?? (tls13 ? crypto.randomBytes(32) : Buffer.alloc(0));
  const suites = [...o.cipherSuites];
  if (o.protocol === 'SSLv3') suites.push(SCSV.EmptyRenegotiationInfo);
  if (o.fallbackScsv) suites.push(SCSV.Fallback);

  const extensions: Buffer[] = [];
  if (o.protocol !== 'SSLv3') {
    const name = sniName(o.serverName);
    if (name) extensions.push(serverNameExt(name));
    const groups = o.groups ?? (tls13 ? TLS13_GROUPS : LEGACY_GROUPS);
    extensions.push(ext(Ext.SupportedGroups, list16(groups)));
    extensions.push(ext(Ext.EcPointFormats, vec8(Buffer.from([0]))));
    if (o.protocol === 'TLSv1.2' || tls13) extensions.push(ext(Ext.SignatureAlgorithms, list16(SIGNATURE_ALGORITHMS)));
    if (o.alpn?.length) extensions.push(alpnExt(o.alpn));
    if (tls13) {
      extensions.push(ext(Ext.SupportedVersions, vec8(u16(VERSION['TLSv1.3']))));
      extensions.push(ext(Ext.PskKeyExchangeModes, vec8(Buffer.from([1]))));
      const shares = o.keyShareGroups ?? (groups.includes(X25519) ? [X25519] : []);
      extensions.push(keyShareExt(shares.filter((g) => groups.includes(g)), o.keyShares));
    } else {
      extensions.push(ext(Ext.RenegotiationInfo, vec8(Buffer.alloc(0))));
    }
  }

  const head = Buffer.concat([u16(legacyVersion), random, vec8(sessionId), list16(suites), vec8(Buffer.from([0]))]);
  let extBlock = Buffer.concat(extensions);
  if (extensions.length) {
    const padding = paddingFor(4 + head.length + 2 + extBlock.length);
    if (padding) extBlock = Buffer.concat([extBlock, padding]);
  }
  const body = extensions.length ? Buffer.concat([head, vec16(extBlock)]) : head;
  const handshake = Buffer.concat([u8(HandshakeType.ClientHello), u24(body.length), body]);
  const recordVersion = o.protocol === 'SSLv3' ? VERSION.SSLv3 : VERSION['TLSv1.0'];
  return Buffer.concat([u8(RecordType.Handshake), u16(recordVersion), vec16(handshake)]);
}

/** An SSLv2 CLIENT-HELLO (2-byte header, no padding) offering the given 3-byte cipher kinds. */
export function buildSslv2ClientHello(cipherKinds: number[], challenge: Buffer = crypto.randomBytes(16)): Buffer {
  const specs = Buffer.concat(cipherKinds.map((k) => Buffer.from([(k >> 16) & 0xff, (k >> 8) & 0xff, k & 0xff])));
  const body = Buffer.concat([u8(1), u16(VERSION.SSLv2), u16(specs.length), u16(0), u16(challenge.length), specs, challenge]);
  return Buffer.concat([Buffer.from([0x80 | ((body.length >> 8) & 0x7f), body.length & 0xff]), body]);
}
