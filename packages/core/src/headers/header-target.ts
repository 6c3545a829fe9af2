import net from 'node:net';
import { ValidationError } from '../errors/errors.js';

export interface HeaderTarget {
  /** The URL to fetch first: scheme://host[:port]/path?query (fragment dropped). */
  url: string;
  /** The site as shown in summary.site: host, plus ":port" when not the scheme's default. */
  site: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const AUTHORITY = /^(?:\[([^\]]*)\]|([^:[\]]*))(?::(\d*))?$/;

function invalid(): never {
  throw new ValidationError('Invalid hostname');
}

function validDnsName(ascii: string): boolean {
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (!name || name.length > 253) return false;
  const labels = name.split('.');
  if (!labels.every((l) => LABEL.test(l))) return false;
  // A numeric last label would make the name an IPv4 address in some other notation.
  return !/^(\d+|0x[0-9a-f]*)$/.test(labels[labels.length - 1]);
}

/**
 * The `q` of GET /headers/check: a hostname, `host:port`, or an http(s) URL. A bare host is
 * fetched over https. IP literals are accepted (dotted-quad IPv4, bracketed IPv6); whether
 * they may be reached is the outbound guard's decision. Throws ValidationError('Invalid
 * hostname') for anything else: other schemes, credentials in the URL, bad ports, names
 * that are not valid DNS names.
 */
export function parseHeaderTarget(q: string): HeaderTarget {
  const input = q.trim();
  if (!input || input.length > 2048 || /[\s\\]/.test(input)) invalid();
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(input);
  let scheme = 'https';
  let rest = input;
  if (schemeMatch) {
    scheme = schemeMatch[1].toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') invalid();
    rest = input.slice(schemeMatch[0].length);
  } else if (/^[a-z][a-z0-9+.-]*:[^0-9]/i.test(input)) {
    invalid(); // mailto:, javascript:, ...
  }
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? '' : rest.slice(end);
  if (authority.includes('@')) invalid();
  const m = AUTHORITY.exec(authority);
  if (!m) invalid();
  const [, v6, hostText, portText] = m;
  if (portText !== undefined) {
    const port = Number(portText);
    if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) invalid();
  }
  if (v6 !== undefined) {
    if (!net.isIPv6(v6) || v6.includes('%')) invalid();
  } else if (!hostText || (/^[\d.]+$/.test(hostText) && !net.isIPv4(hostText))) {
    invalid();
  }

  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}${tail}`);
  } catch {
    invalid();
  }
  const host = url.hostname;
  if (v6 === undefined) {
    // URL turns other IPv4 notations (0x7f.1, 2130706433) into dotted quads: only accept those written so.
    if (net.isIPv4(host) ? !net.isIPv4(hostText) : !validDnsName(host)) invalid();
  }
  url.hash = '';
  return { url: url.toString(), site: url.host };
}

/** summary.site for an already-normalised URL: host, plus ":port" when not the default. */
export function siteOf(url: string): string {
  return new URL(url).host;
}
