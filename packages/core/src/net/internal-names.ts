import net from 'node:net';
import { forbiddenRange } from './forbidden-address.js';

/**
 * Suffixes that name hosts inside a network, never on the public DNS: mDNS and Kubernetes
 * (`.local`, `.cluster.local`, `.svc`), RFC 6761/6762/8375 and ICANN's private-use names,
 * and the ones operators commonly give their internal zones.
 */
export const INTERNAL_NAME_SUFFIXES: readonly string[] = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
  'home.arpa',
  'svc',
  'consul',
];

/**
 * Whether a DNS name belongs to an internal namespace a tenant must not look into through the
 * service's resolvers: a single label (resolved through the search list, if at all), a name under
 * one of INTERNAL_NAME_SUFFIXES, or a reverse zone (`in-addr.arpa`, `ip6.arpa`) of an address
 * range the outbound guard forbids (private, loopback, link-local, ...). Names that are not
 * valid reverse names under those zones count as internal too.
 */
export function isInternalName(raw: string): boolean {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  if (net.isIP(name)) return forbiddenRange(name) !== null;
  const labels = name.split('.');
  if (labels.length < 2) return true;
  if (INTERNAL_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`))) return true;
  const reversed = reverseZoneAddress(labels);
  return reversed !== undefined && (reversed === null || forbiddenRange(reversed) !== null);
}

/**
 * The first address of the range a reverse name covers (`16.172.in-addr.arpa` → 172.16.0.0),
 * null for a name under a reverse zone that is not a valid reverse name, undefined for a name
 * outside the reverse zones.
 */
function reverseZoneAddress(labels: string[]): string | null | undefined {
  const tail = labels.slice(-2).join('.');
  const parts = labels.slice(0, -2).reverse();
  if (tail === 'in-addr.arpa') {
    if (parts.length > 4 || !parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255)) return null;
    return [...parts, '0', '0', '0', '0'].slice(0, 4).join('.');
  }
  if (tail === 'ip6.arpa') {
    if (parts.length > 32 || !parts.every((p) => /^[0-9a-f]$/.test(p))) return null;
    const nibbles = [...parts, ...Array<string>(32).fill('0')].slice(0, 32).join('');
    return nibbles.replace(/(.{4})(?!$)/g, '$1:');
  }
  return undefined;
}
