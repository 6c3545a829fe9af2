import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createGuardedAgents, systemClock, type OutboundPolicy } from '@vigil/core';
import { blockEventLoop, startDnsServer } from '@vigil/testing';
import { selfSignedCertificate } from '../testing/self-signed.js';
import { startTargetServer, startTlsTargetServer, type TargetServer } from '../testing/target-server.js';
import { MAX_BODY_BYTES, probe } from './probe.js';
import { createProbeClient, type ProbeClient } from './probe-client.js';
import type { HttpProbeTarget } from './probe-target.js';

const OPEN: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const GUARDED: OutboundPolicy = { allowPrivate: false, dnsServers: [] };

let server: TargetServer;
let tlsServer: TargetServer;
let certificate: { cert: string; key: string };
let client: ProbeClient;
let guarded: ProbeClient;

beforeAll(async () => {
  server = await startTargetServer();
  certificate = await selfSignedCertificate();
  tlsServer = await startTlsTargetServer(certificate);
  client = createProbeClient(OPEN);
  guarded = createProbeClient(GUARDED);
});
afterAll(async () => {
  client.close();
  guarded.close();
  await server.close();
  await tlsServer.close();
});

function target(url: string, extra: Partial<HttpProbeTarget> = {}): HttpProbeTarget {
  return {
    url,
    method: 'GET',
    headers: {},
    body: null,
    timeoutSeconds: 5,
    followRedirects: true,
    verifySsl: true,
    expectedStatusCodes: [200, 201, 204],
    expectedContent: null,
    assertions: [],
    ...extra,
  };
}

const check = (t: HttpProbeTarget, c: ProbeClient = client) => probe(c, t, systemClock);

describe('status codes', () => {
  it('a 200 is a success with a response time and the status code', async () => {
    const r = await check(target(`${server.url}/`));
    const phase = expect.any(Number);
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'success',
      response_time_ms: expect.any(Number),
      status_code: 200,
      timings: { dns: phase, connect: phase, tls: null, first_byte: phase, download: phase },
    });
    expect(r.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(r.timestamp)).not.toBeNaN();
  });

  it('an unexpected status fails with the code and its reason phrase; no response time', async () => {
    const r = await check(target(`${server.url}/status/503`));
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'failure',
      response_time_ms: null,
      status_code: 503,
      error: 'Unexpected status code 503 Service Unavailable',
      timings: expect.objectContaining({ first_byte: expect.any(Number) }),
    });
  });

  it('a status outside the standard list uses the server reason phrase', async () => {
    const r = await check(target(`${server.url}/status/599?reason=Origin%20Melted`));
    expect(r.error).toBe('Unexpected status code 599 Origin Melted');
  });

  it('expected_status_codes decides, whatever the class', async () => {
    expect((await check(target(`${server.url}/status/503`, { expectedStatusCodes: [503] }))).status).toBe('success');
    expect((await check(target(`${server.url}/status/200`, { expectedStatusCodes: [204] }))).error).toBe(
      'Unexpected status code 200 OK',
    );
  });

  it('an empty expected list accepts any 2xx', async () => {
    expect((await check(target(`${server.url}/status/202`, { expectedStatusCodes: [] }))).status).toBe('success');
    expect((await check(target(`${server.url}/status/404`, { expectedStatusCodes: [] }))).error).toBe(
      'Unexpected status code 404 Not Found',
    );
  });
});

describe('timeouts and response time', () => {
  it('no answer within the timeout fails naming the limit, with no status code', async () => {
    const r = await check(target(`${server.url}/delay/3000`, { timeoutSeconds: 1 }));
    expect(r).toMatchObject({ status: 'failure', status_code: null, response_time_ms: null, error: 'Timeout after 1 s' });
  });

  it('a body that does not finish within the timeout fails too; the status code seen is kept', async () => {
    const r = await check(target(`${server.url}/slow-body/3000`, { timeoutSeconds: 1 }));
    expect(r).toMatchObject({ status: 'failure', status_code: 200, error: 'Timeout after 1 s' });
  });

  it('response time runs to the end of the body', async () => {
    const r = await check(target(`${server.url}/slow-body/300`));
    expect(r.status).toBe('success');
    expect(r.response_time_ms).toBeGreaterThanOrEqual(290);
  });

  it('the timeout is in seconds', async () => {
    const r = await check(target(`${server.url}/delay/1200`, { timeoutSeconds: 2 }));
    expect(r.status).toBe('success');
    expect(r.response_time_ms).toBeGreaterThanOrEqual(1190);
  });
});

