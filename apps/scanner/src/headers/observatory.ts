/**
 * The deeper score: the MDN HTTP Observatory's tests and modifiers, algorithm version 6
 * (mdn/mdn-http-observatory 1.6): baseline 100, penalties first, bonuses only when the
 * penalised score is at least 90, floor 0. Headers are read as the Observatory reads them:
 * a header sent twice is judged on the combined value ("a, b"), as Node's HTTP client hands
 * it over. Where Vigil differs on purpose, docs/decisions.md says so.
 */
import { type CspPolicy } from './csp.js';
import { type HeaderMap, headerValues, joinedHeader } from './header-map.js';
import { parseReferrerPolicy, parseSetCookie, WEAK_REFERRER_POLICIES } from './header-values.js';
import { structuredFieldToken } from './sf-token.js';
import { sriResult } from './sri.js';
import type { AdvancedTest, HttpRedirectProbe, ScriptTag } from './types.js';

/** The Observatory scoring algorithm followed (its ALGORITHM_VERSION). */
export const OBSERVATORY_ALGORITHM_VERSION = 6;

export interface ObservatoryInput {
  headers: HeaderMap;
  /** Enforced Content-Security-Policy policies. */
  csp: CspPolicy[];
  /** The graded response came over https. */
  https: boolean;
  certificateTrusted: boolean;
  httpProbe: HttpRedirectProbe;
  /** The hostname asked about (Subresource Integrity: which scripts are foreign). */
  hostname: string;
  /** The page's <script> elements (empty when the body was not read or had none). */
  scripts: readonly ScriptTag[];
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

/** The Observatory refuses a policy shorter than its shortest directive name, less one. */
const MIN_POLICY_LENGTH = 'img-src'.length - 1;
const NONCE_OR_HASH_PREFIXES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];

/** A nonce or hash source, by prefix as the Observatory tells them (sources are lower-cased). */
function hasNonceOrHashSource(sources: ReadonlySet<string>): boolean {
  return [...sources].some((s) => NONCE_OR_HASH_PREFIXES.some((p) => s.startsWith(p)));
}

