import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { systemClock, type OutboundPolicy } from '@vigil/core';
import { startDnsServer, type LoopbackDns } from '@vigil/testing';
import { closeProbers, probeWith, type Probers } from '../prober.js';
import type { ProbeTargetOf } from '../probe-target.js';
import { createProbers } from './index.js';

/**
 * VIGIL_SOURCE_ADDRESS binds every outbound connection of every prober (http, tcp, dns over UDP
 * and its TCP retry): loopback servers on 127.0.0.1 see where each connection came from.
 * Linux routes all of 127.0.0.0/8 to lo, so 127.0.0.2 and 127.0.0.3 are bindable.
 */
const plain = (address: string | undefined) => (address ?? '').replace(/^::ffff:/, '');

let httpServer: http.Server;
let httpUrl: string;
const httpFrom: string[] = [];
let tcpServer: net.Server;
let tcpPort: number;
const tcpFrom: string[] = [];
let dns: LoopbackDns;
let truncating: LoopbackDns;
const probers: Probers[] = [];

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  httpServer = http.createServer((req, res) => {
    httpFrom.push(plain(req.socket.remoteAddress));
    res.end('ok');
  });
  httpUrl = `http://127.0.0.1:${await listen(httpServer)}/`;
  tcpServer = net.createServer((s) => {
    tcpFrom.push(plain(s.remoteAddress));
    s.destroy();
  });
  tcpPort = await listen(tcpServer);
  dns = await startDnsServer({ 'example.test': { A: ['192.0.2.1'] } });
  truncating = await startDnsServer({ 'example.test': { A: ['192.0.2.1'] } }, { truncateUdp: true });
});

afterAll(async () => {
  probers.forEach(closeProbers);
  await new Promise((r) => httpServer.close(r));
  await new Promise((r) => tcpServer.close(r));
  await dns.close();
  await truncating.close();
});

function probersFrom(sourceAddress: string | undefined, dnsServer: string): Probers {
  const policy: OutboundPolicy = { allowPrivate: true, dnsServers: [dnsServer] };
  const p = createProbers(policy, sourceAddress !== undefined ? { sourceAddress } : {});
  probers.push(p);
  return p;
}

const dnsTarget: ProbeTargetOf<'dns'> = { type: 'dns', name: 'example.test', record_type: 'A', expected_values: ['192.0.2.1'], match: 'any', resolver: null, timeoutSeconds: 5 };

describe('VIGIL_SOURCE_ADDRESS binds every prober', () => {
  it.each(['127.0.0.2', '127.0.0.3'])('http, tcp and dns connections come from %s', async (source) => {
    const p = probersFrom(source, dns.server);
    const before = { http: httpFrom.length, tcp: tcpFrom.length, dns: dns.sources.length };
    const results = await Promise.all([
      probeWith(p, { type: 'http', url: httpUrl, method: 'GET', headers: {}, body: null, timeoutSeconds: 5, followRedirects: true, verifySsl: true, expectedStatusCodes: [], expectedContent: null, assertions: [] }, systemClock),
      probeWith(p, { type: 'tcp', host: '127.0.0.1', port: tcpPort, tls: false, verify_tls: true, servername: null, timeoutSeconds: 5 }, systemClock),
      probeWith(p, dnsTarget, systemClock),
    ]);
    expect(results.map((r) => r?.status)).toEqual(['success', 'success', 'success']);
    expect(httpFrom.slice(before.http)).toEqual([source]);
    expect(tcpFrom.slice(before.tcp)).toEqual([source]);
    expect(dns.sources.slice(before.dns)).toEqual([`udp ${source}`]);
  });

  it('a dns answer too large for UDP is asked again over TCP from the same address', async () => {
    const p = probersFrom('127.0.0.3', truncating.server);
    const r = await probeWith(p, dnsTarget, systemClock);
    expect(r).toMatchObject({ status: 'success', details: { answers: ['192.0.2.1'] } });
    expect(truncating.sources).toEqual(['udp 127.0.0.3', 'tcp 127.0.0.3']);
  });

  it('unset, the system chooses (127.0.0.1 towards a loopback target)', async () => {
    const p = probersFrom(undefined, dns.server);
    const before = { tcp: tcpFrom.length, dns: dns.sources.length };
    await probeWith(p, { type: 'tcp', host: '127.0.0.1', port: tcpPort, tls: false, verify_tls: true, servername: null, timeoutSeconds: 5 }, systemClock);
    await probeWith(p, dnsTarget, systemClock);
    expect(tcpFrom.slice(before.tcp)).toEqual(['127.0.0.1']);
    expect(dns.sources.slice(before.dns)).toEqual(['udp 127.0.0.1']);
  });
});
