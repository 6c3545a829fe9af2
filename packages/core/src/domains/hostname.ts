import net from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { ValidationError } from '../errors/errors.js';

const MAX_HOSTNAME_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Characters that never belong in a hostname, checked before IDNA mapping (which would decode %xx, drop brackets...). */
const FORBIDDEN_INPUT = /[\s/\\:%@?#[\]*_,;'"<>|{}`^~!$&()+=]/u;

/**
 * An `xn--` label that is no valid punycode (`xn--zz`): Node.js 20 and 22's domainToASCII refuse
 * it, Node.js 24's passes it through, and its domainToUnicode then leaves it as it is. Valid
 * punycode always decodes to something beyond ASCII.
 */
function undecodablePunycode(label: string): boolean {
  return label.startsWith('xn--') && [...domainToUnicode(label)].every((c) => c.charCodeAt(0) < 0x80);
}

/**
 * A domain name as the service stores and compares it: lower-case ASCII, IDNs in punycode
 * (WHATWG domainToASCII), no trailing dot. Returns null for anything else: IP literals, URLs,
 * host:port, wildcards, single labels, labels over 63 or names over 253 characters, labels
 * that start or end with a hyphen, all-numeric top-level labels.
 */
export function normaliseHostname(input: unknown): string | null {
  if (typeof input !== 'string') return null;
  let text = input.trim();
  if (!text || text.length > 1024 || FORBIDDEN_INPUT.test(text)) return null;
  if (net.isIP(text)) return null;
  if (text.endsWith('.')) text = text.slice(0, -1);
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > MAX_HOSTNAME_LENGTH || net.isIP(ascii)) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => LABEL.test(l) && !undecodablePunycode(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1])) return null;
  return ascii;
}

/**
 * A host an on-demand scan may target. Always a domain name as normaliseHostname reads it; when
 * the operator allows private targets (VIGIL_ALLOW_PRIVATE_TARGETS, a self-hosted install
 * checking its own network) also `localhost` and IP literals (dotted IPv4, IPv6 with or
 * without brackets). The outbound guard still judges every address at connect time.
 */
export function normaliseScanTarget(input: unknown, allowPrivate: boolean): string | null {
  if (allowPrivate && typeof input === 'string') {
    const text = input.trim().toLowerCase().replace(/\.$/, '');
    if (text === 'localhost') return text;
    const bare = text.replace(/^\[(.*)\]$/, '$1');
    if (net.isIPv4(bare) || net.isIPv6(bare)) return bare;
  }
  return normaliseHostname(input);
}

/** normaliseHostname, or the seed's 400 "Invalid hostname". */
export function requireHostname(input: unknown): string {
  const hostname = normaliseHostname(input);
  if (!hostname) throw new ValidationError('Invalid hostname');
  return hostname;
}

/** Whether a verified name covers a hostname: the name itself or any of its subdomains. */
export function nameCovers(verifiedName: string, hostname: string): boolean {
  return hostname === verifiedName || hostname.endsWith(`.${verifiedName}`);
}

/** The names whose verification would cover a hostname: itself and each parent with two or more labels. */
export function coveringNames(hostname: string): string[] {
  const labels = hostname.split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join('.'));
  return names;
}
