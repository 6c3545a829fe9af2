import { isInternalName } from './internal-names.js';

describe('isInternalName', () => {
  it.each([
    'postgres.vigil.svc.cluster.local',
    'redis.vigil.svc',
    'kubernetes.default.svc.',
    'printer.local',
    'db.internal',
    'ip-10-0-0-1.ec2.internal',
    'LOCALHOST',
    'a.localhost',
    'router.lan',
    'nas.home.arpa',
    'vault.service.consul',
    'intranet',
    'postgres',
    '10.in-addr.arpa',
    '13.12.11.10.in-addr.arpa',
    '16.172.in-addr.arpa',
    '1.0.0.127.in-addr.arpa',
    '254.169.in-addr.arpa',
    'in-addr.arpa',
    'foo.in-addr.arpa',
    'd.f.ip6.arpa',
    '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.ip6.arpa',
    '10.0.0.1',
  ])('%s is internal', (name) => {
    expect(isInternalName(name)).toBe(true);
  });

  it.each(['example.com', 'www.example.com.', 'local.example.com', 'svc.example.org', '8.8.8.8.in-addr.arpa', '8.in-addr.arpa', '0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa'.replace('8.b.d.0', '0.6.4.2'), '93.184.215.14'])(
    '%s is public',
    (name) => {
      expect(isInternalName(name)).toBe(false);
    },
  );
});
