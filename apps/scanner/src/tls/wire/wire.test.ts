import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientHello, buildSslv2ClientHello, type ClientHelloOptions } from './client-hello.js';
import { RecordType } from './constants.js';
import { bitLength, FLIGHT_LIMITS, parseServerFlight, parseServerKeyExchange, ServerFlightParser, type ServerFlight } from './server-response.js';

interface Capture {
  server_args: string[];
  hello_options: Omit<ClientHelloOptions, 'random' | 'sessionId' | 'keyShares'>;
  client_hello: string;
  server_response: string;
}
const fixture = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'openssl-captures.json'), 'utf8'),
) as { random: string; session_id: string; x25519_key_share: string; certificate_der: string; cases: Record<string, Capture> };

const hex = (s: string) => Buffer.from(s, 'hex');
const capture = (name: string) => fixture.cases[name];

function rebuild(c: Capture): Buffer {
  return buildClientHello({
    ...c.hello_options,
    random: hex(fixture.random),
    sessionId: c.hello_options.protocol === 'TLSv1.3' ? hex(fixture.session_id) : Buffer.alloc(0),
    keyShares: new Map([[0x001d, hex(fixture.x25519_key_share)]]),
  });
}

/** Minimal ClientHello reader for structural assertions. */
function readClientHello(record: Buffer) {
  const recordVersion = record.readUInt16BE(1);
  const hs = record.subarray(5);
  expect(hs[0]).toBe(1);
  expect(hs.readUIntBE(1, 3)).toBe(hs.length - 4);
  let p = 4;
  const clientVersion = hs.readUInt16BE(p);
  p += 2 + 32;
  const sid = hs[p];
  p += 1 + sid;
  const suitesLen = hs.readUInt16BE(p);
  const suites: number[] = [];
  for (let i = 0; i < suitesLen; i += 2) suites.push(hs.readUInt16BE(p + 2 + i));
  p += 2 + suitesLen;
  const comp = hs.subarray(p + 1, p + 1 + hs[p]);
  p += 1 + hs[p];
  const extensions = new Map<number, Buffer>();
  if (p < hs.length) {
    const end = p + 2 + hs.readUInt16BE(p);
    p += 2;
    while (p < end) {
      const type = hs.readUInt16BE(p);
      const len = hs.readUInt16BE(p + 2);
      extensions.set(type, hs.subarray(p + 4, p + 4 + len));
      p += 4 + len;
    }
  }
  return { recordVersion, clientVersion, sessionIdLength: sid, suites, compression: [...comp], extensions, handshakeLength: hs.length };
}

function handshake(flight: ServerFlight | null) {
  if (!flight || flight.kind !== 'handshake') throw new Error(`expected a handshake, got ${flight?.kind}`);
  return flight;
}

