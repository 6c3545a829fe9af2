/** HSTS: one HTTPS GET of `/` on the scanned port, reading Strict-Transport-Security. */
import net from 'node:net';
import { got, type PlainResponse } from 'got';
import { createGuardedAgents } from '@vigil/core';
import { connectionTimeout, type TlsTarget } from './node-tls.js';
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

/** Response headers are capped like the header check's; the body is never read. */
const MAX_HEADER_BYTES = 64 * 1024;

/**
 * GETs https://host:port/ (certificate not verified, no redirects) and reads the header as soon
 * as the response head arrives: the body is never read nor decoded (a gzip bomb or an endless
 * body costs nothing), and the scan's deadline closes the request.
 */
export async function fetchHsts(t: TlsTarget): Promise<HstsReport> {
  if (t.deadline.signal.aborted) return NO_HSTS;
  const agents = createGuardedAgents(t.policy);
  try {
    return await new Promise<HstsReport>((resolve) => {
      const stream = got.stream(`https://${urlHost(t.host)}:${t.port}/`, {
        agent: { http: agents.http, https: agents.https },
        https: { rejectUnauthorized: false, minVersion: 'TLSv1', ciphers: 'ALL:@SECLEVEL=0' },
        timeout: { request: connectionTimeout(t) },
        signal: t.deadline.signal,
        retry: { limit: 0 },
        followRedirect: false,
        throwHttpErrors: false,
        decompress: false,
        maxHeaderSize: MAX_HEADER_BYTES,
        headers: { 'user-agent': 'Vigil-TLS-Scanner' },
      });
      stream.on('response', (res: PlainResponse) => {
        resolve(parseHsts(res.headers['strict-transport-security']));
        stream.destroy();
      });
      stream.on('error', () => resolve(NO_HSTS));
    });
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}
