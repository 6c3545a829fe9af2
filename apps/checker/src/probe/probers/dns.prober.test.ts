import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { systemClock, type CheckResult, type OutboundPolicy } from '@vigil/core';
import { startDnsServer, type LoopbackDns } from '@vigil/testing';
import type { ProbeTargetOf } from '../probe-target.js';
import { probeDns } from './dns.prober.js';

/** The answers of a dns check's details (details are a union of every type's). */
const answersOf = (r: CheckResult) => (r.details?.kind === 'dns' ? r.details.answers : undefined);

let dns: LoopbackDns;
let open: OutboundPolicy;
let mute: dgram.Socket;
let muteServer: string;

beforeAll(async () => {
  dns = await startDnsServer({
    'example.test': {
      A: ['192.0.2.1', '192.0.2.2'],
      AAAA: ['2001:db8::1'],
      MX: [
        { preference: 10, exchange: 'mx1.example.test' },
        { preference: 20, exchange: 'mx2.example.test' },
      ],
      TXT: [['v=spf1 ', '-all'], ['google-site-verification=abc']],
      NS: ['ns1.example.test', 'ns2.example.test'],
      CAA: [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }],
      SOA: [{ mname: 'ns1.example.test', rname: 'hostmaster.example.test', serial: 2026112301, refresh: 7200, retry: 3600, expire: 1209600, minimum: 300 }],
    },
    'www.example.test': { CNAME: ['edge.cdn.test'] },
    'public.test': { A: ['93.184.215.14'] },
    'split.test': { A: ['10.11.12.13'] },
    'mixed.test': { A: ['93.184.215.14', '10.0.0.7'] },
    'pointer.test': { CNAME: ['postgres.vigil.svc.cluster.local'], MX: [{ preference: 10, exchange: 'mail.corp' }], NS: ['ns.internal'] },
    'many.test': { A: Array.from({ length: 60 }, (_, i) => `198.51.100.${i}`) },
  });
  open = { allowPrivate: true, dnsServers: [dns.server] };
  mute = dgram.createSocket('udp4');
  await new Promise<void>((r) => mute.bind(0, '127.0.0.1', r));
  muteServer = `127.0.0.1:${(mute.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mute.close();
  await dns.close();
});

function target(extra: Partial<ProbeTargetOf<'dns'>>): ProbeTargetOf<'dns'> {
  return { type: 'dns', name: 'example.test', record_type: 'A', expected_values: [], match: 'any', resolver: null, timeoutSeconds: 5, ...extra };
}

describe('dns checks against the loopback DNS server', () => {
  it('records the answers and the responding server', async () => {
    const r = await probeDns(target({}), systemClock, open);
    expect(r).toEqual({
      timestamp: expect.any(String),
      status: 'success',
      response_time_ms: expect.any(Number),
      status_code: null,
      details: { kind: 'dns', server: dns.server, answers: ['192.0.2.1', '192.0.2.2'], truncated: false },
    });
    expect(dns.queries).toContain('A example.test');
  });

  it.each([
    ['AAAA', ['2001:db8::1']],
    ['MX', ['10 mx1.example.test', '20 mx2.example.test']],
    ['TXT', ['v=spf1 -all', 'google-site-verification=abc']],
    ['NS', ['ns1.example.test', 'ns2.example.test']],
    ['CAA', ['0 issue "letsencrypt.org"']],
    ['SOA', ['ns1.example.test hostmaster.example.test 2026112301 7200 3600 1209600 300']],
  ] as const)('%s answers as text', async (record_type, answers) => {
    const r = await probeDns(target({ record_type }), systemClock, open);
    expect(answersOf(r)?.slice().sort()).toEqual([...answers].sort());
    expect(r.status).toBe('success');
  });

  it('CNAME', async () => {
    const r = await probeDns(target({ name: 'www.example.test', record_type: 'CNAME', expected_values: ['EDGE.cdn.test.'] }), systemClock, open);
    expect(r).toMatchObject({ status: 'success', details: { answers: ['edge.cdn.test'] } });
  });

  it('expected values: any, all, none', async () => {
    const any = await probeDns(target({ expected_values: ['192.0.2.9', '192.0.2.2'] }), systemClock, open);
    expect(any.status).toBe('success');
    const all = await probeDns(target({ expected_values: ['192.0.2.1', '192.0.2.9'], match: 'all' }), systemClock, open);
    expect(all).toMatchObject({ status: 'failure', error: 'Expected DNS values not all found: missing "192.0.2.9"; answer "192.0.2.1", "192.0.2.2"' });
    expect(answersOf(all)).toEqual(['192.0.2.1', '192.0.2.2']);
    const none = await probeDns(target({ record_type: 'MX', expected_values: ['mx1.example.test'], match: 'none' }), systemClock, open);
    expect(none.error).toBe('Unexpected DNS values present: "mx1.example.test"');
  });

  it('a missing name is NXDOMAIN; no records of the type fails unless none is expected', async () => {
    expect((await probeDns(target({ name: 'nowhere.test' }), systemClock, open)).error).toBe('DNS name nowhere.test does not exist (NXDOMAIN)');
    expect((await probeDns(target({ name: 'www.example.test', record_type: 'TXT' }), systemClock, open)).error).toBe('No TXT records in the answer');
    const gone = await probeDns(target({ name: 'www.example.test', record_type: 'TXT', expected_values: ['old'], match: 'none' }), systemClock, open);
    expect(gone.status).toBe('success');
  });

  it('caps the answers recorded', async () => {
    const r = await probeDns(target({ name: 'many.test' }), systemClock, open);
    expect(answersOf(r)).toHaveLength(50);
    expect(r.details?.truncated).toBe(true);
  });

  it('asks the next server when one does not answer, and records the one that did', async () => {
    const r = await probeDns(target({}), systemClock, { allowPrivate: true, dnsServers: [muteServer, dns.server] });
    expect(r).toMatchObject({ status: 'success', details: { server: dns.server } });
  });

  it('times out, naming the limit, when no server answers', async () => {
    const r = await probeDns(target({ timeoutSeconds: 1 }), systemClock, { allowPrivate: true, dnsServers: [muteServer] });
    expect(r).toMatchObject({ status: 'failure', error: 'DNS query for example.test (A) timed out after 1 s' });
  });

  it('a per-monitor resolver is asked instead of the service resolvers', async () => {
    const r = await probeDns(target({ resolver: dns.server }), systemClock, { allowPrivate: true, dnsServers: [muteServer] });
    expect(r).toMatchObject({ status: 'success', details: { server: dns.server } });
  });
});

describe('outbound guard (VIGIL_ALLOW_PRIVATE_TARGETS=false)', () => {
  it('refuses a per-monitor resolver at a private address without asking it', async () => {
    const before = dns.queries.length;
    const r = await probeDns(target({ resolver: dns.server }), systemClock, { allowPrivate: false, dnsServers: [] });
    expect(r.error).toBe('Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect(dns.queries.length).toBe(before);
  });

  it('a service resolver at a private address is used but not named', async () => {
    const r = await probeDns(target({ name: 'public.test' }), systemClock, { allowPrivate: false, dnsServers: [dns.server] });
    expect(r).toMatchObject({ status: 'success', details: { server: 'service resolver', answers: ['93.184.215.14'] } });
  });

  const guarded: () => OutboundPolicy = () => ({ allowPrivate: false, dnsServers: [dns.server] });

  it.each(['postgres.vigil.svc.cluster.local', 'redis.vigil.svc', 'db.internal', 'printer.local', 'localhost', 'intranet', 'x.home.arpa', '13.12.11.10.in-addr.arpa', '16.172.in-addr.arpa', 'd.f.ip6.arpa'])(
    'never asks the service resolver about the internal name %s',
    async (name) => {
      dns.zone.set(name, { A: ['10.11.12.13'], TXT: [['secret']], SOA: [] });
      const before = dns.queries.length;
      const r = await probeDns(target({ name, record_type: 'TXT' }), systemClock, guarded());
      expect(r.status).toBe('failure');
      expect(r.error).toBe(`DNS name ${name} is internal: single labels, names under .local, .internal, .svc, .localhost and reverse zones of private ranges are not looked up; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets`);
      expect(r.details).toBeUndefined();
      expect(dns.queries.length).toBe(before);
    },
  );

  it('an answer with a non-public address reads exactly as NXDOMAIN, without the address', async () => {
    const inside = await probeDns(target({ name: 'split.test', expected_values: ['10.11.12.13'] }), systemClock, guarded());
    const missing = await probeDns(target({ name: 'nowhere.test', expected_values: ['10.11.12.13'] }), systemClock, guarded());
    expect(dns.queries).toContain('A split.test');
    const { timestamp: _t1, ...seen } = inside;
    const { timestamp: _t2, ...absent } = missing;
    expect(seen).toEqual({ ...absent, error: absent.error?.replace('nowhere.test', 'split.test') });
    expect(inside).toMatchObject({
      status: 'failure',
      error: 'DNS name split.test does not exist or has no public answer (NXDOMAIN); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets',
      details: { kind: 'dns', server: 'service resolver', answers: [], truncated: false },
    });
    expect(JSON.stringify(inside)).not.toContain('10.11.12.13');
    // A mix of public and private addresses is refused whole (the private one is never shown).
    const mixed = await probeDns(target({ name: 'mixed.test' }), systemClock, guarded());
    expect(mixed.error).toMatch(/^DNS name mixed\.test does not exist or has no public answer/);
    expect(JSON.stringify(mixed)).not.toContain('10.0.0.7');
  });

  it('refuses answers that point at internal names (CNAME, MX, NS)', async () => {
    for (const record_type of ['CNAME', 'MX', 'NS'] as const) {
      const r = await probeDns(target({ name: 'pointer.test', record_type }), systemClock, guarded());
      expect(r.error).toMatch(/^DNS name pointer\.test does not exist or has no public answer/);
      expect(JSON.stringify(r)).not.toContain('svc.cluster.local');
    }
  });

  it('VIGIL_DNS_MONITOR_RESOLVERS replaces the service resolvers for dns monitors (names still guarded)', async () => {
    const own = await startDnsServer({ 'public.test': { A: ['93.184.215.15'] } });
    try {
      const r = await probeDns(target({ name: 'public.test' }), systemClock, guarded(), { monitorResolvers: [own.server] });
      expect(r).toMatchObject({ status: 'success', details: { answers: ['93.184.215.15'] } });
      expect(own.queries).toEqual(['A public.test']);
      const internal = await probeDns(target({ name: 'kubernetes.default.svc' }), systemClock, guarded(), { monitorResolvers: [own.server] });
      expect(internal.error).toMatch(/^DNS name kubernetes\.default\.svc is internal/);
      expect(own.queries).toEqual(['A public.test']);
    } finally {
      await own.close();
    }
  });

  it('private targets allowed: internal names and answers are asked and shown', async () => {
    const r = await probeDns(target({ name: 'split.test' }), systemClock, open);
    expect(r).toMatchObject({ status: 'success', details: { answers: ['10.11.12.13'] } });
    dns.zone.set('db.internal', { A: ['10.1.2.3'] });
    expect(await probeDns(target({ name: 'db.internal' }), systemClock, open)).toMatchObject({ status: 'success', details: { answers: ['10.1.2.3'] } });
  });
});