function evaluateCspPolicy(policy: CspPolicy, https: boolean): Outcome {
  if (policy.text.length < MIN_POLICY_LENGTH) return CSP.invalid;
  if (policy.duplicates.some((d) => !ALLOWED_DUPLICATES.has(d))) return CSP.invalid;
  // An unrestricted fetch directive allows everything.
  const script = sourcesOf(policy, 'script-src') ?? new Set(['*']);
  const style = sourcesOf(policy, 'style-src') ?? new Set(['*']);
  const object = sourcesOf(policy, 'object-src') ?? new Set(['*']);
  const scriptHasNonce = hasNonceOrHashSource(script);
  if (scriptHasNonce) script.delete("'unsafe-inline'");
  if (hasNonceOrHashSource(style)) style.delete("'unsafe-inline'");
  if (script.has("'strict-dynamic'")) {
    if (!scriptHasNonce) return CSP.invalid;
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

/** The policy texts as the Observatory splits them: every comma item, blank ones included. */
function rawPolicies(headers: HeaderMap): string[] {
  return headerValues(headers, 'content-security-policy').flatMap((v) => v.split(',').map((p) => p.replace(/[\r\n]/g, '').trim()));
}

function cspTest(input: ObservatoryInput): Outcome {
  const raw = rawPolicies(input.headers);
  if (raw.some((p) => p.length < MIN_POLICY_LENGTH)) return CSP.invalid;
  if (!input.csp.some((p) => p.directives.size)) {
    return joinedHeader(input.headers, 'content-security-policy-report-only') ? CSP.reportOnly : CSP.missing;
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

/**
 * The combined value of a header as the Observatory's HTTP client sees it (every occurrence
 * joined with ", "), cut to `max` characters; null when absent.
 */
function combined(headers: HeaderMap, name: string, max: number): string | null {
  return joinedHeader(headers, name)?.slice(0, max) ?? null;
}

function corsTest(input: ObservatoryInput): Outcome {
  const acao = combined(input.headers, 'access-control-allow-origin', 256);
  if (!acao) {
    return O('cross-origin-resource-sharing-not-implemented', 0, 'Content is not visible via cross-origin resource sharing (CORS) headers');
  }
  return acao.trim().toLowerCase() === '*'
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
  const value = combined(input.headers, 'strict-transport-security', 1024);
  if (value === null) return O('hsts-not-implemented', -20, 'Strict-Transport-Security header not implemented');
  const invalid = O('hsts-header-invalid', -20, 'Strict-Transport-Security header cannot be recognized');
  // A comma means the header was sent more than once (or is malformed): either way invalid.
  if (value.includes(',')) return invalid;
  let maxAge: number | null = null;
  for (const p of value.split(';').map((s) => s.trim().toLowerCase())) {
    if (p.startsWith('max-age=')) maxAge = Number.parseInt(p.slice(8, 128), 10);
  }
  // Vigil differs on purpose: max-age=abc is invalid (upstream reads NaN as six months).
  if (maxAge === null || Number.isNaN(maxAge)) return invalid;
  return maxAge < 15_552_000
    ? O('hsts-implemented-max-age-less-than-six-months', -10, 'Strict-Transport-Security set to less than six months (15552000)')
    : O('hsts-implemented-max-age-at-least-six-months', 0, 'Strict-Transport-Security set to at least six months (15552000)');
}

function xctoTest(input: ObservatoryInput): Outcome {
  const value = combined(input.headers, 'x-content-type-options', 256);
  if (!value) return O('x-content-type-options-not-implemented', -5, 'X-Content-Type-Options header not implemented');
  return value.trim().toLowerCase() === 'nosniff'
    ? O('x-content-type-options-nosniff', 0, 'X-Content-Type-Options set to nosniff')
    : O('x-content-type-options-header-invalid', -5, 'X-Content-Type-Options header cannot be recognized');
}

/** CSP results whose policy counts: frame-ancestors in a missing or invalid CSP earns nothing. */
const CSP_WITHOUT_POLICY = new Set([CSP.invalid, CSP.missing, CSP.reportOnly].map((o) => o.result));

function xfoTest(input: ObservatoryInput, csp: Outcome): Outcome {
  if (!CSP_WITHOUT_POLICY.has(csp.result) && input.csp.some((p) => p.directives.has('frame-ancestors'))) {
    return O('x-frame-options-implemented-via-csp', 5, 'X-Frame-Options implemented via the CSP frame-ancestors directive');
  }
  const value = combined(input.headers, 'x-frame-options', 1024);
  if (!value) return O('x-frame-options-not-implemented', -20, 'X-Frame-Options header not implemented');
  const v = value.trim().toLowerCase();
  if (v === 'deny' || v === 'sameorigin') return O('x-frame-options-sameorigin-or-deny', 5, 'X-Frame-Options set to SAMEORIGIN or DENY');
  if (v.startsWith('allow-from')) return O('x-frame-options-allow-from-origin', 0, 'X-Frame-Options uses the ALLOW-FROM directive');
  return O('x-frame-options-header-invalid', -20, 'X-Frame-Options header cannot be recognized');
}
const XFO_FAIL = new Set(['x-frame-options-not-implemented', 'x-frame-options-header-invalid']);

function corpTest(input: ObservatoryInput): Outcome {
  const value = combined(input.headers, 'cross-origin-resource-policy', 256)?.trim().toLowerCase();
  if (!value) return O('cross-origin-resource-policy-not-implemented', 0, 'Cross-Origin-Resource-Policy not implemented (defaults to cross-origin)');
  switch (value) {
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

const COOP: Record<string, Outcome> = {
  'same-origin': O('coop-implemented-with-same-origin', 10, 'Cross-Origin-Opener-Policy isolates the page from cross-origin windows (same-origin)'),
  'same-origin-allow-popups': O('coop-implemented-with-same-origin-allow-popups', 10, 'Cross-Origin-Opener-Policy isolates the page, keeping its own popups (same-origin-allow-popups)'),
  'noopener-allow-popups': O('coop-implemented-with-noopener-allow-popups', 10, 'Cross-Origin-Opener-Policy severs openers (noopener-allow-popups)'),
  'unsafe-none': O('coop-implemented-with-unsafe-none', 0, 'Cross-Origin-Opener-Policy set to unsafe-none: no isolation'),
};
const COEP: Record<string, Outcome> = {
  'require-corp': O('coep-implemented-with-require-corp', 10, 'Cross-Origin-Embedder-Policy requires CORP or CORS for cross-origin resources (require-corp)'),
  credentialless: O('coep-implemented-with-credentialless', 10, 'Cross-Origin-Embedder-Policy loads cross-origin resources without credentials (credentialless)'),
  'unsafe-none': O('coep-implemented-with-unsafe-none', 0, 'Cross-Origin-Embedder-Policy set to unsafe-none: no restriction'),
};

/** COOP and COEP: one structured-field token; sent twice (a list) is invalid. */
function tokenHeaderTest(
  input: ObservatoryInput,
  name: string,
  outcomes: Record<string, Outcome>,
  missing: Outcome,
  invalid: Outcome,
): Outcome {
  const value = combined(input.headers, name, 1024)?.trim();
  if (!value) return missing;
  const token = structuredFieldToken(value);
  return (token !== null && Object.hasOwn(outcomes, token) ? outcomes[token] : undefined) ?? invalid;
}

function coopTest(input: ObservatoryInput): Outcome {
  return tokenHeaderTest(
    input,
    'cross-origin-opener-policy',
    COOP,
    O('coop-not-implemented', 0, 'Cross-Origin-Opener-Policy not implemented'),
    O('coop-header-invalid', -5, 'Cross-Origin-Opener-Policy header cannot be recognized'),
  );
}

function coepTest(input: ObservatoryInput): Outcome {
  return tokenHeaderTest(
    input,
    'cross-origin-embedder-policy',
    COEP,
    O('coep-not-implemented', 0, 'Cross-Origin-Embedder-Policy not implemented'),
    O('coep-header-invalid', -5, 'Cross-Origin-Embedder-Policy header cannot be recognized'),
  );
}

const SRI: Record<ReturnType<typeof sriResult>, { outcome: Outcome; pass: boolean }> = {
  'sri-implemented-and-all-scripts-loaded-securely': {
    outcome: O('sri-implemented-and-all-scripts-loaded-securely', 5, 'Subresource Integrity implemented and all scripts are loaded from a similar origin'),
    pass: true,
  },
  'sri-implemented-and-external-scripts-loaded-securely': {
    outcome: O('sri-implemented-and-external-scripts-loaded-securely', 5, 'Subresource Integrity implemented and all scripts are loaded securely'),
    pass: true,
  },
  'sri-implemented-but-external-scripts-not-loaded-securely': {
    outcome: O('sri-implemented-but-external-scripts-not-loaded-securely', -20, 'Subresource Integrity implemented, but external scripts are loaded over http'),
    pass: false,
  },
  'sri-not-implemented-but-external-scripts-loaded-securely': {
    outcome: O('sri-not-implemented-but-external-scripts-loaded-securely', -5, 'Subresource Integrity not implemented, but all external scripts are loaded over https'),
    pass: false,
  },
  'sri-not-implemented-and-external-scripts-not-loaded-securely': {
    outcome: O('sri-not-implemented-and-external-scripts-not-loaded-securely', -50, 'Subresource Integrity not implemented, and external scripts are loaded over http or protocol-relative URLs'),
    pass: false,
  },
  'sri-not-implemented-response-not-html': {
    outcome: O('sri-not-implemented-response-not-html', 0, 'Subresource Integrity is only needed for HTML resources'),
    pass: true,
  },
  'sri-not-implemented-but-no-scripts-loaded': {
    outcome: O('sri-not-implemented-but-no-scripts-loaded', 0, 'Subresource Integrity is not needed: the page loads no scripts'),
    pass: true,
  },
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': {
    outcome: O('sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0, 'Subresource Integrity not implemented, as all scripts are loaded from a similar origin'),
    pass: true,
  },
};

function sriTest(input: ObservatoryInput): { outcome: Outcome; pass: boolean } {
  const contentType = headerValues(input.headers, 'content-type')[0] ?? null;
  return SRI[sriResult({ contentType, scripts: input.scripts, hostname: input.hostname, https: input.https })];
}

/** Every test, in the Observatory's order. */
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
  const coep = coepTest(input);
  const coop = coopTest(input);
  const redirection = redirectionTest(input);
  const referrer = referrerTest(input);
  const sri = sriTest(input);
  const xcto = xctoTest(input);
  const xfo = xfoTest(input, csp);
  const corp = corpTest(input);
  return [
    entry('content-security-policy', csp, CSP_PASS.has(csp.result)),
    entry('cookies', cookies, [COOKIES.none, COOKIES.secure, COOKIES.withSameSite].includes(cookies)),
    entry('cross-origin-embedder-policy', coep, coep.result !== 'coep-header-invalid'),
    entry('cross-origin-opener-policy', coop, coop.result !== 'coop-header-invalid'),
    entry('cross-origin-resource-sharing', corsTest(input), true),
    entry('redirection', redirection, REDIRECT_PASS.has(redirection.result)),
    entry('referrer-policy', referrer, REFERRER_PASS.has(referrer.result)),
    entry('strict-transport-security', hsts, hstsPass),
    entry('subresource-integrity', sri.outcome, sri.pass),
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