describe('expected content and the body bound', () => {
  it('finds expected content in the body', async () => {
    expect((await check(target(`${server.url}/text?body=all%20systems%20go`, { expectedContent: 'systems' }))).status).toBe(
      'success',
    );
  });

  it('fails when the content is missing, quoting what was expected', async () => {
    const r = await check(target(`${server.url}/text?body=maintenance`, { expectedContent: 'systems' }));
    expect(r).toMatchObject({ status: 'failure', status_code: 200, response_time_ms: null, error: 'Expected content not found: "systems"' });
  });

  it('content inside the first MiB is found', async () => {
    const r = await check(target(`${server.url}/big/${MAX_BODY_BYTES - 100}?tail=NEEDLE`, { expectedContent: 'NEEDLE' }));
    expect(r.status).toBe('success');
  });

  it('a huge body is read only up to 1 MiB: content beyond it is not found, and the check ends', async () => {
    const r = await check(target(`${server.url}/big/200000000?tail=NEEDLE`, { expectedContent: 'NEEDLE' }));
    expect(r.error).toBe('Expected content not found: "NEEDLE" (searched the first 1 MiB of the body)');
  });

  it('a huge body without expected content is a success after the first MiB', async () => {
    const r = await check(target(`${server.url}/big/200000000`));
    expect(r.status).toBe('success');
  });

  it('the bound applies to the decompressed body (a gzip bomb stops at 1 MiB)', async () => {
    // ~30 KB on the wire, 30 MB decompressed: the read stops at the bound of decompressed bytes.
    const r = await check(target(`${server.url}/big/30000000?gzip=1&tail=NEEDLE`, { expectedContent: 'NEEDLE' }));
    expect(r.error).toBe('Expected content not found: "NEEDLE" (searched the first 1 MiB of the body)');
    const small = await check(target(`${server.url}/big/1000?gzip=1&tail=NEEDLE`, { expectedContent: 'NEEDLE' }));
    expect(small.status).toBe('success');
  });
});

describe('method, headers and body', () => {
  it('sends a POST with the body and custom headers', async () => {
    const r = await check(
      target(`${server.url}/echo`, { method: 'POST', body: '{"ping":1}', headers: { 'X-Custom': 'yes', 'Content-Type': 'application/json' } }),
    );
    expect(r.status).toBe('success');
    expect(server.last).toMatchObject({ method: 'POST', body: '{"ping":1}' });
    expect(server.last?.headers).toMatchObject({ 'x-custom': 'yes', 'content-type': 'application/json' });
  });

  it('a POST without a configured body sends an empty one', async () => {
    expect((await check(target(`${server.url}/echo`, { method: 'POST' }))).status).toBe('success');
    expect(server.last).toMatchObject({ method: 'POST', body: '' });
  });

  it('HEAD is sent as HEAD', async () => {
    expect((await check(target(`${server.url}/text?body=x`, { method: 'HEAD' }))).status).toBe('success');
    expect(server.last?.method).toBe('HEAD');
  });

  it('sends the Vigil user agent unless the monitor sets its own', async () => {
    await check(target(`${server.url}/echo`));
    expect(server.last?.headers['user-agent']).toMatch(/^Vigil-Uptime/);
    await check(target(`${server.url}/echo`, { headers: { 'User-Agent': 'mine' } }));
    expect(server.last?.headers['user-agent']).toBe('mine');
  });

  it('makes one request per check: no retries on failure', async () => {
    const before = server.requests;
    await check(target(`${server.url}/status/500`));
    expect(server.requests - before).toBe(1);
  });
});

