import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createScannerApp } from '@vigil/scanner';
import { createTestAccount, createTestContext, waitFor, type TestAccount, type TestContext } from '@vigil/testing';
import { makeCert } from '../../../scanner/src/tls/testing/certs.js';
import { startHttpsServer, type RunningServer } from '../../../scanner/src/tls/testing/servers.js';

// A self-hosted install that monitors its own network: VIGIL_ALLOW_PRIVATE_TARGETS=true.
let ctx: TestContext;
let scanner: ReturnType<typeof createScannerApp>;
let app: ReturnType<typeof createApp>;
let account: TestAccount;
let tlsSite: RunningServer;
let plainSite: http.Server;
let plainPort: number;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { VIGIL_ALLOW_PRIVATE_TARGETS: 'true', VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: JSON.stringify({ pro: { requestsPerMinute: 100_000 } }) },
  });
  tlsSite = await startHttpsServer(await makeCert({ cn: 'localhost', ec: 'P-256' }), { hsts: 'max-age=31536000' });
  plainSite = http.createServer((_req, res) => res.end('plain'));
  await new Promise<void>((r) => plainSite.listen(0, '127.0.0.1', r));
  plainPort = (plainSite.address() as AddressInfo).port;
  scanner = createScannerApp(ctx);
  await scanner.start();
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'pro');
});
afterAll(async () => {
  await scanner.stop();
  await tlsSite.close();
  await new Promise((r) => plainSite.close(r));
  await ctx.teardown();
});

async function scanToEnd(hostname: string, port: number) {
  const queued = await request(app).post('/api/v1/scan').set(account.auth).send({ hostname, port });
  expect(queued.status).toBe(202);
  return waitFor(
    async () => {
      const res = await request(app).get(`/api/v1/scans/${queued.body.scan_id}`).set(account.auth);
      return ['completed', 'failed'].includes(res.body.scan.status) ? res.body.scan : null;
    },
    { timeoutMs: 20_000, what: `scan of ${hostname}:${port}` },
  );
}

describe('private targets allowed', () => {
  it.each(['127.0.0.1', 'localhost'])('scans %s with a port end to end', async (hostname) => {
    const scan = await scanToEnd(hostname, tlsSite.port);
    expect(scan).toMatchObject({ hostname, port: tlsSite.port, status: 'completed', error: null });
    expect(scan.grade).toEqual(expect.any(String));
  });

  it('takes an IPv6 literal with or without brackets', async () => {
    const res = await request(app).post('/api/v1/scan').set(account.auth).send({ hostname: '[::1]', port: tlsSite.port });
    expect(res.status).toBe(202);
    expect(res.body.hostname).toBe('::1');
  });

  it('checks the headers of localhost:port', async () => {
    const res = await request(app).get(`/headers/check?q=localhost:${tlsSite.port}`);
    expect(res.status).toBe(200);
    expect(res.body.rawHeaders['strict-transport-security']).toBe('max-age=31536000');
  });

  it('names plain HTTP on a host:port checked without a scheme instead of an OpenSSL message', async () => {
    const res = await request(app).get(`/headers/check?q=127.0.0.1:${plainPort}`);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'Site unreachable',
      detail: `TLS handshake failed: 127.0.0.1:${plainPort} answers in plain HTTP, not TLS (use http://127.0.0.1:${plainPort}/ or the port that serves HTTPS)`,
    });
  });

  it('still refuses names that are not hosts', async () => {
    for (const hostname of ['127.1', 'localhost:443', 'http://127.0.0.1/']) {
      const res = await request(app).post('/api/v1/scan').set(account.auth).send({ hostname });
      expect(res.body).toEqual({ error: 'Invalid hostname' });
    }
  });
});
