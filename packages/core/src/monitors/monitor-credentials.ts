import { MASK, maskSecret } from '../security/mask.js';
import { SecretBoxError, type SecretBox } from '../security/secret-box.js';

/**
 * A monitor's credentials: the user info of its URL and the values of its custom headers
 * (Authorization, API tokens). At rest they are sealed together in `monitors.credentials`
 * (the SecretBox integration secrets use); the `url` and `headers` columns hold what answers
 * and logs show: `https://user:****@host/...` (a user info without a password, often a token,
 * is `****` whole) and each header value `****` + its last 4 characters when 16 or longer.
 */
export interface MonitorSecrets {
  userinfo: string | null;
  headers: Record<string, string>;
}

/** A monitor's URL and headers in the clear: what the checker requests. */
export interface MonitorRequestParts {
  url: string;
  headers: Record<string, string>;
}

/** What the monitors table stores of them. */
export interface StoredMonitorSecrets {
  url: string;
  headers: Record<string, string>;
  /** Sealed MonitorSecrets; null when there is nothing secret. */
  credentials: string | null;
}

/** An http(s) URL as written, split around the user info of its authority (null: none). */
export function splitUserinfo(url: string): { scheme: string; userinfo: string | null; rest: string } {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#\\]*)([\s\S]*)$/i.exec(url);
  if (!m) return { scheme: '', userinfo: null, rest: url };
  const [, scheme, authority, tail] = m;
  const at = authority.lastIndexOf('@');
  if (at < 0) return { scheme, userinfo: null, rest: authority + tail };
  return { scheme, userinfo: authority.slice(0, at), rest: authority.slice(at + 1) + tail };
}

function joinUserinfo(parts: { scheme: string; rest: string }, userinfo: string | null): string {
  return userinfo === null ? `${parts.scheme}${parts.rest}` : `${parts.scheme}${userinfo}@${parts.rest}`;
}

/** `user:pass` -> `user:****`; a user info without a password -> `****`. */
export function maskUserinfo(userinfo: string): string {
  const colon = userinfo.indexOf(':');
  return colon < 0 ? MASK : `${userinfo.slice(0, colon)}:${MASK}`;
}

/** The URL as shown: its user info masked, everything else as written. */
export function maskMonitorUrl(url: string): string {
  const parts = splitUserinfo(url);
  return parts.userinfo === null ? url : joinUserinfo(parts, maskUserinfo(parts.userinfo));
}

export function maskMonitorHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskSecret(v)]));
}

/** The stored form of a monitor's URL and headers given in the clear. */
export function sealMonitorSecrets(box: SecretBox, clear: MonitorRequestParts): StoredMonitorSecrets {
  const { userinfo } = splitUserinfo(clear.url);
  const secret = userinfo !== null || Object.keys(clear.headers).length > 0;
  return {
    url: maskMonitorUrl(clear.url),
    headers: maskMonitorHeaders(clear.headers),
    credentials: secret ? box.sealJson({ userinfo, headers: clear.headers } satisfies MonitorSecrets) : null,
  };
}

/** The URL and headers in the clear. Throws SecretBoxError when sealed under another key. */
export function openMonitorSecrets(box: SecretBox, stored: StoredMonitorSecrets): MonitorRequestParts {
  if (stored.credentials === null) return { url: stored.url, headers: stored.headers };
  const secrets = box.openJson<MonitorSecrets>(stored.credentials);
  const parts = splitUserinfo(stored.url);
  return { url: joinUserinfo(parts, secrets.userinfo ?? null), headers: secrets.headers };
}

/**
 * Like openMonitorSecrets, but credentials sealed under another key (VIGIL_SECRET_KEY changed)
 * are dropped: the URL without user info, no headers. An update must send them again.
 */
export function openMonitorSecretsOrDrop(box: SecretBox, stored: StoredMonitorSecrets): MonitorRequestParts {
  try {
    return openMonitorSecrets(box, stored);
  } catch (e) {
    if (!(e instanceof SecretBoxError)) throw e;
    return { url: joinUserinfo(splitUserinfo(stored.url), null), headers: {} };
  }
}

/**
 * Values sent back exactly as answers showed them mean "unchanged" (as for integrations): a URL
 * whose user info is the current one's mask gets the current user info (whatever else changed),
 * a header whose value is the mask of that header's current value keeps the current value.
 */
export function restoreEchoedMasks(
  incoming: Partial<MonitorRequestParts>,
  current: MonitorRequestParts,
): Partial<MonitorRequestParts> {
  const out: Partial<MonitorRequestParts> = { ...incoming };
  if (incoming.url !== undefined) {
    const sent = splitUserinfo(incoming.url);
    const { userinfo } = splitUserinfo(current.url);
    if (sent.userinfo !== null && userinfo !== null && sent.userinfo === maskUserinfo(userinfo)) out.url = joinUserinfo(sent, userinfo);
  }
  if (incoming.headers !== undefined) {
    out.headers = Object.fromEntries(
      Object.entries(incoming.headers).map(([k, v]) => {
        const now = current.headers[k];
        return [k, now !== undefined && v === maskSecret(now) ? now : v];
      }),
    );
  }
  return out;
}