describe('redirects', () => {
  const to = (path: string) => `${server.url}/redirect?to=${encodeURIComponent(path)}`;

  it('followed when follow_redirects is on: the final response is judged', async () => {
    const r = await check(target(to('/text?body=final'), { expectedContent: 'final' }));
    expect(r).toMatchObject({ status: 'success', status_code: 200 });
  });

  it('not followed when off: the redirect itself is judged', async () => {
    const r = await check(target(to('/text?body=final'), { followRedirects: false }));
    expect(r).toMatchObject({ status: 'failure', status_code: 302, error: 'Unexpected status code 302 Found' });
    const ok = await check(target(to('/text?body=final'), { followRedirects: false, expectedStatusCodes: [302] }));
    expect(ok.status).toBe('success');
  });

  it('stops after 10 redirects', async () => {
    const r = await check(target(`${server.url}/loop`));
    expect(r).toMatchObject({ status: 'failure', error: 'Too many redirects (more than 10)' });
  });
});

describe('TLS', () => {
  it('verify_ssl on: a self-signed certificate fails with the reason', async () => {
    const r = await check(target(`${tlsServer.url}/`));
    expect(r).toMatchObject({ status: 'failure', status_code: null, error: 'TLS verification failed: self-signed certificate' });
  });

  it('verify_ssl off: the same server is a success', async () => {
    const r = await check(target(`${tlsServer.url}/`, { verifySsl: false }));
    expect(r).toMatchObject({ status: 'success', status_code: 200 });
  });

  it('an https check records the TLS phase and the certificate expiry it saw', async () => {
    const r = await check(target(`${tlsServer.url}/slow-body/200`, { verifySsl: false }));
    expect(r.timings?.tls).toEqual(expect.any(Number));
    expect(r.timings?.download).toBeGreaterThanOrEqual(150);
    expect(r.certificate_expires_at).toBe(new Date(new X509Certificate(certificate.cert).validTo).toISOString());
  });

  it('no response, no timings', async () => {
    const r = await check(target(`${tlsServer.url}/`));
    expect(r.timings).toBeUndefined();
  });

  it('a hostname the certificate does not cover fails verification', async () => {
    const dns = await startDnsServer({ 'other.test': { A: ['127.0.0.1'] } });
    const viaDns = createProbeClient({ allowPrivate: true, dnsServers: [dns.server] });
    try {
      const r = await check(target(`https://other.test:${tlsServer.port}/`), viaDns);
      expect(r.error).toMatch(/^TLS verification failed: .*(self-signed|altnames)/);
    } finally {
      viaDns.close();
      await dns.close();
    }
  });
});

describe('network failures', () => {
  it('connection refused', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await check(target(`http://127.0.0.1:${port}/`));
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'failure',
      response_time_ms: null,
      status_code: null,
      error: `Connection refused by 127.0.0.1:${port}`,
    });
  });

  it('a name that does not resolve is a DNS failure (through VIGIL_DNS_SERVERS)', async () => {
    const dns = await startDnsServer({});
    const viaDns = createProbeClient({ allowPrivate: true, dnsServers: [dns.server] });
    try {
      const r = await check(target('http://nowhere.test/'), viaDns);
      expect(r).toMatchObject({ status: 'failure', status_code: null, error: 'DNS lookup failed for nowhere.test (ENOTFOUND)' });
      expect(dns.queries).toContain('A nowhere.test');
    } finally {
      viaDns.close();
      await dns.close();
    }
  });

  it('a name that resolves through VIGIL_DNS_SERVERS is reached at that address', async () => {
    const dns = await startDnsServer({ 'site.test': { A: ['127.0.0.1'] } });
    const viaDns = createProbeClient({ allowPrivate: true, dnsServers: [dns.server] });
    try {
      expect((await check(target(`http://site.test:${server.port}/`), viaDns)).status).toBe('success');
    } finally {
      viaDns.close();
      await dns.close();
    }
  });
});

