/**
 * Parser of what a server answers to a ClientHello: TLS records carrying ServerHello (or
 * HelloRetryRequest), Certificate, ServerKeyExchange and ServerHelloDone, an Alert, or an SSLv2
 * SERVER-HELLO. Incremental: `parseServerFlight` tells whether more bytes are needed.
 */
import { suiteById } from '../cipher-suites.js';
import { ALERT_DESCRIPTIONS, Ext, groupById, HandshakeType, HRR_RANDOM, RecordType, VERSION } from './constants.js';

export interface ServerHello {
  /** legacy_version field. */
  version: number;
  /** The negotiated version: supported_versions when present, else `version`. */
  negotiatedVersion: number;
  random: Buffer;
  sessionId: Buffer;
  cipherSuite: number;
  compression: number;
  extensions: { type: number; data: Buffer }[];
  helloRetryRequest: boolean;
  /** TLS 1.3: the key_share group (ServerHello) or the selected group (HelloRetryRequest). */
  keyShareGroup: number | null;
  alpn: string | null;
  /** The renegotiation_info extension was sent back (RFC 5746). */
  secureRenegotiation: boolean;
}

export interface ServerKeyExchange {
  type: 'ECDH' | 'DH' | 'RSA';
  /** Named group id for ECDHE, null otherwise. */
  group: number | null;
  bits: number;
}

export type ServerFlight =
  | {
      kind: 'handshake';
      hello: ServerHello;
      /** DER certificates of the Certificate message (TLS <= 1.2). */
      certificates: Buffer[];
      keyExchange: ServerKeyExchange | null;
      /** ServerHelloDone was seen (TLS <= 1.2). */
      done: boolean;
    }
  | { kind: 'alert'; level: number; description: number; name: string }
  | { kind: 'sslv2'; version: number; certificate: Buffer | null; cipherKinds: number[] }
  | { kind: 'sslv2-error'; code: number }
  | { kind: 'invalid'; reason: string };

export interface ParseResult {
  /** True when the answer is complete (or cannot become valid); false when more bytes may help. */
  complete: boolean;
  flight: ServerFlight | null;
}

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  get left() {
    return this.buf.length - this.pos;
  }
  need(n: number) {
    if (this.left < n) throw new RangeError(`truncated: need ${n}, have ${this.left}`);
  }
  u8() {
    this.need(1);
    return this.buf[this.pos++];
  }
  u16() {
    this.need(2);
    const v = this.buf.readUInt16BE(this.pos);
    this.pos += 2;
    return v;
  }
  u24() {
    this.need(3);
    const v = this.buf.readUIntBE(this.pos, 3);
    this.pos += 3;
    return v;
  }
  bytes(n: number) {
    this.need(n);
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
  vec8() {
    return this.bytes(this.u8());
  }
  vec16() {
    return this.bytes(this.u16());
  }
  vec24() {
    return this.bytes(this.u24());
  }
}

/** Bit length of a big-endian unsigned integer. */
export function bitLength(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]));
}

export function parseServerHello(body: Buffer): ServerHello {
  const r = new Reader(body);
  const version = r.u16();
  const random = Buffer.from(r.bytes(32));
  const sessionId = Buffer.from(r.vec8());
  const cipherSuite = r.u16();
  const compression = r.u8();
  const extensions: { type: number; data: Buffer }[] = [];
  if (r.left >= 2) {
    const block = new Reader(r.vec16());
    while (block.left >= 4) extensions.push({ type: block.u16(), data: Buffer.from(block.vec16()) });
  }
  const helloRetryRequest = random.equals(HRR_RANDOM);
  const find = (t: number) => extensions.find((e) => e.type === t)?.data;
  const sv = find(Ext.SupportedVersions);
  const negotiatedVersion = sv && sv.length >= 2 ? sv.readUInt16BE(0) : version;
  const ks = find(Ext.KeyShare);
  const keyShareGroup = ks && ks.length >= 2 ? ks.readUInt16BE(0) : null;
  let alpn: string | null = null;
  const alpnData = find(Ext.Alpn);
  if (alpnData && alpnData.length > 3) {
    const a = new Reader(alpnData);
    const list = new Reader(a.vec16());
    alpn = list.vec8().toString('ascii');
  }
  return {
    version,
    negotiatedVersion,
    random,
    sessionId,
    cipherSuite,
    compression,
    extensions,
    helloRetryRequest,
    keyShareGroup,
    alpn,
    secureRenegotiation: find(Ext.RenegotiationInfo) !== undefined,
  };
}

function parseCertificates(body: Buffer): Buffer[] {
  const r = new Reader(body);
  const list = new Reader(r.vec24());
  const out: Buffer[] = [];
  while (list.left >= 3) out.push(Buffer.from(list.vec24()));
  return out;
}

/** ServerKeyExchange of TLS <= 1.2, read according to the chosen suite's key exchange. */
export function parseServerKeyExchange(body: Buffer, cipherSuite: number): ServerKeyExchange | null {
  const suite = suiteById(cipherSuite);
  if (!suite) return null;
  const r = new Reader(body);
  if (suite.kx === 'ECDHE' || (suite.kx === 'ECDH' && suite.auth === 'anon')) {
    const curveType = r.u8();
    if (curveType !== 3) return { type: 'ECDH', group: null, bits: 0 };
    const group = r.u16();
    return { type: 'ECDH', group, bits: groupById(group)?.bits ?? 0 };
  }
  if (suite.kx === 'DHE' || (suite.kx === 'DH' && suite.auth === 'anon')) {
    return { type: 'DH', group: null, bits: bitLength(r.vec16()) };
  }
  if (suite.kx === 'RSA' && suite.export) return { type: 'RSA', group: null, bits: bitLength(r.vec16()) };
  return null;
}

