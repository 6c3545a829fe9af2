import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { UpstreamError, ValidationError, type OutboundPolicy } from '@vigil/core';
import { checkHeaders } from './check.js';
import { fetchSiteHeaders } from './fetch.js';
import {
  respondWith,
  selfSignedCertificate,
  startHttpServer,
  startHttpsServer,
  type SelfSigned,
  type TestServer,
} from './testing/servers.js';

const ALLOW: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const DENY: OutboundPolicy = { allowPrivate: false, dnsServers: [] };

const SECURE_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=()',
};

let cert: SelfSigned;
const servers: TestServer[] = [];

beforeAll(() => {
  cert = selfSignedCertificate();
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function http(handler: Parameters<typeof startHttpServer>[0]) {
  const s = await startHttpServer(handler);
  servers.push(s);
  return s;
}

async function https(handler: Parameters<typeof startHttpsServer>[0]) {
  const s = await startHttpsServer(handler, cert);
  servers.push(s);
  return s;
}

/** A port that nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

async function upstreamDetail(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(UpstreamError);
  expect((e as UpstreamError).message).toBe('Site unreachable');
  return String((e as UpstreamError).details.detail);
}

describe('checkHeaders against loopback servers', () => {
  it('grades an HTTPS response: A+, with an untrusted-certificate warning that does not change the grade', async () => {
    const target = await https(respondWith(SECURE_HEADERS));
    const before = Date.now();
    const report = await checkHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(report.grade).toBe('A+');
    expect(report.score).toBe(100);
    expect(report.gradeCapped).toBe(false);
    expect(report.headersMissing).toEqual([]);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(/^Untrusted certificate for 127\.0\.0\.1:\d+ \(DEPTH_ZERO_SELF_SIGNED_CERT: /);
    expect(report.final_url).toBe(target.url);
    expect(report.summary.site).toBe(`127.0.0.1:${target.port}`);
    expect(Date.parse(report.fetched_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(report.fetched_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(report.rawHeaders['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // The Observatory view does penalise the untrusted chain.
    expect(report.service.advanced.find((t) => t.test === 'strict-transport-security')?.result).toBe('hsts-invalid-cert');
    // Exactly the seed's fields, plus fetched_at and final_url.
    expect(Object.keys(report)).toEqual([
      'grade',
      'score',
      'gradeCapped',
      'warnings',
      'headersPresent',
      'headersMissing',
      'upcomingHeaders',
      'summary',
      'rawHeaders',
      'service',
      'fetched_at',
      'final_url',
    ]);
  });

  it('grades a capped CSP over HTTPS', async () => {
    const target = await https(
      respondWith({ ...SECURE_HEADERS, 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" }),
    );
    const report = await checkHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(report.grade).toBe('A');
    expect(report.gradeCapped).toBe(true);
    expect(report.gradeCapReason).toMatch(/script-src.*'unsafe-inline'/);
  });

  it('does not count HSTS sent over plain http', async () => {
    const target = await http(respondWith(SECURE_HEADERS));
    const report = await checkHeaders(target.url, ALLOW);
    expect(report.score).toBe(75);
    expect(report.grade).toBe('B');
    expect(report.summary.headers['Strict-Transport-Security']).toMatchObject({ present: true, points: 0 });
    expect(report.service.https_redirect).toBe(false);
    expect(report.warnings).toEqual([]);
  });

  it('keeps repeated headers and every Set-Cookie from the wire', async () => {
    const target = await http(
      respondWith({
        'Set-Cookie': ['sid=1; Secure; HttpOnly', 'theme=dark'],
        'X-Frame-Options': ['DENY', 'DENY'],
        Server: 'nginx/1.25.3',
      }),
    );
    const report = await checkHeaders(target.url, ALLOW);
    expect(report.rawHeaders['set-cookie']).toEqual(['sid=1; Secure; HttpOnly', 'theme=dark']);
    expect(report.rawHeaders['x-frame-options']).toBe('DENY, DENY');
    expect(report.warnings).toEqual([
      'Server header discloses a version: "nginx/1.25.3"',
      'Cookie "theme" is set without Secure and HttpOnly',
      'Duplicate X-Frame-Options header: sent 2 times',
    ]);
  });

  it('grades the final response of a non-2xx status too', async () => {
    const target = await http(respondWith({ 'X-Content-Type-Options': 'nosniff' }, 404));
    const fetched = await fetchSiteHeaders(target.url, ALLOW);
    expect(fetched.statusCode).toBe(404);
    expect((await checkHeaders(target.url, ALLOW)).score).toBe(15);
  });

  it('returns as soon as the headers arrive for a response that is not HTML, without reading the body', async () => {
    const target = await http((_req, res) => {
      res.writeHead(200, { 'X-Content-Type-Options': 'nosniff', 'Content-Type': 'application/json' });
      res.write('x'.repeat(1024)); // and never ends
    });
    const report = await checkHeaders(target.url, ALLOW, { timeoutMs: 5_000, pageTimeoutMs: 60_000 });
    expect(report.score).toBe(15);
    expect(report.service.advanced.find((t) => t.test === 'subresource-integrity')?.result).toBe('sri-not-implemented-response-not-html');
  });

  it('reads the scripts of an HTML page for Subresource Integrity', async () => {
    const target = await http((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><script src="http://cdn.other.example/a.js"></script><script src="/b.js"></script>');
    });
    const report = await checkHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(report.service.advanced.find((t) => t.test === 'subresource-integrity')).toMatchObject({
      result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
      modifier: -50,
    });
  });

  it('reads a gzip-encoded page within the cap after decoding', async () => {
    const page = gzipSync('<script src="http://cdn.other.example/a.js"></script>');
    const target = await http((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      res.end(page);
    });
    const report = await checkHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(report.service.advanced.find((t) => t.test === 'subresource-integrity')?.result).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
  });

  it('reads a page that never ends only within its time limit, keeping what came', async () => {
    const target = await http((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<script src="https://cdn.other.example/a.js"></script>'); // and never ends
    });
    const report = await checkHeaders(target.url, ALLOW, { timeoutMs: 5_000, pageTimeoutMs: 200, httpProbeUrl: null });
    expect(report.service.advanced.find((t) => t.test === 'subresource-integrity')?.result).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
  });

  it('reads at most the byte cap of a page: scripts after it are not seen', async () => {
    const target = await http((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write(`<p>${'x'.repeat(64 * 1024)}</p>`);
      res.end('<script src="http://cdn.other.example/late.js"></script>');
    });
    const report = await checkHeaders(target.url, ALLOW, { pageMaxBytes: 16 * 1024, httpProbeUrl: null });
    expect(report.service.advanced.find((t) => t.test === 'subresource-integrity')?.result).toBe('sri-not-implemented-but-no-scripts-loaded');
  });
});

describe('redirects', () => {
  function chain(length: number, finalHeaders: Record<string, string>) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const n = Number(/^\/r\/(\d+)$/.exec(req.url ?? '')?.[1] ?? '0');
      if (n < length) {
        res.writeHead(302, { Location: `/r/${n + 1}`, 'X-Frame-Options': 'DENY' });
        res.end();
      } else respondWith(finalHeaders)(req, res);
    };
  }

  it('follows redirects and grades only the final response', async () => {
    const target = await http(chain(3, { 'Referrer-Policy': 'no-referrer' }));
    const fetched = await fetchSiteHeaders(`${target.url}r/0`, ALLOW);
    expect(fetched.route).toEqual([0, 1, 2, 3].map((n) => `${target.url}r/${n}`));
    expect(fetched.finalUrl).toBe(`${target.url}r/3`);
    const report = await checkHeaders(`${target.url}r/0`, ALLOW);
    expect(report.final_url).toBe(`${target.url}r/3`);
    expect(report.headersPresent).toEqual(['Referrer-Policy']);
    expect(report.score).toBe(10);
  });

  it('follows 10 redirects but refuses an 11th', async () => {
    const ten = await http(chain(10, { 'X-Content-Type-Options': 'nosniff' }));
    expect((await checkHeaders(`${ten.url}r/0`, ALLOW)).final_url).toBe(`${ten.url}r/10`);
    const eleven = await http(chain(11, {}));
    expect(await upstreamDetail(checkHeaders(`${eleven.url}r/0`, ALLOW))).toBe('Too many redirects (more than 10)');
    expect(eleven.hits).toHaveLength(11);
  });

  it('refuses a redirect to another scheme', async () => {
    const target = await http((_req, res) => {
      res.writeHead(301, { Location: 'ftp://127.0.0.1/file' });
      res.end();
    });
    expect(await upstreamDetail(checkHeaders(target.url, ALLOW))).toBe('Redirect to an unsupported URL scheme (ftp:)');
  });

  it('https_redirect is true when http:// redirects to https, and the https response is graded', async () => {
    const secure = await https(respondWith(SECURE_HEADERS));
    const plain = await http((_req, res) => {
      res.writeHead(301, { Location: secure.url });
      res.end();
    });
    const report = await checkHeaders(plain.url, ALLOW);
    expect(report.service.https_redirect).toBe(true);
    expect(report.final_url).toBe(secure.url);
    expect(report.score).toBe(100);
    expect(report.warnings[0]).toMatch(/^Untrusted certificate/);
    expect(report.service.advanced.find((t) => t.test === 'redirection')?.result).toBe('redirection-invalid-cert');
  });

  it('https_redirect of an https target comes from a second request to http://host/', async () => {
    const secure = await https(respondWith(SECURE_HEADERS));
    const upgrading = await http((_req, res) => {
      res.writeHead(308, { Location: secure.url });
      res.end();
    });
    const report = await checkHeaders(secure.url, ALLOW, { httpProbeUrl: upgrading.url });
    expect(report.service.https_redirect).toBe(true);
    expect(upgrading.hits).toEqual(['/']);

    const staying = await http(respondWith({}));
    expect((await checkHeaders(secure.url, ALLOW, { httpProbeUrl: staying.url })).service.https_redirect).toBe(false);
  });

  it('https_redirect is false when http://host/ cannot be reached', async () => {
    const secure = await https(respondWith(SECURE_HEADERS));
    const port = await closedPort();
    const report = await checkHeaders(secure.url, ALLOW, { httpProbeUrl: `http://127.0.0.1:${port}/` });
    expect(report.service.https_redirect).toBe(false);
    expect(report.service.advanced.find((t) => t.test === 'redirection')?.result).toBe('redirection-not-needed-no-http');
  });
});

describe('untrusted certificates', () => {
  it('retries without verification and says so', async () => {
    const target = await https(respondWith({ 'X-Content-Type-Options': 'nosniff' }));
    const fetched = await fetchSiteHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(fetched.https).toBe(true);
    expect(fetched.certificateTrusted).toBe(false);
    expect(fetched.warnings).toHaveLength(1);
    expect(fetched.warnings[0]).toContain('headers were checked without certificate verification');
    expect(target.hits).toEqual(['/']);
  });

  it('a hostname mismatch is untrusted too', async () => {
    const other = selfSignedCertificate('other.example');
    const target = await startHttpsServer(respondWith({}), other);
    servers.push(target);
    const fetched = await fetchSiteHeaders(target.url, ALLOW, { httpProbeUrl: null });
    expect(fetched.certificateTrusted).toBe(false);
    expect(fetched.warnings[0]).toMatch(/^Untrusted certificate for 127\.0\.0\.1:\d+ \((DEPTH_ZERO_SELF_SIGNED_CERT|ERR_TLS_CERT_ALTNAME_INVALID)/);
  });
});

describe('failures', () => {
  it('refuses a private address when the policy does not allow it', async () => {
    const target = await http(respondWith({}));
    expect(await upstreamDetail(checkHeaders(target.url, DENY))).toBe('Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect(await upstreamDetail(checkHeaders(`localhost:${target.port}`, DENY))).toMatch(
      /^Blocked private address: localhost resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets$/,
    );
    expect(target.hits).toEqual([]);
  });

  it('connection refused', async () => {
    const port = await closedPort();
    expect(await upstreamDetail(checkHeaders(`http://127.0.0.1:${port}/`, ALLOW))).toBe(`Connection refused by 127.0.0.1:${port}`);
  });

  it('DNS failure', async () => {
    expect(await upstreamDetail(checkHeaders('no-such-host.invalid', ALLOW))).toMatch(/^DNS lookup failed for no-such-host\.invalid/);
  });

  it('timeout', async () => {
    const target = await http(() => undefined); // accepts, never answers
    expect(await upstreamDetail(checkHeaders(target.url, ALLOW, { timeoutMs: 300 }))).toBe(
      `Timed out after 300 ms waiting for 127.0.0.1:${target.port}`,
    );
  });

  it('a TLS handshake failure (https to a plain http port) names plain HTTP', async () => {
    const target = await http(respondWith({}));
    expect(await upstreamDetail(checkHeaders(`127.0.0.1:${target.port}`, ALLOW, { httpProbeUrl: null }))).toBe(
      `TLS handshake failed: 127.0.0.1:${target.port} answers in plain HTTP, not TLS (use http://127.0.0.1:${target.port}/ or the port that serves HTTPS)`,
    );
  });

  it('invalid input is a ValidationError', async () => {
    await expect(checkHeaders('ftp://example.com', ALLOW)).rejects.toThrow(ValidationError);
    await expect(fetchSiteHeaders('not a url', ALLOW)).rejects.toThrow('Invalid hostname');
  });
});