describe('outbound safety (VIGIL_ALLOW_PRIVATE_TARGETS=false)', () => {
  it.each([
    ['http://127.0.0.1:PORT/', 'Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://[::1]:PORT/', 'Blocked private address: ::1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://[::ffff:127.0.0.1]:PORT/', 'Blocked private address: ::ffff:7f00:1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://169.254.169.254/latest/meta-data/', 'Blocked private address: 169.254.169.254 (linkLocal); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://10.1.2.3/', 'Blocked private address: 10.1.2.3 (private); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://100.64.0.1/', 'Blocked private address: 100.64.0.1 (carrierGradeNat); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['http://0.0.0.0:PORT/', 'Blocked private address: 0.0.0.0 (unspecified); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
  ])('refuses %s', async (url, error) => {
    const before = server.requests;
    const r = await check(target(url.replace('PORT', String(server.port))), guarded);
    expect(r).toMatchObject({ status: 'failure', status_code: null, response_time_ms: null, error });
    expect(server.requests).toBe(before);
  });

  it('refuses a name whose DNS answer is a private address', async () => {
    const dns = await startDnsServer({ 'inside.test': { A: ['127.0.0.1'] } });
    const viaDns = createProbeClient({ allowPrivate: false, dnsServers: [dns.server] });
    const before = server.requests;
    try {
      const r = await check(target(`http://inside.test:${server.port}/`), viaDns);
      expect(r.error).toBe('Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
      expect(server.requests).toBe(before);
    } finally {
      viaDns.close();
      await dns.close();
    }
  });

  it('refuses localhost through the system resolver', async () => {
    const r = await check(target(`http://localhost:${server.port}/`), guarded);
    expect(r.error).toMatch(/^Blocked private address: localhost resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets$/);
  });

  it('refuses a redirect hop to a private address', async () => {
    // The first hop (https) is allowed, the hop it redirects to (http, a private name) is not:
    // each hop connects through the guarded agent of its protocol.
    const dns = await startDnsServer({ 'inside.test': { A: ['127.0.0.1'] } });
    const allow = createGuardedAgents(OPEN);
    const block = createGuardedAgents({ allowPrivate: false, dnsServers: [dns.server] });
    const mixed: ProbeClient = { ...client, agents: { http: block.http, https: allow.https } };
    const before = server.requests;
    try {
      const hop = `http://inside.test:${server.port}/`;
      const r = await check(target(`${tlsServer.url}/redirect?to=${encodeURIComponent(hop)}`, { verifySsl: false }), mixed);
      // No final response: the 302 was followed into the refusal.
      expect(r).toMatchObject({ status: 'failure', status_code: null, response_time_ms: null });
      expect(r.error).toBe('Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
      expect(server.requests).toBe(before);
    } finally {
      allow.http.destroy();
      allow.https.destroy();
      block.http.destroy();
      block.https.destroy();
      await dns.close();
    }
  });
});

describe('keep-alive client', () => {
  it('a connection read to the end goes back to the pool: the next check reuses it', async () => {
    let connections = 0;
    const plain = http.createServer((_, res) => res.end('ok'));
    plain.on('connection', () => connections++);
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const kept = createProbeClient(OPEN, { keepAlive: true });
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
      const first = await check(target(url), kept);
      const second = await check(target(url), kept);
      expect([first.status, second.status]).toEqual(['success', 'success']);
      expect(connections).toBe(1);
      expect(second.timings).toMatchObject({ dns: 0, connect: 0, tls: null });
    } finally {
      kept.close();
      plain.closeAllConnections();
      await new Promise<void>((r) => plain.close(() => r()));
    }
  });
});

describe('a checker stalled past the deadline', () => {
  // The site runs in a process of its own, so it answers while this one is stalled: it says
  // "answering" on stdout, waits 50 ms and answers; this side stalls on that line (a long GC, a
  // starved CPU), three times the check's timeout, so the answer arrives during the stall.
  const SITE = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  process.stdout.write('answering\\n');
  setTimeout(() => res.end('ok'), 50);
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;
  const TIMEOUT_S = 0.5;
  let site: ChildProcess;
  let port: number;
  beforeAll(async () => {
    site = spawn(process.execPath, ['-e', SITE], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = createInterface({ input: site.stdout! });
    port = await new Promise<number>((resolve) => {
      lines.on('line', (line) => {
        if (line.startsWith('port ')) resolve(Number(line.slice(5)));
        if (line === 'answering') blockEventLoop(TIMEOUT_S * 1000 * 3);
      });
    });
  });
  afterAll(async () => {
    site.kill();
    await once(site, 'exit');
  });

  it('does not call a site that answered during the stall down: a success, not a timeout', async () => {
    const r = await check(target(`http://127.0.0.1:${port}/`, { timeoutSeconds: TIMEOUT_S }));
    expect({ status: r.status, code: r.status_code, error: r.error }).toEqual({ status: 'success', code: 200, error: undefined });
  });
});
