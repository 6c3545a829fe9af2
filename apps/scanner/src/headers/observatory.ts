/**
 * The deeper score: tests and modifiers after the MDN HTTP Observatory's scoring methodology
 * (baseline 100, penalties first, bonuses only when the penalised score is at least 90,
 * floor 0). Tests that need the response body (Subresource Integrity) or the HSTS preload
 * list are not run: the check reads headers only.
 */
import { type CspPolicy, hasNonceOrHash } from './csp.js';
import { type HeaderMap, headerValues } from './header-map.js';
import { parseReferrerPolicy, parseSetCookie, WEAK_REFERRER_POLICIES } from './header-values.js';
import type { AdvancedTest, HttpRedirectProbe } from './types.js';

export interface ObservatoryInput {
  headers: HeaderMap;
  /** Enforced Content-Security-Policy policies. */
  csp: CspPolicy[];
  /** The graded response came over https. */
  https: boolean;
  certificateTrusted: boolean;
  httpProbe: HttpRedirectProbe;
}

interface Outcome {
  result: string;
  modifier: number;
  description: string;
}

const O = (result: string, modifier: number, description: string): Outcome => ({ result, modifier, description });

const CSP = {
  defaultNone: O('csp-implemented-with-no-unsafe-default-src-none', 10, "CSP implemented with default-src 'none' and without 'unsafe-inline' or 'unsafe-eval'"),
  noUnsafe: O('csp-implemented-with-no-unsafe', 5, "CSP implemented without 'unsafe-inline' or 'unsafe-eval'"),
  duplicates: O('csp-implemented-but-duplicate-directives', 0, 'CSP implemented, but with duplicate report-uri or report-to directives'),
  styleOnly: O('csp-implemented-with-unsafe-inline-in-style-src-only', 0, "CSP implemented with unsafe sources ('unsafe-inline', data: or overly broad sources) in style-src only"),
  passive: O('csp-implemented-with-insecure-scheme-in-passive-content-only', -10, 'CSP implemented, but an https site allows images or media over http'),
  unsafeEval: O('csp-implemented-with-unsafe-eval', -10, "CSP implemented, but allows 'unsafe-eval'"),
  unsafeInline: O('csp-implemented-with-unsafe-inline', -20, "CSP implemented unsafely: 'unsafe-inline', data: or overly broad sources in script-src, overly broad object-src, or script-src/object-src not restricted"),
  insecureScheme: O('csp-implemented-with-insecure-scheme', -20, 'CSP implemented, but an https site allows resources over http'),
  invalid: O('csp-header-invalid', -25, 'CSP header cannot be parsed successfully'),
  reportOnly: O('csp-not-implemented-but-reporting-enabled', -25, 'CSP reporting only, with Content-Security-Policy-Report-Only; no policy is enforced'),
  missing: O('csp-not-implemented', -25, 'CSP header not implemented'),
};
const CSP_PASS = new Set([CSP.defaultNone, CSP.noUnsafe, CSP.duplicates, CSP.styleOnly, CSP.passive].map((o) => o.result));

const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const ALLOWED_DUPLICATES = new Set(['report-uri', 'report-to']);
const PASSIVE = ['img-src', 'media-src'];

/** Lowercase sources of a directive or its default-src fallback; an empty list means 'none'. */
function sourcesOf(policy: CspPolicy, name: string): Set<string> | undefined {
  const d = policy.directives.get(name) ?? policy.directives.get('default-src');
  if (!d) return undefined;
  return new Set(d.sources.length ? d.sources.map((s) => s.toLowerCase()) : ["'none'"]);
}

