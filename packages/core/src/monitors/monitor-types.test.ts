import {
  alreadyMonitoredMessage,
  canonicalResolver,
  canonicalTargetHost,
  hostPort,
  isMonitorType,
  isPushMonitorType,
  monitorTargetOf,
  naturalKeyOf,
  typedConfigOf,
  type DnsConfig,
  type TcpConfig,
} from '../index.js';

describe('canonicalTargetHost', () => {
  it.each([
    ['DB.Example.com.', 'db.example.com'],
    ['  db.example.com ', 'db.example.com'],
    ['_dmarc.example.com', '_dmarc.example.com'],
    ['192.0.2.1', '192.0.2.1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['localhost', 'localhost'],
  ])('%s -> %s', (raw, host) => expect(canonicalTargetHost(raw)).toBe(host));

  it.each(['', '.', 'a..b', '-a.example', 'a-.example', 'bad host', 'a/b', `${'a'.repeat(64)}.example`, `${'a.'.repeat(127)}a`])('refuses %j', (raw) =>
    expect(canonicalTargetHost(raw)).toBeNull(),
  );

  it('hostPort brackets IPv6', () => {
    expect(hostPort('2001:db8::1', 53)).toBe('[2001:db8::1]:53');
    expect(hostPort('db.example.com', 5432)).toBe('db.example.com:5432');
  });
});

describe('canonicalResolver', () => {
  it.each([
    ['1.1.1.1', '1.1.1.1'],
    ['1.1.1.1:53', '1.1.1.1'],
    ['1.1.1.1:5353', '1.1.1.1:5353'],
    ['2606:4700::1111', '2606:4700::1111'],
    ['[2606:4700::1111]:53', '2606:4700::1111'],
    ['[2606:4700::1111]:853', '[2606:4700::1111]:853'],
  ])('%s -> %s', (raw, server) => expect(canonicalResolver(raw)).toBe(server));

  it.each(['dns.google', '1.1.1.1:0', '1.1.1.1:65536', '[1.1.1.1]:53', '1.1.1:53', '1.1.1.1:abc', ''])('refuses %j', (raw) =>
    expect(canonicalResolver(raw)).toBeNull(),
  );
});

describe('keys and targets', () => {
  const tcp: TcpConfig = { host: 'db.example.com', port: 5432, tls: false, verify_tls: true, servername: null };
  const dns: DnsConfig = { name: 'example.com', record_type: 'MX', expected_values: [], match: 'any', resolver: null };

  it('tcp: host:port, tls a key of its own; servername and verification are not part of it', () => {
    expect(naturalKeyOf({ type: 'tcp', config: tcp })).toBe('tcp://db.example.com:5432');
    expect(naturalKeyOf({ type: 'tcp', config: { ...tcp, tls: true, servername: 'x.example.com', verify_tls: false } })).toBe('tls://db.example.com:5432');
    expect(monitorTargetOf({ type: 'tcp', config: { ...tcp, host: '2001:db8::1' } })).toBe('tcp://[2001:db8::1]:5432');
  });

  it('dns: name, record type and resolver (RFC 4501 form); expected values are not part of it', () => {
    expect(naturalKeyOf({ type: 'dns', config: dns })).toBe('dns:example.com?type=MX');
    expect(naturalKeyOf({ type: 'dns', config: { ...dns, expected_values: ['a'], match: 'none' } })).toBe('dns:example.com?type=MX');
    expect(naturalKeyOf({ type: 'dns', config: { ...dns, resolver: '[2606:4700::1111]:853' } })).toBe('dns://[2606:4700::1111]:853/example.com?type=MX');
  });

  it('heartbeat: no key', () => {
    expect(naturalKeyOf({ type: 'heartbeat', config: { period: 60, cron: null, timezone: null, grace: 60, min_duration: null, max_duration: null } })).toBeNull();
    expect(monitorTargetOf({ type: 'heartbeat', config: { period: 60, cron: null, timezone: null, grace: 60, min_duration: null, max_duration: null } })).toBe('heartbeat');
  });

  it('409 messages per type, the contract\'s for http', () => {
    expect(alreadyMonitoredMessage('http')).toBe('URL already monitored');
    expect(alreadyMonitoredMessage('tcp')).toBe('TCP target already monitored');
    expect(alreadyMonitoredMessage('dns')).toBe('DNS record already monitored');
  });
});

describe('types', () => {
  it('knows its types and which are push', () => {
    expect(['http', 'tcp', 'dns', 'heartbeat'].every(isMonitorType)).toBe(true);
    expect(isMonitorType('ftp')).toBe(false);
    expect(isPushMonitorType('heartbeat')).toBe(true);
    expect(isPushMonitorType('http')).toBe(false);
  });

  it('a stored configured monitor without config is refused', () => {
    expect(() => typedConfigOf({ id: 3, type: 'tcp', config: null })).toThrow('monitor 3 (tcp) has no configuration');
  });
});
