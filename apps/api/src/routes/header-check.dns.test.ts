import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { createScannerApp } from '@vigil/scanner';
import { createTestContext, startDnsServer, type LoopbackDns, type TestContext } from '@vigil/testing';

// decisions §1: with VIGIL_DNS_SERVERS set, every lookup of a target host uses those servers.
let ctx: TestContext;
let scanner: ReturnType<typeof createScannerApp>;
let dns: LoopbackDns;
let site: http.Server;
let port: number;

beforeAll(async () => {
  dns = await startDnsServer({ 'shop.vigil-test.example': { A: ['127.0.0.1'] }, 'vm.vigil-test.example': { A: ['10.1.2.3'] } });
  site = http.createServer((_req, res) => res.writeHead(200, { 'X-Content-Type-Options': 'nosniff' }).end('ok'));
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  port = (site.address() as AddressInfo).port;
  ctx = await createTestContext({ env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
  scanner = createScannerApp(ctx);
  await scanner.start();
});
afterAll(async () => {
  await scanner.stop();
  await ctx.teardown();
  await new Promise((r) => site.close(r));
  await dns.close();
});

describe('GET /headers/check with VIGIL_DNS_SERVERS', () => {
  it('resolves the target through the configured servers', async () => {
    const res = await request(createApp(ctx)).get('/headers/check').query({ q: `http://shop.vigil-test.example:${port}/` });
    expect(res.status).toBe(200);
    expect(res.body.score).toBe(15);
    expect(res.body.summary.site).toBe(`shop.vigil-test.example:${port}`);
    expect(dns.queries).toContain('A shop.vigil-test.example');
  });

  it('answers a name those servers do not know with 502 Site unreachable', async () => {
    const res = await request(createApp(ctx)).get('/headers/check').query({ q: `http://nowhere.vigil-test.example:${port}/` });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ error: 'Site unreachable', detail: expect.stringMatching(/^DNS lookup failed for nowhere\.vigil-test\.example/) });
  });
});

describe('GET /headers/check of a name that resolves inside the network (private targets not allowed)', () => {
  it('names the refusal, never the address the name resolves to', async () => {
    const strict = await createTestContext({ env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_ALLOW_PRIVATE_TARGETS: 'false' } });
    const strictScanner = createScannerApp(strict);
    await strictScanner.start();
    try {
      const res = await request(createApp(strict)).get('/headers/check').query({ q: 'vm.vigil-test.example' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: 'Site unreachable', detail: 'Blocked private address: vm.vigil-test.example resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets' });
      expect(res.text).not.toContain('10.1.2.3');
    } finally {
      await strictScanner.stop();
      await strict.teardown();
    }
  });
});
