import { X509Certificate } from 'node:crypto';
import dgram from 'node:dgram';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import { systemClock, type OutboundPolicy } from '@vigil/core';
import { startDnsServer } from '@vigil/testing';
import { selfSignedCertificate } from '../../testing/self-signed.js';
import type { ProbeTargetOf } from '../probe-target.js';
import { probeTcp } from './tcp.prober.js';

const OPEN: OutboundPolicy = { allowPrivate: true, dnsServers: [] };
const GUARDED: OutboundPolicy = { allowPrivate: false, dnsServers: [] };

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

function target(port: number, extra: Partial<ProbeTargetOf<'tcp'>> = {}): ProbeTargetOf<'tcp'> {
  return { type: 'tcp', host: '127.0.0.1', port, tls: false, verify_tls: true, servername: null, timeoutSeconds: 5, ...extra };
}

let plain: number;
let accepted = 0;
let secure: number;
let silent: number;
let resetting: number;
let notAfter: Date;

beforeAll(async () => {
  plain = await listen(net.createServer((s) => (accepted++, s.destroy())));
  const { cert, key } = await selfSignedCertificate();
  notAfter = new Date(new X509Certificate(cert).validTo);
  secure = await listen(tls.createServer({ cert, key }, (s) => s.end()));
  silent = await listen(net.createServer(() => undefined));
  resetting = await listen(net.createServer((s) => s.resetAndDestroy()));
});

describe('tcp checks against loopback listeners', () => {
  it('a listening port is a success; response time is the connect time; no status code', async () => {
    const before = accepted;
    const r = await probeTcp(target(plain), systemClock, OPEN);
    expect(r).toEqual({ timestamp: expect.any(String), status: 'success', response_time_ms: expect.any(Number), status_code: null });
    expect(r.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(accepted).toBe(before + 1);
  });

  it('a closed port is refused, named in the error', async () => {
    const closed = net.createServer();
    const port = await new Promise<number>((r) => closed.listen(0, '127.0.0.1', () => r((closed.address() as AddressInfo).port)));
    await new Promise<void>((r) => closed.close(() => r()));
    const r = await probeTcp(target(port), systemClock, OPEN);
    expect(r).toEqual({ timestamp: expect.any(String), status: 'failure', response_time_ms: null, status_code: null, error: `Connection refused by 127.0.0.1:${port}` });
  });

  it('a reset during the handshake is named', async () => {
    const r = await probeTcp(target(resetting, { tls: true, verify_tls: false }), systemClock, OPEN);
    expect(r.error).toBe(`Connection reset by 127.0.0.1:${resetting}`);
  });

  it('a handshake that never completes times out, naming the phase and the limit', async () => {
    const r = await probeTcp(target(silent, { tls: true, timeoutSeconds: 1 }), systemClock, OPEN);
    expect(r).toMatchObject({ status: 'failure', response_time_ms: null, error: `TLS handshake with 127.0.0.1:${silent} timed out after 1 s` });
  });

  it('a connection that cannot be made in time times out (here: a resolver that never answers)', async () => {
    const mute = dgram.createSocket('udp4');
    await new Promise<void>((r) => mute.bind(0, '127.0.0.1', r));
    try {
      const policy = { allowPrivate: true, dnsServers: [`127.0.0.1:${(mute.address() as AddressInfo).port}`] };
      const r = await probeTcp(target(plain, { host: 'slow.test', timeoutSeconds: 1 }), systemClock, policy);
      expect(r.error).toBe(`Connection to slow.test:${plain} timed out after 1 s`);
    } finally {
      mute.close();
    }
  });

  it('TLS: a verified handshake fails on a self-signed certificate; unverified it succeeds with the expiry seen', async () => {
    const verified = await probeTcp(target(secure, { tls: true }), systemClock, OPEN);
    expect(verified).toMatchObject({ status: 'failure', error: 'TLS verification failed: self-signed certificate' });
    const r = await probeTcp(target(secure, { tls: true, verify_tls: false }), systemClock, OPEN);
    expect(r).toMatchObject({ status: 'success', status_code: null, certificate_expires_at: notAfter.toISOString() });
  });

  it('TLS: plain TCP is not TLS', async () => {
    const r = await probeTcp(target(silent, { tls: false }), systemClock, OPEN);
    expect(r.status).toBe('success');
    const echo = await listen(net.createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
    expect((await probeTcp(target(echo, { tls: true, verify_tls: false }), systemClock, OPEN)).error).toMatch(/^TLS handshake failed: /);
  });

  it('a name resolves through VIGIL_DNS_SERVERS; an unknown name is a DNS failure', async () => {
    const dns = await startDnsServer({ 'db.test': { A: ['127.0.0.1'] } });
    try {
      const policy = { allowPrivate: true, dnsServers: [dns.server] };
      expect((await probeTcp(target(plain, { host: 'db.test' }), systemClock, policy)).status).toBe('success');
      expect((await probeTcp(target(plain, { host: 'nowhere.test' }), systemClock, policy)).error).toBe('DNS lookup failed for nowhere.test (ENOTFOUND)');
    } finally {
      await dns.close();
    }
  });
});

describe('outbound guard (VIGIL_ALLOW_PRIVATE_TARGETS=false)', () => {
  it('refuses loopback and private addresses without connecting', async () => {
    const before = accepted;
    const r = await probeTcp(target(plain), systemClock, GUARDED);
    expect(r.error).toBe('Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect((await probeTcp(target(22, { host: '10.0.0.1' }), systemClock, GUARDED)).error).toMatch(/^Blocked private address: 10\.0\.0\.1 \(private\)/);
    expect(accepted).toBe(before);
  });

  it('refuses a name that resolves inside, without naming the address', async () => {
    const dns = await startDnsServer({ 'inside.test': { A: ['127.0.0.1'] } });
    try {
      const guarded = { allowPrivate: false, dnsServers: [dns.server] };
      const r = await probeTcp(target(plain, { host: 'inside.test' }), systemClock, guarded);
      expect(r.error).toBe('DNS lookup failed for inside.test: no such name or no public address (ENOTFOUND); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
      expect(r.error).not.toContain('127.0.0.1');
      // A name that does not exist reads the same: the error does not tell that inside.test exists.
      const missing = await probeTcp(target(plain, { host: 'nowhere.test' }), systemClock, guarded);
      expect(missing.error).toBe(r.error?.replace('inside.test', 'nowhere.test'));
    } finally {
      await dns.close();
    }
  });
});
