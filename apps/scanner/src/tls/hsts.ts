/** HSTS: one HTTPS GET of `/` on the scanned port, reading Strict-Transport-Security. */
import net from 'node:net';
import got from 'got';
import { createGuardedAgents } from '@vigil/core';
import type { TlsTarget } from './node-tls.js';
import type { HstsReport } from './types.js';

export const NO_HSTS: HstsReport = { present: false, max_age: null, include_subdomains: false, preload: false };

/** Parses a Strict-Transport-Security value (RFC 6797); the first header wins when several were sent. */
export function parseHsts(value: string | string[] | undefined): HstsReport {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header || !header.trim()) return NO_HSTS;
  let maxAge: number | null = null;
  let includeSubdomains = false;
  let preload = false;
  for (const part of header.split(';')) {
    const [rawName, ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    const val = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    if (name === 'max-age' && /^\d+$/.test(val) && maxAge === null) maxAge = Number(val);
    else if (name === 'includesubdomains') includeSubdomains = true;
    else if (name === 'preload') preload = true;
  }
  if (maxAge === null) return { present: false, max_age: null, include_subdomains: includeSubdomains, preload };
  return { present: true, max_age: maxAge, include_subdomains: includeSubdomains, preload };
}

function urlHost(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return net.isIP(bare) === 6 ? `[${bare}]` : bare;
}

/** GETs https://host:port/ (certificate not verified, no redirects) and reads the header. */
export async function fetchHsts(t: TlsTarget): Promise<HstsReport> {
  const agents = createGuardedAgents(t.policy);
  try {
    const res = await got(`https://${urlHost(t.host)}:${t.port}/`, {
      agent: { http: agents.http, https: agents.https },
      https: { rejectUnauthorized: false, minVersion: 'TLSv1', ciphers: 'ALL:@SECLEVEL=0' },
      timeout: { request: t.timeoutMs },
      retry: { limit: 0 },
      followRedirect: false,
      throwHttpErrors: false,
      headers: { 'user-agent': 'Vigil-TLS-Scanner' },
    });
    return parseHsts(res.headers['strict-transport-security']);
  } catch {
    return NO_HSTS;
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}
