import type { PageRef } from '@vigil/core';
import type { PageVariant } from './status-page-service.js';

/** A page slug as the API accepts it (status-page-input validates the same shape). */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;

/** How the public routes document the public face's 503 (see PublicFaceGate). */
export const PUBLIC_BUSY_DOC =
  'Too many requests for public pages while the API is busy: `{"error":"Too many requests for public pages; retry shortly"}` after waiting up to 2 s; retry after `Retry-After` seconds (also the dependency outage 503)';

/** What a custom hostname serves at its root. */
export const HOST_PATHS: Record<string, PageVariant> = { '/': 'html', '/index.json': 'json', '/feed.atom': 'atom' };

const PAGE_PATH = /^\/status\/([^/]+?)(\.json|\/feed\.atom)?$/;

/**
 * Paths of the public face: status pages and badges, and a custom hostname's root paths when the
 * Host is not the service's own (there `/` is the service's index, which stays with the API).
 */
export function isPublicPath(path: string, host: string, serviceHost: string): boolean {
  return path.startsWith('/status/') || path.startsWith('/badges/') || (HOST_PATHS[path] !== undefined && host.toLowerCase() !== serviceHost);
}

/**
 * The page and form a GET path names: `/status/{slug}`, `.json`, `/feed.atom`, or a custom
 * hostname's root paths (`hostnameOf` gives the request's normalised Host); null for anything else.
 * `route` is the page route's path (for the access log and metrics), none for a custom hostname.
 */
export function pageTarget(path: string, hostnameOf: () => string | null): { ref: PageRef; variant: PageVariant; route?: string } | null {
  const hostVariant = HOST_PATHS[path];
  if (hostVariant) {
    const hostname = hostnameOf();
    return hostname ? { ref: { hostname }, variant: hostVariant } : null;
  }
  const m = PAGE_PATH.exec(path);
  if (!m || !SLUG.test(m[1])) return null;
  return { ref: { slug: m[1] }, variant: m[2] === '.json' ? 'json' : m[2] ? 'atom' : 'html', route: `/status/:slug${m[2] ?? ''}` };
}

const BADGE_PATH = /^\/badges\/([^/]+)\/([a-z0-9-]+)\.(svg|json)$/;

/** The badge a GET path names (`/badges/{token}/{badge}.svg|.json`), or null. */
export function badgeTarget(path: string): { token: string; badge: string; format: 'svg' | 'json' } | null {
  const m = BADGE_PATH.exec(path);
  return m ? { token: m[1], badge: m[2], format: m[3] === 'svg' ? 'svg' : 'json' } : null;
}
