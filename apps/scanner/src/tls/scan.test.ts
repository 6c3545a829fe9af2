/**
 * scanTls against real TLS servers on 127.0.0.1 (node:https in process, `openssl s_server`
 * children) with certificates generated here.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scanTls } from './scan.js';
import { makeCert, type TestCa } from './testing/certs.js';
import { startHttpsServer, startOpensslServer, type RunningServer } from './testing/servers.js';
import type { TlsScanReport } from './types.js';

const policy = { allowPrivate: true, dnsServers: [] };
const YEAR_HSTS = 'max-age=31536000; includeSubDomains; preload';
const DAY = 86_400_000;

const names = (r: TlsScanReport, p: keyof TlsScanReport['cipher_suites']) => (r.cipher_suites[p] ?? []).map((s) => s.name);
const supported = (r: TlsScanReport) => r.protocols.filter((p) => p.supported).map((p) => p.name);
const capReasons = (r: TlsScanReport) => r.caps.map((c) => `${c.grade}: ${c.reason}`);

async function scanOnce(port: number, host = 'localhost', timeoutMs = 5_000): Promise<TlsScanReport> {
  const report = await scanTls({ host, port, policy, timeoutMs });
  expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  return report;
}

let rsa2048: TestCa;
beforeAll(async () => {
  rsa2048 = await makeCert({ cn: 'localhost' });
});

describe('modern server, TLS 1.2 + 1.3 (node:https, server order, HSTS)', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startHttpsServer(rsa2048, {
      hsts: YEAR_HSTS,
      honorCipherOrder: true,
      ciphers:
        'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256:TLS_AES_128_GCM_SHA256:' +
        'ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-CHACHA20-POLY1305:ECDHE-RSA-AES128-GCM-SHA256',
    });
    report = await scanOnce(server.port);
  });
  afterAll(() => server.close());

  it('finds TLS 1.2 and 1.3 only, with the suites in the server order', () => {
    expect(report.protocols).toEqual([
      { name: 'SSLv2', supported: false },
      { name: 'SSLv3', supported: false },
      { name: 'TLSv1.0', supported: false },
      { name: 'TLSv1.1', supported: false },
      { name: 'TLSv1.2', supported: true },
      { name: 'TLSv1.3', supported: true },
    ]);
    expect(names(report, 'TLSv1.3')).toEqual(['TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256', 'TLS_AES_128_GCM_SHA256']);
    expect(names(report, 'TLSv1.2')).toEqual([
      'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384',
      'TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256',
      'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256',
    ]);
    expect(report.cipher_suites['TLSv1.2']?.[0]).toEqual({
      id: 0xc030,
      name: 'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384',
      bits: 256,
      key_exchange: 'ECDHE',
      forward_secrecy: true,
      aead: true,
    });
    expect(report.server_cipher_order).toBe(true);
  });

  it('reports key exchange, downgrade protection, renegotiation, ALPN, HSTS', () => {
    expect(report.key_exchange.certificate_key_type).toBe('RSA');
    expect(report.key_exchange.certificate_key_bits).toBe(2048);
    expect(report.key_exchange.ephemeral.map((e) => e.group)).toEqual(expect.arrayContaining(['x25519', 'secp256r1', 'secp384r1']));
    expect(report.forward_secrecy).toBe(true);
    expect(report.aead).toBe(true);
    expect(report.fallback_scsv).toBe(true);
    expect(report.secure_renegotiation).toBe(true);
    expect(report.ocsp_stapling).toBe(false);
    expect(report.alpn).toBe('http/1.1');
    expect(report.hsts).toEqual({ present: true, max_age: 31_536_000, include_subdomains: true, preload: true });
    expect(report.ip).toBe('127.0.0.1');
  });

  it('parses the self-signed certificate and grades F, A+ if it were trusted', () => {
    const c = report.certificate;
    expect(c).toMatchObject({
      subject: 'CN=localhost',
      issuer: 'CN=localhost',
      sans: ['localhost', '127.0.0.1'],
      key_type: 'RSA',
      key_size: 2048,
      signature_algorithm: 'sha256WithRSAEncryption',
      signature_hash: 'sha256',
      self_signed: true,
      trusted: false,
      trust_error: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      hostname_match: true,
      fingerprint_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      serial_number: expect.stringMatching(/^[0-9a-f]+$/),
    });
    expect(Date.parse(c?.valid_to ?? '')).toBeGreaterThan(Date.now());
    expect(report.chain).toEqual([]);
    expect(report.grade).toBe('F');
    expect(report.grade_trust_ignored).toBe('A+');
    expect(report.score).toBe(93);
    expect(report.category_scores).toEqual({ protocol: 100, key_exchange: 90, cipher_strength: 90 });
    expect(report.caps).toEqual([{ grade: 'F', reason: 'Certificate is self-signed and not trusted' }]);
    expect(report.warnings).toEqual(['Certificate is self-signed and not trusted']);
    expect(report.notes).toEqual(['OCSP stapling is not supported']);
  });

  // How fast a scan is depends on the host (bench/ measures it); the report says how long it took.
  it('reports how long the scan took, in whole milliseconds', () => {
    expect(Number.isInteger(report.duration_ms)).toBe(true);
    expect(report.duration_ms).toBeGreaterThanOrEqual(0);
  });
});

describe('a trusted chain (CA in NODE_EXTRA_CA_CERTS, scan in a child process)', () => {
  let dir: string;
  let server: RunningServer;
  let otherName: RunningServer;
  beforeAll(async () => {
    const ca = await makeCert({ cn: 'Vigil Test CA', isCa: true, sans: [{ type: 'dns', value: 'ca.invalid' }] });
    const leaf = await makeCert({ cn: 'localhost', issuer: ca });
    const other = await makeCert({ cn: 'other.example', issuer: ca, sans: [{ type: 'dns', value: 'other.example' }] });
    dir = await mkdtemp(path.join(os.tmpdir(), 'vigil-ca-'));
    await writeFile(path.join(dir, 'ca.pem'), ca.certPem);
    server = await startHttpsServer({ ...leaf, certPem: leaf.certPem + ca.certPem }, { hsts: YEAR_HSTS, honorCipherOrder: true });
    otherName = await startHttpsServer({ ...other, certPem: other.certPem + ca.certPem }, { hsts: YEAR_HSTS });
  });
  afterAll(async () => {
    await server.close();
    await otherName.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function scanTrusting(port: number): Promise<TlsScanReport> {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join('apps/scanner/src/tls/testing/scan-cli.ts'), 'localhost', String(port)],
      { cwd: root, env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem') }, timeout: 30_000 },
    );
    return JSON.parse(stdout) as TlsScanReport;
  }

  it('reports a trusted chain for another name as trusted, with only the mismatch', async () => {
    const report = await scanTrusting(otherName.port);
    expect(report.certificate).toMatchObject({ trusted: true, trust_error: null, hostname_match: false });
    expect(report.warnings).toEqual(['Certificate does not match the hostname']);
    expect(report.grade).toBe('F');
  });

  it('trusts it and grades A+', async () => {
    const report = await scanTrusting(server.port);
    expect(report.certificate).toMatchObject({ trusted: true, trust_error: null, hostname_match: true, self_signed: false, issuer: 'CN=Vigil Test CA' });
    expect(report.chain.map((c) => c.subject)).toEqual(['CN=Vigil Test CA']);
    expect(report.grade).toBe('A+');
    expect(report.grade_trust_ignored).toBeNull();
    expect(report.caps).toEqual([]);
  });
});

describe('TLS 1.3 only (node:https)', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startHttpsServer(rsa2048, { hsts: YEAR_HSTS, minVersion: 'TLSv1.3' });
    report = await scanOnce(server.port, '127.0.0.1');
  });
  afterAll(() => server.close());

  it('finds only TLS 1.3, no SCSV or renegotiation to test, and would be A+', () => {
    expect(supported(report)).toEqual(['TLSv1.3']);
    expect(names(report, 'TLSv1.3').sort()).toEqual(['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256']);
    expect(report.cipher_suites['TLSv1.2']).toBeUndefined();
    expect(report.fallback_scsv).toBeNull();
    expect(report.secure_renegotiation).toBeNull();
    expect(report.certificate?.hostname_match).toBe(true);
    expect(report.grade_trust_ignored).toBe('A+');
    expect(report.caps).toEqual([{ grade: 'F', reason: 'Certificate is self-signed and not trusted' }]);
  });
});

describe('TLS 1.0 to 1.2 (openssl s_server, server preference)', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startOpensslServer(rsa2048, [
      '-min_protocol',
      'TLSv1',
      '-max_protocol',
      'TLSv1.2',
      '-cipher',
      'ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-SHA:AES128-SHA:@SECLEVEL=0',
      '-serverpref',
    ]);
    report = await scanOnce(server.port);
  });
  afterAll(() => server.close());

  it('finds TLS 1.0, 1.1, 1.2 with their suites in order', () => {
    expect(supported(report)).toEqual(['TLSv1.0', 'TLSv1.1', 'TLSv1.2']);
    expect(names(report, 'TLSv1.0')).toEqual(['TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_128_CBC_SHA']);
    expect(names(report, 'TLSv1.1')).toEqual(['TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_128_CBC_SHA']);
    expect(names(report, 'TLSv1.2')).toEqual([
      'TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384',
      'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA',
      'TLS_RSA_WITH_AES_128_CBC_SHA',
    ]);
    expect(report.server_cipher_order).toBe(true);
    expect(report.fallback_scsv).toBe(true);
    expect(report.secure_renegotiation).toBe(true);
  });

  it('caps at B for TLS 1.0/1.1 and withholds A+ without HSTS', () => {
    expect(report.hsts.present).toBe(false);
    expect(report.category_scores).toEqual({ protocol: 95, key_exchange: 90, cipher_strength: 90 });
    expect(capReasons(report)).toEqual([
      'B: TLS 1.0 and TLS 1.1 supported',
      'A: HSTS is not enabled',
      'F: Certificate is self-signed and not trusted',
    ]);
    expect(report.grade_trust_ignored).toBe('B');
    expect(report.notes).toContain('TLS 1.3 is not supported');
  });
});

describe('RSA key exchange only (node:https, TLS 1.2)', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startHttpsServer(rsa2048, {
      maxVersion: 'TLSv1.2',
      honorCipherOrder: true,
      ciphers: 'AES128-GCM-SHA256:AES256-GCM-SHA384',
    });
    report = await scanOnce(server.port);
  });
  afterAll(() => server.close());

  it('finds no forward secrecy and caps at B', () => {
    expect(supported(report)).toEqual(['TLSv1.2']);
    expect(names(report, 'TLSv1.2')).toEqual(['TLS_RSA_WITH_AES_128_GCM_SHA256', 'TLS_RSA_WITH_AES_256_GCM_SHA384']);
    expect(report.cipher_suites['TLSv1.2']?.every((s) => s.key_exchange === 'RSA' && !s.forward_secrecy)).toBe(true);
    expect(report.key_exchange.ephemeral).toEqual([]);
    expect(report.forward_secrecy).toBe(false);
    expect(report.fallback_scsv).toBeNull();
    expect(capReasons(report)).toEqual([
      "B: No forward secrecy with the server's preferred cipher suites",
      'A: HSTS is not enabled',
      'F: Certificate is self-signed and not trusted',
    ]);
    expect(report.grade_trust_ignored).toBe('B');
  });
});

describe('CBC only (openssl s_server, TLS 1.2)', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startOpensslServer(rsa2048, ['-tls1_2', '-cipher', 'ECDHE-RSA-AES256-SHA384:ECDHE-RSA-AES128-SHA', '-serverpref']);
    report = await scanOnce(server.port);
  });
  afterAll(() => server.close());

  it('finds no AEAD suite and caps at B', () => {
    expect(names(report, 'TLSv1.2')).toEqual(['TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384', 'TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA']);
    expect(report.aead).toBe(false);
    expect(report.forward_secrecy).toBe(true);
    expect(capReasons(report)).toEqual(['B: No AEAD cipher suite supported', 'A: HSTS is not enabled', 'F: Certificate is self-signed and not trusted']);
    expect(report.grade_trust_ignored).toBe('B');
  });
});

describe('NULL cipher only (openssl s_server): Node cannot handshake, the raw handshake still sees all', () => {
  let server: RunningServer;
  let report: TlsScanReport;
  beforeAll(async () => {
    server = await startOpensslServer(rsa2048, ['-tls1_2', '-cipher', 'NULL-SHA256:@SECLEVEL=0']);
    report = await scanOnce(server.port);
  });
  afterAll(() => server.close());

  it('reads the certificate from the raw handshake and verifies it without Node', () => {
    expect(names(report, 'TLSv1.2')).toEqual(['TLS_RSA_WITH_NULL_SHA256']);
    expect(report.certificate).toMatchObject({
      subject: 'CN=localhost',
      trusted: false,
      trust_error: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      hostname_match: true,
    });
    expect(report.score).toBe(0);
    expect(report.category_scores.cipher_strength).toBe(0);
    expect(capReasons(report)).toContain('F: Cipher suites below 112 bits are supported (TLS_RSA_WITH_NULL_SHA256)');
    expect(report.grade).toBe('F');
    expect(report.grade_trust_ignored).toBe('F');
  });
});

describe('certificate keys: RSA-1024 and RSA-4096', () => {
  it('caps an RSA-1024 certificate at B (key exchange 80)', async () => {
    const weak = await makeCert({ cn: 'localhost', rsaBits: 1024 });
    const server = await startHttpsServer(weak, { hsts: YEAR_HSTS, ciphers: 'DEFAULT:@SECLEVEL=0' });
    try {
      const report = await scanOnce(server.port);
      expect(report.key_exchange.certificate_key_bits).toBe(1024);
      expect(report.certificate?.key_size).toBe(1024);
      expect(report.category_scores.key_exchange).toBe(80);
      expect(capReasons(report)).toEqual(['B: Weak key exchange (RSA 1024-bit certificate key)', 'F: Certificate is self-signed and not trusted']);
      expect(report.grade_trust_ignored).toBe('B');
    } finally {
      await server.close();
    }
  });

  it('scores key exchange 100 for RSA-4096 with P-384 ephemeral keys', async () => {
    const strong = await makeCert({ cn: 'localhost', rsaBits: 4096 });
    const server = await startHttpsServer(strong, { hsts: YEAR_HSTS, ecdhCurve: 'secp384r1' });
    try {
      const report = await scanOnce(server.port);
      expect(report.key_exchange.certificate_key_bits).toBe(4096);
      expect(report.key_exchange.ephemeral).toEqual([{ type: 'ECDH', group: 'secp384r1', bits: 384, rsa_equivalent_bits: 7680 }]);
      expect(report.category_scores).toEqual({ protocol: 100, key_exchange: 100, cipher_strength: 90 });
      expect(report.score).toBe(96);
      expect(report.grade_trust_ignored).toBe('A+');
    } finally {
      await server.close();
    }
  });
});

describe('trust failures', () => {
  it('grades an expired certificate F and names the cause', async () => {
    const expired = await makeCert({ cn: 'localhost', notBefore: new Date(Date.now() - 100 * DAY), notAfter: new Date(Date.now() - 10 * DAY) });
    const server = await startHttpsServer(expired, { hsts: YEAR_HSTS });
    try {
      const report = await scanOnce(server.port);
      expect(report.certificate?.trusted).toBe(false);
      expect(report.grade).toBe('F');
      expect(report.grade_trust_ignored).toBe('A+');
      expect(report.warnings).toContain(`Certificate expired on ${report.certificate?.valid_to}`);
    } finally {
      await server.close();
    }
  });

  it('grades a certificate for another hostname F', async () => {
    const other = await makeCert({ cn: 'other.example', sans: [{ type: 'dns', value: 'other.example' }] });
    const server = await startHttpsServer(other, { hsts: YEAR_HSTS });
    try {
      const report = await scanOnce(server.port);
      expect(report.certificate?.hostname_match).toBe(false);
      expect(report.certificate?.sans).toEqual(['other.example']);
      expect(report.grade).toBe('F');
      expect(report.warnings).toEqual(['Certificate is self-signed and not trusted', 'Certificate does not match the hostname']);
    } finally {
      await server.close();
    }
  });

  it('grades a SHA-1-signed certificate F', async () => {
    const sha1 = await makeCert({ cn: 'localhost', hash: 'SHA-1' });
    const server = await startHttpsServer(sha1, { hsts: YEAR_HSTS, ciphers: 'DEFAULT:@SECLEVEL=0' });
    try {
      const report = await scanOnce(server.port);
      expect(report.certificate?.signature_algorithm).toBe('sha1WithRSAEncryption');
      expect(report.warnings).toContain('Certificate is signed with SHA-1');
      expect(report.grade).toBe('F');
    } finally {
      await server.close();
    }
  });
});

describe('HSTS', () => {
  it('withholds A+ for a short max-age', async () => {
    const server = await startHttpsServer(rsa2048, { hsts: 'max-age=86400' });
    try {
      const report = await scanOnce(server.port);
      expect(report.hsts).toEqual({ present: true, max_age: 86_400, include_subdomains: false, preload: false });
      expect(report.caps).toContainEqual({ grade: 'A', reason: 'HSTS max-age 86400 s is below 15552000 s' });
      expect(report.grade_trust_ignored).toBe('A');
    } finally {
      await server.close();
    }
  });
});

describe('OCSP stapling and ALPN', () => {
  it('sees a stapled OCSP response and the h2 protocol', async () => {
    const server = await startHttpsServer(rsa2048, {
      hsts: YEAR_HSTS,
      ALPNProtocols: ['h2', 'http/1.1'],
      ocspResponse: Buffer.from('stapled response'),
    });
    try {
      const report = await scanOnce(server.port);
      expect(report.ocsp_stapling).toBe(true);
      expect(report.alpn).toBe('h2');
      expect(report.notes).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('failures', () => {
  it('rejects a closed port with "Connection refused"', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await expect(scanTls({ host: '127.0.0.1', port, policy, timeoutMs: 2_000 })).rejects.toThrow('Connection refused');
  });

  it('rejects a server that does not speak TLS with "No TLS protocol supported"', async () => {
    const plain = net.createServer((socket) => {
      // Reading keeps the server noticing when the scanner closes its side.
      socket.on('error', () => undefined).resume();
      socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      await expect(scanTls({ host: '127.0.0.1', port: (plain.address() as AddressInfo).port, policy, timeoutMs: 2_000 })).rejects.toThrow(
        'No TLS protocol supported',
      );
    } finally {
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it('rejects a server that never answers with a timeout naming the limit', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await expect(scanTls({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port, policy, timeoutMs: 1_000 })).rejects.toThrow(
        'TLS handshake timed out after 1000 ms',
      );
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('refuses a loopback target when the policy forbids private addresses', async () => {
    await expect(scanTls({ host: '127.0.0.1', port: 443, policy: { allowPrivate: false, dnsServers: [] } })).rejects.toThrow(
      'Blocked private address: 127.0.0.1',
    );
  });
});