describe('ClientHello builder against bytes captured from openssl s_server', () => {
  it.each(Object.keys(fixture.cases))('rebuilds the %s ClientHello byte for byte', (name) => {
    expect(rebuild(capture(name)).toString('hex')).toBe(capture(name).client_hello);
  });

  it('lays out a TLS 1.2 ClientHello: versions, suites, SNI, groups, signature algorithms, ALPN, renegotiation_info', () => {
    const h = readClientHello(hex(capture('tls12_ecdhe_rsa').client_hello));
    expect(h.recordVersion).toBe(0x0301);
    expect(h.clientVersion).toBe(0x0303);
    expect(h.sessionIdLength).toBe(0);
    expect(h.suites).toEqual([0xc02f, 0x0035]);
    expect(h.compression).toEqual([0]);
    expect(h.extensions.get(0)?.subarray(5).toString()).toBe('localhost');
    expect(h.extensions.has(10)).toBe(true);
    expect(h.extensions.has(11)).toBe(true);
    expect(h.extensions.has(13)).toBe(true);
    expect(h.extensions.get(16)?.toString('hex')).toBe('000c02683208687474702f312e31');
    expect(h.extensions.get(0xff01)?.toString('hex')).toBe('00');
    expect(h.extensions.has(43)).toBe(false);
  });

  it('lays out a TLS 1.3 ClientHello: legacy version 1.2, supported_versions, key_share, 32-byte session id', () => {
    const h = readClientHello(hex(capture('tls13_server_hello').client_hello));
    expect(h.clientVersion).toBe(0x0303);
    expect(h.sessionIdLength).toBe(32);
    expect(h.extensions.get(43)?.toString('hex')).toBe('020304');
    const ks = h.extensions.get(51) as Buffer;
    expect(ks.readUInt16BE(0)).toBe(ks.length - 2);
    expect(ks.readUInt16BE(2)).toBe(0x001d);
    expect(ks.subarray(6).toString('hex')).toBe(fixture.x25519_key_share);
    expect(h.extensions.get(45)?.toString('hex')).toBe('0101');
    expect(h.extensions.has(0xff01)).toBe(false);
  });

  it('sends no SNI for an IP literal and adds TLS_FALLBACK_SCSV on request', () => {
    const h = readClientHello(buildClientHello({ protocol: 'TLSv1.1', cipherSuites: [0x002f], serverName: '127.0.0.1', fallbackScsv: true }));
    expect(h.extensions.has(0)).toBe(false);
    expect(h.suites).toEqual([0x002f, 0x5600]);
    expect(h.clientVersion).toBe(0x0302);
    expect(h.extensions.has(13)).toBe(false);
  });

  it('builds an SSLv3 ClientHello with no extensions and the renegotiation SCSV', () => {
    const record = buildClientHello({ protocol: 'SSLv3', cipherSuites: [0x000a, 0x0005], serverName: 'example.com' });
    const h = readClientHello(record);
    expect(h.recordVersion).toBe(0x0300);
    expect(h.clientVersion).toBe(0x0300);
    expect(h.suites).toEqual([0x000a, 0x0005, 0x00ff]);
    expect(h.extensions.size).toBe(0);
  });

  it('pads a ClientHello that would fall between 256 and 511 bytes to 512 (RFC 7685)', () => {
    const suites = Array.from({ length: 60 }, (_, i) => 0xc000 + i);
    const h = readClientHello(buildClientHello({ protocol: 'TLSv1.2', cipherSuites: suites, serverName: 'example.com' }));
    expect(h.extensions.has(21)).toBe(true);
    expect(h.handshakeLength).toBe(512);
    const small = readClientHello(buildClientHello({ protocol: 'TLSv1.2', cipherSuites: [0x002f], serverName: 'a.example' }));
    expect(small.extensions.has(21)).toBe(false);
  });

  it('builds an SSLv2 CLIENT-HELLO', () => {
    const bytes = buildSslv2ClientHello([0x010080, 0x0700c0], Buffer.alloc(16, 0x11));
    expect(bytes.toString('hex')).toBe('801f' + '01' + '0002' + '0006' + '0000' + '0010' + '010080' + '0700c0' + '11'.repeat(16));
  });
});

describe('server answer parser against bytes captured from openssl s_server', () => {
  it('parses a TLS 1.2 ECDHE flight: ServerHello, Certificate, ServerKeyExchange, ServerHelloDone', () => {
    const parsed = parseServerFlight(hex(capture('tls12_ecdhe_rsa').server_response));
    expect(parsed.complete).toBe(true);
    const f = handshake(parsed.flight);
    expect(f.hello.version).toBe(0x0303);
    expect(f.hello.negotiatedVersion).toBe(0x0303);
    expect(f.hello.cipherSuite).toBe(0xc02f);
    expect(f.hello.compression).toBe(0);
    expect(f.hello.secureRenegotiation).toBe(true);
    expect(f.hello.helloRetryRequest).toBe(false);
    expect(f.hello.alpn).toBeNull();
    expect(f.certificates.map((c) => c.toString('hex'))).toEqual([fixture.certificate_der]);
    expect(f.keyExchange).toEqual({ type: 'ECDH', group: 0x001d, bits: 253 });
    expect(f.done).toBe(true);
  });

  it('reads the DH prime size of a DHE ServerKeyExchange', () => {
    const f = handshake(parseServerFlight(hex(capture('tls12_dhe_rsa').server_response)).flight);
    expect(f.hello.cipherSuite).toBe(0x009f);
    expect(f.keyExchange).toEqual({ type: 'DH', group: null, bits: 2048 });
  });

  it('parses a TLS 1.3 ServerHello (supported_versions, key_share) and stops there', () => {
    const f = handshake(parseServerFlight(hex(capture('tls13_server_hello').server_response), { untilServerHello: true }).flight);
    expect(f.hello.version).toBe(0x0303);
    expect(f.hello.negotiatedVersion).toBe(0x0304);
    expect(f.hello.cipherSuite).toBe(0x1301);
    expect(f.hello.keyShareGroup).toBe(0x001d);
    expect(f.hello.sessionId.toString('hex')).toBe(fixture.session_id);
    expect(f.hello.helloRetryRequest).toBe(false);
    expect(f.certificates).toEqual([]);
  });

  it('recognises a HelloRetryRequest and its selected group', () => {
    const f = handshake(parseServerFlight(hex(capture('tls13_hello_retry_request').server_response)).flight);
    expect(f.hello.helloRetryRequest).toBe(true);
    expect(f.hello.negotiatedVersion).toBe(0x0304);
    expect(f.hello.keyShareGroup).toBe(0x0018);
    expect(f.hello.cipherSuite).toBe(0x1302);
  });

  it('parses alerts: protocol_version and inappropriate_fallback', () => {
    expect(parseServerFlight(hex(capture('protocol_version_alert').server_response))).toEqual({
      complete: true,
      flight: { kind: 'alert', level: 2, description: 70, name: 'protocol_version' },
    });
    expect(parseServerFlight(hex(capture('inappropriate_fallback_alert').server_response)).flight).toEqual({
      kind: 'alert',
      level: 2,
      description: 86,
      name: 'inappropriate_fallback',
    });
  });

  it('asks for more bytes on a truncated flight, and completes at ServerHello when told to', () => {
    const bytes = hex(capture('tls12_ecdhe_rsa').server_response);
    expect(parseServerFlight(bytes.subarray(0, 3)).complete).toBe(false);
    expect(parseServerFlight(bytes.subarray(0, bytes.length - 1)).complete).toBe(false);
    const helloRecordEnd = 5 + bytes.readUInt16BE(3);
    const partial = parseServerFlight(bytes.subarray(0, helloRecordEnd + 10));
    expect(partial.complete).toBe(false);
    expect(handshake(partial.flight).done).toBe(false);
    expect(parseServerFlight(bytes.subarray(0, helloRecordEnd), { untilServerHello: true }).complete).toBe(true);
  });

  it('calls a non-TLS answer invalid', () => {
    expect(parseServerFlight(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n')).flight).toEqual({
      kind: 'invalid',
      reason: 'not a TLS record (first byte 0x48)',
    });
  });
});

