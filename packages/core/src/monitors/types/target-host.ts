import net from 'node:net';

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/**
 * A host a non-http monitor names: an IP literal (IPv6 without brackets) or a DNS name (labels
 * of letters, digits, `-` and `_`), lower-cased, a trailing dot dropped. Null for anything else.
 * Private and loopback hosts are accepted here: the outbound guard refuses them at check time.
 */
export function canonicalTargetHost(raw: string): string | null {
  const host = raw.trim().toLowerCase();
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net.isIP(unbracketed)) return unbracketed;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!name || name.length > 253) return null;
  return name.split('.').every((label) => LABEL.test(label)) ? name : null;
}

/** `host:port`, an IPv6 host in brackets. */
export function hostPort(host: string, port: number): string {
  return net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
}
