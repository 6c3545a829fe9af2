/**
 * Parser of what a server answers to a ClientHello: TLS records carrying ServerHello (or
 * HelloRetryRequest), Certificate, ServerKeyExchange and ServerHelloDone, an Alert, or an SSLv2
 * SERVER-HELLO. Incremental (ServerFlightParser is fed each chunk once, so work is linear in
 * the bytes received) and capped per connection in bytes, records and handshake messages: a
 * hostile server cannot make one probe hold more than FLIGHT_LIMITS.maxBytes or spin on it.
 */
import { suiteById } from '../cipher-suites.js';
import { ByteQueue } from './byte-queue.js';
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
  | { kind: 'invalid'; reason: string }
  /** The answer went past FLIGHT_LIMITS: the probe stops reading it. */
  | { kind: 'too-large'; reason: string };

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

function parseCertificates(body: Buffer, max: number): Buffer[] {
  const r = new Reader(body);
  const list = new Reader(r.vec24());
  const out: Buffer[] = [];
  while (list.left >= 3 && out.length < max) out.push(Buffer.from(list.vec24()));
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

/** What one connection's answer may hold before the probe gives up on it. */
export interface FlightLimits {
  /** Bytes received (a real flight with a long chain is well under 64 KiB). */
  maxBytes: number;
  /** TLS records (a real flight has a handful). */
  maxRecords: number;
  /** Handshake messages (ServerHello to ServerHelloDone is at most six). */
  maxMessages: number;
  /** Certificates kept from a Certificate message (the rest are ignored). */
  maxCertificates: number;
}

export const FLIGHT_LIMITS: FlightLimits = { maxBytes: 512 * 1024, maxRecords: 256, maxMessages: 32, maxCertificates: 16 };

const RECORD_HEADER = 5;
const HANDSHAKE_HEADER = 4;

const invalid = (reason: string): ParseResult => ({ complete: true, flight: { kind: 'invalid', reason } });

/**
 * Feeds on the answer chunk by chunk. `push` returns the state after that chunk; once complete,
 * the result no longer changes and later chunks are ignored. Each byte is looked at a bounded
 * number of times: incomplete records and messages wait in queues until whole.
 */
export class ServerFlightParser {
  private readonly input = new ByteQueue();
  private readonly handshake = new ByteQueue();
  private bytes = 0;
  private records = 0;
  private messages = 0;
  private mode: 'unknown' | 'tls' | 'sslv2' = 'unknown';
  private hello: ServerHello | null = null;
  private certificates: Buffer[] = [];
  private keyExchange: ServerKeyExchange | null = null;
  private done = false;
  private final: ParseResult | null = null;

  constructor(
    private readonly opts: { untilServerHello?: boolean } = {},
    private readonly limits: FlightLimits = FLIGHT_LIMITS,
  ) {}

  /** The state now: final once complete, else what the bytes so far show. */
  result(): ParseResult {
    return this.final ?? this.partial(false);
  }

  push(chunk: Buffer): ParseResult {
    if (this.final || !chunk.length) return this.result();
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) return this.finish(this.tooLarge(`more than ${this.limits.maxBytes} bytes`));
    this.input.push(chunk);
    const outcome = this.mode === 'sslv2' ? this.readSslv2() : this.readRecords();
    return outcome ? this.finish(outcome) : this.result();
  }

  private finish(outcome: ParseResult): ParseResult {
    this.final = outcome;
    this.input.clear();
    this.handshake.clear();
    return outcome;
  }

  private partial(complete: boolean): ParseResult {
    const { hello, certificates, keyExchange, done } = this;
    return { complete, flight: hello ? { kind: 'handshake', hello, certificates, keyExchange, done } : null };
  }

  private tooLarge(what: string): ParseResult {
    return { complete: true, flight: { kind: 'too-large', reason: `server answer has ${what}` } };
  }

  /** Invalid before ServerHello; after it, what was seen stands. */
  private stop(reason: string): ParseResult {
    return this.hello ? this.partial(true) : invalid(reason);
  }

  private readSslv2(): ParseResult | null {
    if (this.input.length < 2) return null;
    const head = this.input.peek(2);
    const length = ((head[0] & 0x7f) << 8) | head[1];
    if (this.input.length < 2 + length) return null;
    return parseSslv2Message(this.input.take(2 + length).subarray(2));
  }

  private readRecords(): ParseResult | null {
    if (this.mode === 'unknown') {
      const first = this.input.peek(1)[0];
      if (first & 0x80 && first !== RecordType.Handshake && first !== RecordType.Alert) {
        this.mode = 'sslv2';
        return this.readSslv2();
      }
      if (first !== RecordType.Handshake && first !== RecordType.Alert) {
        return invalid(`not a TLS record (first byte 0x${first.toString(16)})`);
      }
      this.mode = 'tls';
    }
    while (this.input.length >= RECORD_HEADER) {
      const header = this.input.peek(RECORD_HEADER);
      const type = header[0];
      const length = header.readUInt16BE(3);
      if (header[1] !== 3) return this.stop('bad record version');
      if (this.input.length < RECORD_HEADER + length) return null;
      if (++this.records > this.limits.maxRecords) return this.tooLarge(`more than ${this.limits.maxRecords} records`);
      const payload = this.input.take(RECORD_HEADER + length).subarray(RECORD_HEADER);
      const outcome = this.record(type, payload);
      if (outcome) return outcome;
    }
    return null;
  }

  private record(type: number, payload: Buffer): ParseResult | null {
    if (type === RecordType.Alert) {
      if (this.hello) return this.partial(true);
      if (payload.length < 2) return invalid('short alert');
      const description = payload[1];
      return {
        complete: true,
        flight: { kind: 'alert', level: payload[0], description, name: ALERT_DESCRIPTIONS[description] ?? `alert_${description}` },
      };
    }
    if (type !== RecordType.Handshake) return this.stop(`unexpected record type ${type}`);
    this.handshake.push(payload);
    while (this.handshake.length >= HANDSHAKE_HEADER) {
      const header = this.handshake.peek(HANDSHAKE_HEADER);
      const msgLength = header.readUIntBE(1, 3);
      // Cannot fit in what the connection may still send: no point waiting for it.
      if (msgLength > this.limits.maxBytes) return this.tooLarge(`a handshake message of ${msgLength} bytes`);
      if (this.handshake.length < HANDSHAKE_HEADER + msgLength) return null;
      if (++this.messages > this.limits.maxMessages) return this.tooLarge(`more than ${this.limits.maxMessages} handshake messages`);
      const body = this.handshake.take(HANDSHAKE_HEADER + msgLength).subarray(HANDSHAKE_HEADER);
      const outcome = this.message(header[0], body);
      if (outcome) return outcome;
    }
    return null;
  }

  private message(msgType: number, body: Buffer): ParseResult | null {
    try {
      if (msgType === HandshakeType.ServerHello) {
        this.hello = parseServerHello(body);
        const tls13 = this.hello.negotiatedVersion === VERSION['TLSv1.3'] || this.hello.helloRetryRequest;
        return tls13 || this.opts.untilServerHello ? this.partial(true) : null;
      }
      if (!this.hello) return invalid(`handshake message ${msgType} before ServerHello`);
      if (msgType === HandshakeType.Certificate) {
        this.certificates = parseCertificates(body, this.limits.maxCertificates);
      } else if (msgType === HandshakeType.ServerKeyExchange) {
        this.keyExchange = parseServerKeyExchange(body, this.hello.cipherSuite);
      } else if (msgType === HandshakeType.ServerHelloDone) {
        this.done = true;
        return this.partial(true);
      }
      return null;
    } catch (e) {
      return this.stop((e as Error).message);
    }
  }
}

function parseSslv2Message(message: Buffer): ParseResult {
  const r = new Reader(message);
  try {
    const type = r.u8();
    if (type === 0) return { complete: true, flight: { kind: 'sslv2-error', code: r.u16() } };
    if (type !== 4) return invalid(`SSLv2 message type ${type}`);
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
    return invalid((e as Error).message);
  }
}

/**
 * Parses a whole answer at once. With `untilServerHello` the answer is complete as soon as
 * the ServerHello is in (suite enumeration); otherwise it waits for ServerHelloDone (TLS <= 1.2)
 * to see the Certificate and ServerKeyExchange.
 */
export function parseServerFlight(buf: Buffer, opts: { untilServerHello?: boolean } = {}, limits = FLIGHT_LIMITS): ParseResult {
  return new ServerFlightParser(opts, limits).push(buf);
}