describe('answers openssl 3 cannot serve (hand-built per the specifications)', () => {
  it('parses an SSLv3 ServerHello without extensions', () => {
    const body = Buffer.concat([Buffer.from('0300', 'hex'), Buffer.alloc(32, 7), Buffer.from('00', 'hex'), Buffer.from('000a00', 'hex')]);
    const hello = Buffer.concat([Buffer.from([2, 0, 0, body.length]), body]);
    const done = Buffer.from('0e000000', 'hex');
    const payload = Buffer.concat([hello, done]);
    const record = Buffer.concat([Buffer.from([0x16, 3, 0, 0, payload.length]), payload]);
    const f = handshake(parseServerFlight(record).flight);
    expect(f.hello.negotiatedVersion).toBe(0x0300);
    expect(f.hello.cipherSuite).toBe(0x000a);
    expect(f.hello.extensions).toEqual([]);
    expect(f.hello.secureRenegotiation).toBe(false);
    expect(f.done).toBe(true);
  });

  it('parses an SSLv2 SERVER-HELLO with its certificate and cipher kinds', () => {
    const cert = hex(fixture.certificate_der);
    const specs = Buffer.from('0100800700c0020080', 'hex');
    const connId = Buffer.alloc(16, 9);
    const body = Buffer.concat([
      Buffer.from([4, 0, 1, 0, 2]),
      Buffer.from([cert.length >> 8, cert.length & 0xff, 0, specs.length, 0, connId.length]),
      cert,
      specs,
      connId,
    ]);
    const msg = Buffer.concat([Buffer.from([0x80 | (body.length >> 8), body.length & 0xff]), body]);
    expect(parseServerFlight(msg.subarray(0, 40)).complete).toBe(false);
    const parsed = parseServerFlight(msg);
    expect(parsed.flight).toEqual({ kind: 'sslv2', version: 2, certificate: cert, cipherKinds: [0x010080, 0x0700c0, 0x020080] });
  });

  it('parses an SSLv2 ERROR message', () => {
    expect(parseServerFlight(Buffer.from('8003000001', 'hex')).flight).toEqual({ kind: 'sslv2-error', code: 1 });
  });

  it('reads the temporary RSA key of an export ServerKeyExchange', () => {
    const modulus = Buffer.concat([Buffer.from([0xc3]), Buffer.alloc(63, 1)]);
    const ske = Buffer.concat([Buffer.from([0, 64]), modulus, Buffer.from([0, 3, 1, 0, 1])]);
    expect(parseServerKeyExchange(ske, 0x0003)).toEqual({ type: 'RSA', group: null, bits: 512 });
    expect(parseServerKeyExchange(ske, 0x002f)).toBeNull();
  });

  it('counts bit lengths of big-endian integers', () => {
    expect(bitLength(Buffer.from([0x00, 0x80, 0x00]))).toBe(16);
    expect(bitLength(Buffer.from([0x01]))).toBe(1);
    expect(bitLength(Buffer.from([0, 0]))).toBe(0);
    expect(bitLength(Buffer.alloc(256, 0xff))).toBe(2048);
  });
});

