import { forbiddenRange } from './forbidden-address.js';

describe('forbiddenRange', () => {
  describe('IPv4', () => {
    it.each([
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['10.0.0.1', 'private'],
      ['10.255.255.255', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.169.254', 'linkLocal'], // cloud metadata
      ['169.254.0.1', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['100.127.255.255', 'carrierGradeNat'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.0.8', 'reserved'], // IETF protocol assignments
      ['192.0.2.1', 'reserved'], // TEST-NET-1
      ['198.51.100.1', 'reserved'], // TEST-NET-2
      ['203.0.113.1', 'reserved'], // TEST-NET-3
      ['198.18.0.1', 'reserved'], // benchmarking
      ['192.88.99.1', 'reserved'], // 6to4 relay anycast
    ])('%s is %s', (ip, range) => {
      expect(forbiddenRange(ip)).toBe(range);
    });

    it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '11.0.0.1', '223.255.255.254'])(
      '%s is public',
      (ip) => {
        expect(forbiddenRange(ip)).toBeNull();
      },
    );
  });

  describe('IPv6', () => {
    it.each([
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'linkLocal'],
      ['febf:ffff::1', 'linkLocal'],
      ['fec0::1', 'deprecatedSiteLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456:789a::1', 'uniqueLocal'],
      ['ff02::1', 'multicast'],
      ['ff0e::1', 'multicast'],
      ['2001:db8::1', 'reserved'], // documentation
      ['100::1', 'discard'],
      ['2001:10::1', 'deprecatedOrchid'],
      ['2001:20::1', 'orchid2'],
      ['3fff::1', 'reserved'],
      // Outside 2000::/3 ipaddr.js says "unicast"; it is IETF-reserved space (IPv4-compatible ::a.b.c.d too).
      ['::7f00:1', 'reserved'],
      ['::808:808', 'reserved'],
      ['4000::1', 'reserved'],
    ])('%s is %s', (ip, range) => {
      expect(forbiddenRange(ip)).toBe(range);
    });

    it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e'])('%s is public', (ip) => {
      expect(forbiddenRange(ip)).toBeNull();
    });
  });

  describe('IPv4 inside IPv6 is judged by the IPv4 address', () => {
    it.each([
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:10.0.0.1', 'private'],
      ['::ffff:169.254.169.254', 'linkLocal'],
      ['::ffff:100.64.0.1', 'carrierGradeNat'],
      ['::ffff:0.0.0.0', 'unspecified'],
      ['64:ff9b::7f00:1', 'rfc6052 of loopback'], // NAT64 of 127.0.0.1
      ['64:ff9b::a9fe:a9fe', 'rfc6052 of linkLocal'], // NAT64 of 169.254.169.254
      ['64:ff9b::c0a8:101', 'rfc6052 of private'],
      ['2002:7f00:1::', '6to4 of loopback'],
      ['2002:a9fe:a9fe::1', '6to4 of linkLocal'],
      ['2002:a00:1::', '6to4 of private'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'teredo of loopback'], // client 127.0.0.1, inverted
    ])('%s is %s', (ip, range) => {
      expect(forbiddenRange(ip)).toBe(range);
    });

    it.each(['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::', '2001:0:4136:e378:8000:63bf:f7f7:f7f7'])('%s embeds a public address', (ip) => {
      expect(forbiddenRange(ip)).toBeNull();
    });
  });

  it.each(['', 'localhost', '300.1.1.1', '1:2:3:4:5:6:7:8:9', 'not an ip'])('%j is invalid (so never allowed)', (ip) => {
    expect(forbiddenRange(ip)).toBe('invalid');
  });

  it('legacy IPv4 notations and zone ids are judged by the address they mean', () => {
    expect(forbiddenRange('0x7f.1')).toBe('loopback');
    expect(forbiddenRange('2130706433')).toBe('loopback');
    expect(forbiddenRange('fe80::1%eth0')).toBe('linkLocal');
  });
});