function parseSslv2(buf: Buffer): ParseResult {
  if (buf.length < 2) return { complete: false, flight: null };
  const length = ((buf[0] & 0x7f) << 8) | buf[1];
  if (buf.length < 2 + length) return { complete: false, flight: null };
  const r = new Reader(buf.subarray(2, 2 + length));
  try {
    const type = r.u8();
    if (type === 0) return { complete: true, flight: { kind: 'sslv2-error', code: r.u16() } };
    if (type !== 4) return { complete: true, flight: { kind: 'invalid', reason: `SSLv2 message type ${type}` } };
    r.u8(); // session id hit
    const certType = r.u8();
    const version = r.u16();
    const certLength = r.u16();
    const specsLength = r.u16();
    r.u16(); // connection id length
    const certificate = Buffer.from(r.bytes(certLength));
    const specs = r.bytes(specsLength);
    const cipherKinds: number[] = [];
    for (let i = 0; i + 3 <= specs.length; i += 3) cipherKinds.push(specs.readUIntBE(i, 3));
    return {
      complete: true,
      flight: { kind: 'sslv2', version, certificate: certType === 1 && certLength ? certificate : null, cipherKinds },
    };
  } catch (e) {
    return { complete: true, flight: { kind: 'invalid', reason: (e as Error).message } };
  }
}

/**
 * Parses the bytes received so far. With `untilServerHello` the answer is complete as soon as
 * the ServerHello is in (suite enumeration); otherwise it waits for ServerHelloDone (TLS <= 1.2)
 * to see the Certificate and ServerKeyExchange.
 */
export function parseServerFlight(buf: Buffer, opts: { untilServerHello?: boolean } = {}): ParseResult {
  if (!buf.length) return { complete: false, flight: null };
  const first = buf[0];
  if (first & 0x80 && first !== RecordType.Handshake && first !== RecordType.Alert) return parseSslv2(buf);
  if (first !== RecordType.Handshake && first !== RecordType.Alert)
    return { complete: true, flight: { kind: 'invalid', reason: `not a TLS record (first byte 0x${first.toString(16)})` } };

  const handshake: Buffer[] = [];
  let pos = 0;
  let hello: ServerHello | null = null;
  let certificates: Buffer[] = [];
  let keyExchange: ServerKeyExchange | null = null;
  let done = false;
  let msgOffset = 0;
  const result = (complete: boolean): ParseResult => ({
    complete,
    flight: hello ? { kind: 'handshake', hello, certificates, keyExchange, done } : null,
  });

  while (pos + 5 <= buf.length) {
    const type = buf[pos];
    const major = buf[pos + 1];
    const length = buf.readUInt16BE(pos + 3);
    if (major !== 3) return hello ? result(true) : { complete: true, flight: { kind: 'invalid', reason: 'bad record version' } };
    if (pos + 5 + length > buf.length) break;
    const payload = buf.subarray(pos + 5, pos + 5 + length);
    pos += 5 + length;
    if (type === RecordType.Alert) {
      if (hello) return result(true);
      if (payload.length < 2) return { complete: true, flight: { kind: 'invalid', reason: 'short alert' } };
      const description = payload[1];
      return {
        complete: true,
        flight: { kind: 'alert', level: payload[0], description, name: ALERT_DESCRIPTIONS[description] ?? `alert_${description}` },
      };
    }
    if (type !== RecordType.Handshake) {
      return hello ? result(true) : { complete: true, flight: { kind: 'invalid', reason: `unexpected record type ${type}` } };
    }
    handshake.push(payload);
    const stream = Buffer.concat(handshake);
    while (msgOffset + 4 <= stream.length) {
      const msgType = stream[msgOffset];
      const msgLength = stream.readUIntBE(msgOffset + 1, 3);
      if (msgOffset + 4 + msgLength > stream.length) break;
      const body = stream.subarray(msgOffset + 4, msgOffset + 4 + msgLength);
      msgOffset += 4 + msgLength;
      try {
        if (msgType === HandshakeType.ServerHello) {
          hello = parseServerHello(body);
          const tls13 = hello.negotiatedVersion === VERSION['TLSv1.3'] || hello.helloRetryRequest;
          if (tls13 || opts.untilServerHello) return result(true);
        } else if (!hello) {
          return { complete: true, flight: { kind: 'invalid', reason: `handshake message ${msgType} before ServerHello` } };
        } else if (msgType === HandshakeType.Certificate) {
          certificates = parseCertificates(body);
        } else if (msgType === HandshakeType.ServerKeyExchange) {
          keyExchange = parseServerKeyExchange(body, hello.cipherSuite);
        } else if (msgType === HandshakeType.ServerHelloDone) {
          done = true;
          return result(true);
        }
      } catch (e) {
        return hello ? result(true) : { complete: true, flight: { kind: 'invalid', reason: (e as Error).message } };
      }
    }
  }
  return result(false);
}