describe('incremental parsing and per-connection limits', () => {
  const record = (type: number, payload: Buffer) => Buffer.concat([Buffer.from([type, 3, 3, payload.length >> 8, payload.length & 0xff]), payload]);
  const message = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type, body.length >> 16, (body.length >> 8) & 0xff, body.length & 0xff]), body]);
  const tls12Flight = () => hex(capture('tls12_ecdhe_rsa').server_response);
  /** The ServerHello record of the TLS 1.2 capture, so later messages are "after ServerHello". */
  const helloRecord = () => {
    const bytes = tls12Flight();
    return bytes.subarray(0, 5 + bytes.readUInt16BE(3));
  };

  it.each([1, 2, 5, 7, 100, 4096])('gives the same result fed %i byte(s) at a time as all at once', (size) => {
    const bytes = tls12Flight();
    const parser = new ServerFlightParser();
    let last = parser.result();
    for (let i = 0; i < bytes.length; i += size) {
      expect(last.complete).toBe(false);
      last = parser.push(bytes.subarray(i, i + size));
    }
    expect(last).toEqual(parseServerFlight(bytes));
    expect(handshake(last.flight).done).toBe(true);
  });

  it('keeps its final result and ignores what comes after', () => {
    const parser = new ServerFlightParser();
    const done = parser.push(tls12Flight());
    expect(parser.push(Buffer.from('garbage'))).toBe(done);
    expect(parser.push(Buffer.alloc(0))).toBe(done);
  });

  it('stops past the byte cap, even in the middle of a record', () => {
    const limits = { ...FLIGHT_LIMITS, maxBytes: 1000 };
    const parser = new ServerFlightParser({}, limits);
    expect(parser.push(Buffer.concat([helloRecord(), Buffer.from([RecordType.Handshake, 3, 3, 0xff, 0xff])])).complete).toBe(false);
    const out = parser.push(Buffer.alloc(1000));
    expect(out).toEqual({ complete: true, flight: { kind: 'too-large', reason: 'server answer has more than 1000 bytes' } });
  });

  it('stops at the record cap: a server spreading one message over one-byte records', () => {
    const parser = new ServerFlightParser({}, { ...FLIGHT_LIMITS, maxRecords: 10 });
    parser.push(helloRecord());
    let out = parser.push(record(RecordType.Handshake, Buffer.from([0x63, 0, 0x10, 0])));
    for (let i = 0; i < 20 && !out.complete; i++) out = parser.push(record(RecordType.Handshake, Buffer.from([0x63])));
    expect(out.flight).toEqual({ kind: 'too-large', reason: 'server answer has more than 10 records' });
  });

  it('stops at the message cap: a server streaming unknown handshake messages after ServerHello', () => {
    const parser = new ServerFlightParser();
    let out = parser.push(helloRecord());
    const unknown = record(RecordType.Handshake, Buffer.concat(Array.from({ length: 8 }, () => message(0x63, Buffer.alloc(16)))));
    for (let i = 0; i < 100 && !out.complete; i++) out = parser.push(unknown);
    expect(out.flight).toEqual({ kind: 'too-large', reason: `server answer has more than ${FLIGHT_LIMITS.maxMessages} handshake messages` });
  });

  it('gives up at once on a handshake message announced larger than the byte cap', () => {
    const parser = new ServerFlightParser();
    parser.push(helloRecord());
    const out = parser.push(record(RecordType.Handshake, Buffer.from([0x0b, 0xff, 0xff, 0xff])));
    expect(out.flight).toEqual({ kind: 'too-large', reason: 'server answer has a handshake message of 16777215 bytes' });
  });

  it('keeps at most maxCertificates certificates of a Certificate message', () => {
    const cert = Buffer.alloc(10, 1);
    const entries = Buffer.concat(Array.from({ length: 5 }, () => Buffer.concat([Buffer.from([0, 0, cert.length]), cert])));
    const body = Buffer.concat([Buffer.from([0, 0, entries.length]), entries]);
    const parser = new ServerFlightParser({}, { ...FLIGHT_LIMITS, maxCertificates: 3 });
    parser.push(helloRecord());
    const out = parser.push(Buffer.concat([record(RecordType.Handshake, message(11, body)), record(RecordType.Handshake, message(14, Buffer.alloc(0)))]));
    expect(handshake(out.flight).certificates).toHaveLength(3);
  });
});
