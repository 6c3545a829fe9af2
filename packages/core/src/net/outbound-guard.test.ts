import http from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startDnsServer, type LoopbackDns } from '@vigil/testing';
import {
  BlockedAddressError,
  assertAllowedAddress,
  connectGuarded,
  createGuardedAgents,
  guardedLookup,
  outboundPolicy,
  policyResolver,
  resolveAllowed,
  resolveHost,
  type OutboundPolicy,
} from './outbound-guard.js';

let dns: LoopbackDns;
let web: http.Server;
let webPort: number;
let guarded: OutboundPolicy;
let open: OutboundPolicy;

beforeAll(async () => {
  dns = await startDnsServer({
    'inside.test': { A: ['127.0.0.1'] },
    'meta.test': { A: ['169.254.169.254'] },
    'v6inside.test': { AAAA: ['::1'] },
    'mapped.test': { AAAA: ['::ffff:127.0.0.1'] },
    'public.test': { A: ['8.8.8.8'], AAAA: ['2001:4860:4860::8888'] },
    'mixed.test': { A: ['10.0.0.5', '1.1.1.1'] },
    'txt.test': { TXT: [['vigil-verification=abc']] },
  });
  web = http.createServer((_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webPort = (web.address() as AddressInfo).port;
  guarded = { allowPrivate: false, dnsServers: [dns.server] };
  open = { allowPrivate: true, dnsServers: [dns.server] };
});
afterAll(async () => {
  web.closeAllConnections();
  await new Promise<void>((resolve) => web.close(() => resolve()));
  await dns.close();
});

describe('outboundPolicy', () => {
  it('takes VIGIL_ALLOW_PRIVATE_TARGETS and VIGIL_DNS_SERVERS from the config', () => {
    expect(outboundPolicy({ allowPrivateTargets: true, dnsServers: ['10.0.0.2:53'] })).toEqual({ allowPrivate: true, dnsServers: ['10.0.0.2:53'] });
  });
});

describe('BlockedAddressError', () => {
  it('names the refusal and the host asked for, never what a name resolves to', () => {
    expect(new BlockedAddressError('inside.test', '10.0.0.1', 'private').message).toBe(
      'Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets',
    );
    expect(new BlockedAddressError('127.0.0.1', '127.0.0.1', 'loopback').message).toBe('Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect(new BlockedAddressError('a', 'b', 'c').code).toBe('EBLOCKEDADDRESS');
    // The resolved address stays on the error for the operator's logs only.
    expect(new BlockedAddressError('inside.test', '10.0.0.1', 'private')).toMatchObject({ address: '10.0.0.1', range: 'private' });
  });
});

describe('resolveHost', () => {
  it('returns literals as they are (brackets stripped) without a lookup', async () => {
    expect(await resolveHost('203.0.113.7', guarded)).toEqual([{ address: '203.0.113.7', family: 4 }]);
    expect(await resolveHost('[2001:db8::1]', guarded)).toEqual([{ address: '2001:db8::1', family: 6 }]);
  });

  it('asks VIGIL_DNS_SERVERS for A and AAAA', async () => {
    expect(await resolveHost('public.test', guarded)).toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
  });

  it('an unknown name is ENOTFOUND', async () => {
    await expect(resolveHost('nowhere.test', guarded)).rejects.toMatchObject({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nowhere.test' });
  });

  it('localhost and *.localhost are loopback without asking DNS (RFC 6761), and still refused unless private targets are allowed', async () => {
    // Nothing answers DNS on this port: a query would fail.
    const deaf: OutboundPolicy = { allowPrivate: true, dnsServers: ['127.0.0.1:17301'] };
    const loopback = [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
    for (const host of ['localhost', 'LocalHost.', 'app.localhost', 'a.b.localhost']) expect(await resolveHost(host, deaf)).toEqual(loopback);
    expect(await resolveHost('app.localhost', { allowPrivate: true, dnsServers: [] })).toEqual(loopback);
    await expect(resolveAllowed('localhost', { ...deaf, allowPrivate: false })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowed('app.localhost', { ...deaf, allowPrivate: false })).rejects.toThrow(
      'Blocked private address: app.localhost resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets',
    );
  });

  it('without servers it uses the system resolver', async () => {
    const found = await resolveHost('localhost', { allowPrivate: false, dnsServers: [] });
    expect(found.some((a) => a.address === '127.0.0.1' || a.address === '::1')).toBe(true);
  });
});

describe('resolveAllowed and assertAllowedAddress', () => {
  it('keeps public answers and drops private ones of a mixed answer', async () => {
    expect(await resolveAllowed('mixed.test', guarded)).toEqual([{ address: '1.1.1.1', family: 4 }]);
  });

  it.each([
    ['inside.test', 'Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['meta.test', 'Blocked private address: meta.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['v6inside.test', 'Blocked private address: v6inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['mapped.test', 'Blocked private address: mapped.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['10.1.1.1', 'Blocked private address: 10.1.1.1 (private); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
    ['[fd00::1]', 'Blocked private address: fd00::1 (uniqueLocal); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets'],
  ])('refuses %s when every answer is private', async (host, message) => {
    await expect(resolveAllowed(host, guarded)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowed(host, guarded)).rejects.toThrow(message);
  });

  it('allowPrivate lets everything through', async () => {
    expect(await resolveAllowed('inside.test', open)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(() => assertAllowedAddress('x', '127.0.0.1', open)).not.toThrow();
  });

  it('assertAllowedAddress throws only for forbidden addresses', () => {
    expect(() => assertAllowedAddress('x.test', '100.64.1.1', guarded)).toThrow('Blocked private address: x.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect(() => assertAllowedAddress('x.test', '8.8.4.4', guarded)).not.toThrow();
  });
});

describe('a private location\'s allowed networks', () => {
  it('lets through non-public addresses inside allowed_cidrs only, public ones always', async () => {
    const office: OutboundPolicy = { allowPrivate: false, dnsServers: [dns.server], allowedNetworks: ['127.0.0.0/8', 'fd00::/8'] };
    expect(await resolveAllowed('inside.test', office)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await resolveAllowed('mapped.test', office)).toEqual([{ address: '::ffff:127.0.0.1', family: 6 }]);
    expect(await resolveAllowed('[fd00::1]', office)).toEqual([{ address: 'fd00::1', family: 6 }]);
    expect(await resolveAllowed('mixed.test', office)).toEqual([{ address: '1.1.1.1', family: 4 }]);
    await expect(resolveAllowed('meta.test', office)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(resolveAllowed('10.1.1.1', office)).rejects.toBeInstanceOf(BlockedAddressError);
    expect(() => assertAllowedAddress('x', '127.0.0.9', office)).not.toThrow();
    expect(() => assertAllowedAddress('x', '192.168.1.1', office)).toThrow(BlockedAddressError);
    expect(() => assertAllowedAddress('x', '8.8.4.4', office)).not.toThrow();
    // The same name from a public location (no allowed networks) is refused.
    await expect(resolveAllowed('inside.test', guarded)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('connects to loopback through the guarded agents when allowed', async () => {
    const socket = await connectGuarded('inside.test', webPort, { allowPrivate: false, dnsServers: [dns.server], allowedNetworks: ['127.0.0.1/32'] });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, opts: { all?: boolean; family?: number }) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(guarded)(host, opts, (err, address, family) => resolve({ err, address, family })),
    );

  it('answers in the callback shapes net expects', async () => {
    expect(await lookup('public.test', {})).toEqual({ err: null, address: '8.8.8.8', family: 4 });
    expect(await lookup('public.test', { family: 6 })).toEqual({ err: null, address: '2001:4860:4860::8888', family: 6 });
    expect((await lookup('public.test', { all: true })).address).toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2001:4860:4860::8888', family: 6 },
    ]);
  });

  it('passes the refusal and missing families as errors', async () => {
    expect((await lookup('inside.test', {})).err).toBeInstanceOf(BlockedAddressError);
    expect((await lookup('mixed.test', { family: 6 })).err?.code).toBe('ENOTFOUND');
  });
});

describe('guarded agents', () => {
  const get = (url: string, policy: OutboundPolicy) => {
    const agents = createGuardedAgents(policy);
    return new Promise<string>((resolve, reject) => {
      try {
        http
          .get(url, { agent: agents.http }, (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      } catch (e) {
        reject(e as Error);
      }
    }).finally(() => agents.http.destroy());
  };

  it('refuse a private literal and a name that resolves inside, at connect time', async () => {
    await expect(get(`http://127.0.0.1:${webPort}/`, guarded)).rejects.toThrow('Blocked private address: 127.0.0.1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    await expect(get(`http://inside.test:${webPort}/`, guarded)).rejects.toThrow(
      'Blocked private address: inside.test resolves to a non-public address; set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets',
    );
  });

  it('connect when policy allows private targets, resolving through VIGIL_DNS_SERVERS', async () => {
    expect(await get(`http://inside.test:${webPort}/`, open)).toBe('hello');
  });
});

describe('connectGuarded', () => {
  it('connects to an allowed address', async () => {
    const socket = await connectGuarded('inside.test', webPort, open);
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.destroy();
  });

  it('refuses a private target before connecting', async () => {
    const seen: Socket[] = [];
    web.on('connection', (s) => seen.push(s));
    await expect(connectGuarded('inside.test', webPort, guarded)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(connectGuarded('::1', webPort, guarded)).rejects.toThrow('Blocked private address: ::1 (loopback); set VIGIL_ALLOW_PRIVATE_TARGETS=true to allow private targets');
    expect(seen).toHaveLength(0);
  });
});

describe('policyResolver', () => {
  it('looks up other record types through VIGIL_DNS_SERVERS', async () => {
    expect(await policyResolver(guarded).resolveTxt('txt.test')).toEqual([['vigil-verification=abc']]);
  });

  it("makes one resolver per process for the system's servers, as for configured ones", () => {
    const system = { allowPrivate: false, dnsServers: [] };
    expect(policyResolver(system)).toBe(policyResolver({ ...system }));
    expect(policyResolver(guarded)).toBe(policyResolver({ ...guarded, dnsServers: [...guarded.dnsServers] }));
  });
});
