/** Longest URL a monitor accepts. */
export const MAX_URL_LENGTH = 2048;

export interface MonitorUrl {
  /** As the user wrote it (trimmed): what the API returns and the checker requests. */
  url: string;
  /** What "URL already monitored" compares within one account. */
  normalized: string;
}

function hasSpaceOrControl(text: string): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || /\s/.test(ch)) return true;
  }
  return false;
}

/**
 * A monitor URL: an absolute http:// or https:// URL with a host. Returns null for anything
 * else (other schemes, no host, spaces, garbage). Private and loopback hosts are accepted here:
 * the outbound guard refuses them when the check connects.
 */
export function parseMonitorUrl(raw: string): MonitorUrl | null {
  const url = raw.trim();
  if (!url || url.length > MAX_URL_LENGTH || hasSpaceOrControl(url)) return null;
  if (!/^https?:\/\/[^/?#\\]/i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!validHost(parsed.hostname)) return null;
  return { url, normalized: normalizeMonitorUrl(parsed) };
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;

/** An IP literal (WHATWG has already checked it), or DNS labels (punycode after WHATWG parsing). */
function validHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return true;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  return name.length > 0 && name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/**
 * The comparison form: scheme and host lower-cased, a trailing dot of the host dropped, the
 * default port dropped, an empty path as "/", trailing slashes of a longer path dropped
 * (/health/ is /health), the fragment dropped (never sent). Otherwise path, query and user info
 * are kept as they are: they can name different resources.
 */
export function normalizeMonitorUrl(parsed: URL): string {
  const u = new URL(parsed.href);
  u.hash = '';
  if (u.hostname.endsWith('.')) u.hostname = u.hostname.slice(0, -1);
  if (u.pathname.length > 1) u.pathname = u.pathname.replace(/\/+$/, '') || '/';
  return u.href;
}

/**
 * The comparison form as stored: user info, which counts, is replaced by a keyed hash of it, so
 * "URL already monitored" still compares it without the credentials being readable at rest.
 */
export function storedNormalizedUrl(normalized: string, fingerprint: (text: string) => string): string {
  const u = new URL(normalized);
  if (!u.username && !u.password) return normalized;
  const userinfo = u.password ? `${u.username}:${u.password}` : u.username;
  u.password = '';
  u.username = `hmac-${fingerprint(userinfo)}`;
  return u.href;
}
