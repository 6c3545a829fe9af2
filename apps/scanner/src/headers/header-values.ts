/** Parsers for the individual security headers. Pure; each takes every occurrence of its header. */
import { splitList } from './header-map.js';

/** HSTS max-age under which browsers' and preload-list expectations are not met (180 days). */
export const HSTS_MIN_RECOMMENDED_MAX_AGE = 15_552_000;

export type HstsParse =
  | { valid: true; maxAge: number; includeSubDomains: boolean; preload: boolean }
  | { valid: false; reason: string };

/**
 * Strict-Transport-Security after RFC 6797 §6.1: `;`-separated directives, names
 * case-insensitive, each at most once, `max-age` required with a non-negative integer value
 * (optionally quoted). Only the first header counts when several are sent (§8.1).
 */
export function parseHsts(value: string): HstsParse {
  const seen = new Set<string>();
  let maxAge: number | null = null;
  let includeSubDomains = false;
  let preload = false;
  for (const part of value.split(';')) {
    const item = part.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    const name = (eq === -1 ? item : item.slice(0, eq)).trim().toLowerCase();
    const raw = eq === -1 ? null : item.slice(eq + 1).trim();
    if (seen.has(name)) return { valid: false, reason: `directive ${name} appears more than once` };
    seen.add(name);
    if (name === 'max-age') {
      const unquoted = raw !== null && /^".*"$/.test(raw) ? raw.slice(1, -1) : raw;
      if (unquoted === null || !/^\d+$/.test(unquoted)) {
        return { valid: false, reason: `max-age must be a non-negative integer (got ${raw === null ? 'no value' : `"${raw}"`})` };
      }
      maxAge = Number(unquoted);
    } else if (name === 'includesubdomains') includeSubDomains = true;
    else if (name === 'preload') preload = true;
  }
  if (maxAge === null) return { valid: false, reason: 'max-age is missing' };
  return { valid: true, maxAge, includeSubDomains, preload };
}

export type XfoParse =
  | { kind: 'deny' }
  | { kind: 'sameorigin' }
  | { kind: 'allow-from'; value: string }
  | { kind: 'invalid'; value: string };

/**
 * X-Frame-Options after the HTML standard: every occurrence is split on commas and
 * lowercased. One distinct value of DENY or SAMEORIGIN protects; browsers treat a mix of
 * DENY and SAMEORIGIN as DENY; ALLOW-FROM is ignored by current browsers.
 */
export function parseXFrameOptions(values: readonly string[]): XfoParse {
  const items = new Set(values.flatMap((v) => splitList(v)).map((s) => s.toLowerCase()));
  const joined = values.join(', ');
  if (!items.size) return { kind: 'invalid', value: joined };
  if ([...items].every((i) => i === 'deny' || i === 'sameorigin')) {
    return { kind: items.has('deny') ? 'deny' : 'sameorigin' };
  }
  if ([...items].some((i) => i.startsWith('allow-from'))) return { kind: 'allow-from', value: joined };
  return { kind: 'invalid', value: joined };
}

/**
 * X-Content-Type-Options after the Fetch standard: browsers apply nosniff when the first
 * list item is `nosniff` (case-insensitive). `allNosniff` tells whether every item is.
 */
export function parseXContentTypeOptions(values: readonly string[]): { nosniff: boolean; allNosniff: boolean } {
  const items = values.flatMap((v) => v.split(',').map((s) => s.trim().toLowerCase()));
  return {
    nosniff: items[0] === 'nosniff',
    allNosniff: items.length > 0 && items.every((i) => i === 'nosniff'),
  };
}

export const REFERRER_POLICIES = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'same-origin',
  'origin',
  'strict-origin',
  'origin-when-cross-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
] as const;
export type ReferrerPolicyToken = (typeof REFERRER_POLICIES)[number];

/** Policies that send the full URL or the origin across sites or to http. */
export const WEAK_REFERRER_POLICIES: readonly ReferrerPolicyToken[] = [
  'unsafe-url',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
];

/**
 * Referrer-Policy after the Referrer Policy spec: all occurrences form one comma list; the
 * last recognised token wins (unknown tokens are skipped, so new policies can be listed after
 * a fallback). Null when no token is a known policy.
 */
export function parseReferrerPolicy(values: readonly string[]): ReferrerPolicyToken | null {
  const tokens = values.flatMap((v) => splitList(v)).map((t) => t.toLowerCase());
  let policy: ReferrerPolicyToken | null = null;
  for (const t of tokens) if ((REFERRER_POLICIES as readonly string[]).includes(t)) policy = t as ReferrerPolicyToken;
  return policy;
}

export interface SetCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** The SameSite attribute as written (null when absent; "" when given without a value). */
  sameSite: string | null;
}

/** One Set-Cookie header (one cookie per header; attributes are case-insensitive). */
export function parseSetCookie(value: string): SetCookie {
  const [pair, ...attrs] = value.split(';');
  const eq = pair.indexOf('=');
  const name = (eq === -1 ? '' : pair.slice(0, eq)).trim() || pair.trim();
  let secure = false;
  let httpOnly = false;
  let sameSite: string | null = null;
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
    const val = i === -1 ? '' : attr.slice(i + 1).trim();
    if (key === 'secure') secure = true;
    else if (key === 'httponly') httpOnly = true;
    else if (key === 'samesite') sameSite = val;
  }
  return { name, secure, httpOnly, sameSite };
}

/** Value of a structured-header token field without its parameters (COOP/COEP). */
function tokenWithoutParams(value: string): string {
  return value.split(';')[0].trim();
}

export const COOP_VALUES = ['unsafe-none', 'same-origin-allow-popups', 'same-origin', 'noopener-allow-popups'] as const;
export const COEP_VALUES = ['unsafe-none', 'require-corp', 'credentialless'] as const;
export const CORP_VALUES = ['same-site', 'same-origin', 'cross-origin'] as const;

/**
 * Whether a Cross-Origin-*-Policy header is one browsers accept: exactly one occurrence whose
 * value (parameters such as report-to aside, for COOP and COEP) is a known token. Tokens are
 * case-sensitive, as browsers treat them.
 */
export function isValidCrossOriginHeader(
  header: 'cross-origin-opener-policy' | 'cross-origin-embedder-policy' | 'cross-origin-resource-policy',
  values: readonly string[],
): boolean {
  if (values.length !== 1) return false;
  if (header === 'cross-origin-resource-policy') return (CORP_VALUES as readonly string[]).includes(values[0].trim());
  const token = tokenWithoutParams(values[0]);
  const allowed: readonly string[] = header === 'cross-origin-opener-policy' ? COOP_VALUES : COEP_VALUES;
  return allowed.includes(token);
}

/** A Server header that discloses a version number (e.g. nginx/1.25.3, Apache/2.4.58 (Unix)). */
export function serverDisclosesVersion(value: string): boolean {
  return /\/\s*v?\d/i.test(value) || /\bv?\d+\.\d+/i.test(value);
}
