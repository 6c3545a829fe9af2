import { promises as dns } from 'node:dns';
import { startDnsServer, type LoopbackDns } from './dns-server.js';

let server: LoopbackDns;
let resolver: dns.Resolver;
beforeAll(async () => {
  server = await startDnsServer({ 'both.test': { A: ['127.0.0.1', '127.0.0.2'], AAAA: ['::1'] }, 'txt.test': { TXT: [['a', 'b'], ['c']] } });
  resolver = new dns.Resolver({ timeout: 2_000, tries: 1 });
  resolver.setServers([server.server]);
});
afterAll(() => server.close());

describe('the loopback DNS server', () => {
  it('answers A, AAAA and TXT from its records and logs each question', async () => {
    expect(await resolver.resolve4('both.test')).toEqual(['127.0.0.1', '127.0.0.2']);
    expect(await resolver.resolve6('both.test')).toEqual(['::1']);
    expect(await resolver.resolveTxt('txt.test')).toEqual([['a', 'b'], ['c']]);
    expect(server.queries).toEqual(expect.arrayContaining(['A both.test', 'AAAA both.test', 'TXT txt.test']));
  });

  it('answers NXDOMAIN for an unknown name and no data for a known name without the type', async () => {
    await expect(resolver.resolve4('unknown.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolve6('txt.test')).rejects.toMatchObject({ code: 'ENODATA' });
  });

  it('serves the zone as it is now: names added and removed while it runs', async () => {
    server.zone.set('later.test', { A: ['127.0.0.9'] });
    expect(await resolver.resolve4('later.test')).toEqual(['127.0.0.9']);
    server.zone.delete('later.test');
    await expect(resolver.resolve4('later.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('uses a Map it is given as the live zone', async () => {
    const zone = new Map([['map.test', { A: ['127.0.0.3'] }]]);
    const own = await startDnsServer(zone);
    try {
      expect(own.zone).toBe(zone);
      const r = new dns.Resolver({ timeout: 2_000, tries: 1 });
      r.setServers([own.server]);
      expect(await r.resolve4('map.test')).toEqual(['127.0.0.3']);
    } finally {
      await own.close();
    }
  });
});