function evaluateCspPolicy(policy: CspPolicy, https: boolean): Outcome {
  if (policy.text.length < 'img-src'.length - 1 || policy.directives.size === 0) return CSP.invalid;
  if (policy.duplicates.some((d) => !ALLOWED_DUPLICATES.has(d))) return CSP.invalid;
  // An unrestricted fetch directive allows everything.
  const script = sourcesOf(policy, 'script-src') ?? new Set(['*']);
  const style = sourcesOf(policy, 'style-src') ?? new Set(['*']);
  const object = sourcesOf(policy, 'object-src') ?? new Set(['*']);
  const scriptDirective = policy.directives.get('script-src') ?? policy.directives.get('default-src');
  const styleDirective = policy.directives.get('style-src') ?? policy.directives.get('default-src');
  if (scriptDirective && hasNonceOrHash(scriptDirective)) script.delete("'unsafe-inline'");
  if (styleDirective && hasNonceOrHash(styleDirective)) style.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (!scriptDirective || !hasNonceOrHash(scriptDirective)) return CSP.invalid;
    for (const s of [...script]) {
      if ([...BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") script.delete(s);
    }
  }
  const active: string[] = [...script];
  for (const [name, d] of policy.directives) {
    if (name !== 'script-src' && !PASSIVE.includes(name)) active.push(...d.sources.map((s) => s.toLowerCase()));
  }
  const passive = PASSIVE.flatMap((n) => [...(sourcesOf(policy, n) ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');

  if ([...script].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s)) || [...object].some((s) => BROAD.has(s))) {
    return CSP.unsafeInline;
  }
  if (https && active.some(insecure)) return CSP.insecureScheme;
  if (script.has("'unsafe-eval'") || style.has("'unsafe-eval'")) return CSP.unsafeEval;
  if (https && passive.some(insecure)) return CSP.passive;
  let outcome: Outcome;
  if ([...style].some((s) => BROAD.has(s) || UNSAFE_INLINE.has(s))) outcome = CSP.styleOnly;
  else {
    const def = policy.directives.get('default-src');
    const onlyNone = def && def.sources.length === 1 && def.sources[0].toLowerCase() === "'none'";
    outcome = onlyNone ? CSP.defaultNone : CSP.noUnsafe;
  }
  return policy.duplicates.length ? CSP.duplicates : outcome;
}

function cspTest(input: ObservatoryInput): Outcome {
  if (!input.csp.length) {
    return headerValues(input.headers, 'content-security-policy-report-only').some((v) => v.trim())
      ? CSP.reportOnly
      : CSP.missing;
  }
  const outcomes = input.csp.map((p) => evaluateCspPolicy(p, input.https));
  if (outcomes.includes(CSP.invalid)) return CSP.invalid;
  // Every policy is enforced, so the most protective one bounds what a page may do.
  return outcomes.reduce((best, o) => (o.modifier > best.modifier ? o : best));
}

const COOKIES = {
  withSameSite: O('cookies-secure-with-httponly-sessions-and-samesite', 5, 'All cookies use Secure, session cookies use HttpOnly, and SameSite restricts cross-origin use'),
  secure: O('cookies-secure-with-httponly-sessions', 0, 'All cookies use Secure and all session cookies use HttpOnly'),
  none: O('cookies-not-found', 0, 'No cookies detected'),
  // From least to most severe: a worse finding replaces a milder one.
  withoutSecureHsts: O('cookies-without-secure-flag-but-protected-by-hsts', -5, 'Cookies set without Secure, but HSTS prevents transmission over http'),
  withoutSecure: O('cookies-without-secure-flag', -20, 'Cookies set without Secure or set over http'),
  sessionWithoutSecureHsts: O('cookies-session-without-secure-flag-but-protected-by-hsts', -10, 'Session cookie set without Secure, but HSTS prevents transmission over http'),
  sameSiteInvalid: O('cookies-samesite-flag-invalid', -20, 'Cookies use SameSite with a value other than Strict or Lax, or SameSite=None without Secure'),
  antiCsrf: O('cookies-anticsrf-without-samesite-flag', -20, 'Anti-CSRF tokens set without SameSite'),
  sessionWithoutHttpOnly: O('cookies-session-without-httponly-flag', -30, 'Session cookie set without HttpOnly'),
  sessionWithoutSecure: O('cookies-session-without-secure-flag', -40, 'Session cookie set without Secure or set over http'),
};
const COOKIE_SEVERITY = [
  COOKIES.withoutSecureHsts,
  COOKIES.withoutSecure,
  COOKIES.sessionWithoutSecureHsts,
  COOKIES.sameSiteInvalid,
  COOKIES.antiCsrf,
  COOKIES.sessionWithoutHttpOnly,
  COOKIES.sessionWithoutSecure,
];
const IGNORED_COOKIES = new Set(['heroku-session-affinity']);

function cookiesTest(input: ObservatoryInput, hstsPass: boolean): Outcome {
  const cookies = headerValues(input.headers, 'set-cookie')
    .map(parseSetCookie)
    .filter((c) => c.name && !IGNORED_COOKIES.has(c.name));
  if (!cookies.length) return COOKIES.none;
  const findings: Outcome[] = [];
  const note = (o: Outcome) => findings.push(o);
  let missingSameSite = false;
  for (const c of cookies) {
    const name = c.name.toLowerCase();
    const session = name.includes('login') || name.includes('sess');
    const antiCsrf = name.includes('csrf');
    const sameSite = c.sameSite?.toLowerCase() ?? null;
    const secure = c.secure && input.https;
    if (sameSite !== null && !['lax', 'strict', 'none'].includes(sameSite)) note(COOKIES.sameSiteInvalid);
    if (!secure && sameSite === 'none') note(COOKIES.sameSiteInvalid);
    if (!secure) note(hstsPass ? COOKIES.withoutSecureHsts : COOKIES.withoutSecure);
    if (antiCsrf && !sameSite) note(COOKIES.antiCsrf);
    if (session && !secure) note(hstsPass ? COOKIES.sessionWithoutSecureHsts : COOKIES.sessionWithoutSecure);
    if (session && !c.httpOnly) note(COOKIES.sessionWithoutHttpOnly);
    if (!sameSite) missingSameSite = true;
  }
  if (findings.length) {
    return findings.reduce((worst, o) => (COOKIE_SEVERITY.indexOf(o) > COOKIE_SEVERITY.indexOf(worst) ? o : worst));
  }
  return missingSameSite ? COOKIES.secure : COOKIES.withSameSite;
}

function corsTest(input: ObservatoryInput): Outcome {
  const acao = headerValues(input.headers, 'access-control-allow-origin')[0];
  if (acao === undefined) {
    return O('cross-origin-resource-sharing-not-implemented', 0, 'Content is not visible via cross-origin resource sharing (CORS) headers');
  }
  return acao.trim() === '*'
    ? O('cross-origin-resource-sharing-implemented-with-public-access', 0, 'Public content is visible via the CORS Access-Control-Allow-Origin header')
    : O('cross-origin-resource-sharing-implemented-with-restricted-access', 0, 'Content is visible via CORS headers, but restricted to specific origins');
}

const REDIRECT_PASS = new Set(['redirection-to-https', 'redirection-not-needed-no-http']);

function redirectionTest(input: ObservatoryInput): Outcome {
  const probe = input.httpProbe;
  if (probe.outcome === 'unreachable') return O('redirection-not-needed-no-http', 0, 'Not able to connect over http, so no redirection is necessary');
  if (probe.untrustedCertificate) return O('redirection-invalid-cert', -20, 'Invalid certificate chain encountered during redirection');
  const route = probe.route.map((u) => new URL(u));
  if (route.length === 1) return O('redirection-missing', -20, 'http does not redirect to an https site');
  if (route[route.length - 1].protocol !== 'https:') return O('redirection-not-to-https', -20, 'Redirects, but the final destination is not an https URL');
  if (route[1].protocol === 'http:') return O('redirection-not-to-https-on-initial-redirection', -10, 'Redirects to https eventually, but the first redirection is to another http URL');
  if (route[0].protocol === 'http:' && route[0].hostname !== route[1].hostname) {
    return O('redirection-off-host-from-http', -5, 'The first redirection from http to https goes to a different host, preventing HSTS');
  }
  return O('redirection-to-https', 0, 'The first redirection is to https on the same host, and the final destination is https');
}

function referrerTest(input: ObservatoryInput): Outcome {
  const values = headerValues(input.headers, 'referrer-policy');
  if (!values.length) return O('referrer-policy-not-implemented', 0, 'Referrer-Policy header not implemented');
  const policy = parseReferrerPolicy(values);
  if (!policy) return O('referrer-policy-header-invalid', -5, 'Referrer-Policy header cannot be recognized');
  if (WEAK_REFERRER_POLICIES.includes(policy)) {
    return O('referrer-policy-unsafe', -5, 'Referrer-Policy set unsafely to origin, origin-when-cross-origin, unsafe-url or no-referrer-when-downgrade');
  }
  return O('referrer-policy-private', 5, 'Referrer-Policy set to no-referrer, same-origin, strict-origin or strict-origin-when-cross-origin');
}
const REFERRER_PASS = new Set(['referrer-policy-not-implemented', 'referrer-policy-private']);

function hstsTest(input: ObservatoryInput): Outcome {
  if (!input.https) return O('hsts-not-implemented-no-https', -20, 'Strict-Transport-Security cannot be set for sites not available over https');
  if (!input.certificateTrusted) return O('hsts-invalid-cert', -20, 'Strict-Transport-Security cannot be set, as the site has an invalid certificate chain');
  const first = headerValues(input.headers, 'strict-transport-security')[0];
  if (first === undefined) return O('hsts-not-implemented', -20, 'Strict-Transport-Security header not implemented');
  const invalid = O('hsts-header-invalid', -20, 'Strict-Transport-Security header cannot be recognized');
  if (first.includes(',')) return invalid;
  let maxAge: number | null = null;
  for (const p of first.split(';').map((s) => s.trim().toLowerCase())) {
    if (p.startsWith('max-age=')) maxAge = Number.parseInt(p.slice(8, 128), 10);
  }
  if (maxAge === null || Number.isNaN(maxAge)) return invalid;
  return maxAge < 15_552_000
    ? O('hsts-implemented-max-age-less-than-six-months', -10, 'Strict-Transport-Security set to less than six months (15552000)')
    : O('hsts-implemented-max-age-at-least-six-months', 0, 'Strict-Transport-Security set to at least six months (15552000)');
}

function xctoTest(input: ObservatoryInput): Outcome {
  const first = headerValues(input.headers, 'x-content-type-options')[0];
  if (first === undefined) return O('x-content-type-options-not-implemented', -5, 'X-Content-Type-Options header not implemented');
  return first.trim().toLowerCase() === 'nosniff'
    ? O('x-content-type-options-nosniff', 0, 'X-Content-Type-Options set to nosniff')
    : O('x-content-type-options-header-invalid', -5, 'X-Content-Type-Options header cannot be recognized');
}

function xfoTest(input: ObservatoryInput): Outcome {
  if (input.csp.some((p) => p.directives.has('frame-ancestors'))) {
    return O('x-frame-options-implemented-via-csp', 5, 'X-Frame-Options implemented via the CSP frame-ancestors directive');
  }
  const first = headerValues(input.headers, 'x-frame-options')[0];
  if (first === undefined) return O('x-frame-options-not-implemented', -20, 'X-Frame-Options header not implemented');
  const v = first.trim().toLowerCase();
  if (v === 'deny' || v === 'sameorigin') return O('x-frame-options-sameorigin-or-deny', 0, 'X-Frame-Options set to SAMEORIGIN or DENY');
  if (v.startsWith('allow-from')) return O('x-frame-options-allow-from-origin', 0, 'X-Frame-Options uses the ALLOW-FROM directive');
  return O('x-frame-options-header-invalid', -20, 'X-Frame-Options header cannot be recognized');
}
const XFO_FAIL = new Set(['x-frame-options-not-implemented', 'x-frame-options-header-invalid']);

function corpTest(input: ObservatoryInput): Outcome {
  const first = headerValues(input.headers, 'cross-origin-resource-policy')[0];
  if (first === undefined) return O('cross-origin-resource-policy-not-implemented', 0, 'Cross-Origin-Resource-Policy not implemented (defaults to cross-origin)');
  switch (first.trim().toLowerCase()) {
    case 'same-site':
      return O('cross-origin-resource-policy-implemented-with-same-site', 10, 'Cross-Origin-Resource-Policy prevents leaks into cross-site contexts');
    case 'same-origin':
      return O('cross-origin-resource-policy-implemented-with-same-origin', 10, 'Cross-Origin-Resource-Policy prevents leaks into cross-origin contexts');
    case 'cross-origin':
      return O('cross-origin-resource-policy-implemented-with-cross-origin', 0, 'Cross-Origin-Resource-Policy allows cross-origin use');
    default:
      return O('cross-origin-resource-policy-header-invalid', -5, 'Cross-Origin-Resource-Policy header cannot be recognized');
  }
}

/** Every test, in a fixed order. */
export function observatoryTests(input: ObservatoryInput): AdvancedTest[] {
  const entry = (test: string, o: Outcome, pass: boolean): AdvancedTest => ({
    test,
    pass,
    result: o.result,
    modifier: o.modifier,
    description: o.description,
  });
  const csp = cspTest(input);
  const hsts = hstsTest(input);
  const hstsPass = hsts.result === 'hsts-implemented-max-age-at-least-six-months';
  const cookies = cookiesTest(input, hstsPass);
  const redirection = redirectionTest(input);
  const referrer = referrerTest(input);
  const xcto = xctoTest(input);
  const xfo = xfoTest(input);
  const corp = corpTest(input);
  return [
    entry('content-security-policy', csp, CSP_PASS.has(csp.result)),
    entry('cookies', cookies, [COOKIES.none, COOKIES.secure, COOKIES.withSameSite].includes(cookies)),
    entry('cross-origin-resource-sharing', corsTest(input), true),
    entry('redirection', redirection, REDIRECT_PASS.has(redirection.result)),
    entry('referrer-policy', referrer, REFERRER_PASS.has(referrer.result)),
    entry('strict-transport-security', hsts, hstsPass),
    entry('x-content-type-options', xcto, xcto.result === 'x-content-type-options-nosniff'),
    entry('x-frame-options', xfo, !XFO_FAIL.has(xfo.result)),
    entry('cross-origin-resource-policy', corp, corp.result !== 'cross-origin-resource-policy-header-invalid'),
  ];
}

/** 100 plus penalties; bonuses only when that is at least 90; never below 0. */
export function observatoryScore(tests: readonly Pick<AdvancedTest, 'modifier'>[]): number {
  const penalised = 100 + tests.reduce((s, t) => s + Math.min(0, t.modifier), 0);
  const bonus = penalised >= 90 ? tests.reduce((s, t) => s + Math.max(0, t.modifier), 0) : 0;
  return Math.max(0, penalised + bonus);
}
