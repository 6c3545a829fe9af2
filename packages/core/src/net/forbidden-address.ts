import ipaddr from 'ipaddr.js';

/**
 * The range an address belongs to when a user's target must not reach it (private, loopback,
 * link-local and cloud metadata, CGNAT, multicast, reserved, ...), or null when it is public.
 * Only ipaddr.js's "unicast" (global) range is allowed; IPv4 embedded in IPv6 (mapped,
 * NAT64, 6to4, Teredo) is judged by the IPv4 address inside.
 */
export function forbiddenRange(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return 'invalid';
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    else {
      const embedded = embeddedIPv4(v6);
      if (embedded) {
        const inner = forbiddenRange(embedded.toString());
        return inner ? `${v6.range()} of ${inner}` : null;
      }
    }
  }
  const range = addr.range();
  // ipaddr.js calls IPv6 outside its special ranges "unicast", but only 2000::/3 is global
  // unicast space; the rest (e.g. IPv4-compatible ::a.b.c.d) is reserved by the IETF.
  if (range === 'unicast' && addr.kind() === 'ipv6' && !addr.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return range === 'unicast' ? null : range;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  switch (v6.range()) {
    case 'rfc6052': // 64:ff9b::/96 NAT64
    case 'rfc6145':
      return new ipaddr.IPv4([p[6] >> 8, p[6] & 255, p[7] >> 8, p[7] & 255]);
    case '6to4': // 2002:AABB:CCDD::/16
      return new ipaddr.IPv4([p[1] >> 8, p[1] & 255, p[2] >> 8, p[2] & 255]);
    case 'teredo': // client address is the last 32 bits, inverted
      return new ipaddr.IPv4([(~p[6] >> 8) & 255, ~p[6] & 255, (~p[7] >> 8) & 255, ~p[7] & 255]);
    default:
      return null;
  }
}

/**
 * Whether an address lies in one of `cidrs` (a private location's allowed networks). An
 * IPv4-mapped IPv6 address is judged as its IPv4 address; a malformed CIDR matches nothing.
 */
export function inNetworks(ip: string, cidrs: readonly string[]): boolean {
  if (!cidrs.length || !ipaddr.isValid(ip)) return false;
  const parsed = ipaddr.parse(ip);
  const addr = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return cidrs.some((cidr) => {
    if (!ipaddr.isValidCIDR(cidr)) return false;
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === addr.kind() && addr.match(range);
  });
}
