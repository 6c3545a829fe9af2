/**
 * The headline security-header grade (decisions §5 "Header grade"): points for six headers,
 * the cap at A for an unsafe script policy, warnings that never change the grade, and the
 * Observatory-style deeper score. Pure: headers in, report out.
 */
import {
  type CspPolicy,
  allowsUnsafeEval,
  allowsUnsafeInline,
  effectiveScriptDirective,
  hasKeyword,
  hasNonceOrHash,
  parseCspHeader,
} from './csp.js';
import { type HeaderInput, type HeaderMap, headerValues, rawHeadersObject, toHeaderMap } from './header-map.js';
import {
  COEP_VALUES,
  COOP_VALUES,
  CORP_VALUES,
  HSTS_MIN_RECOMMENDED_MAX_AGE,
  isValidCrossOriginHeader,
  parseHsts,
  parseReferrerPolicy,
  parseSetCookie,
  parseXContentTypeOptions,
  parseXFrameOptions,
  serverDisclosesVersion,
  WEAK_REFERRER_POLICIES,
} from './header-values.js';
import { OBSERVATORY_ALGORITHM_VERSION, observatoryScore, observatoryTests } from './observatory.js';
import {
  GRADED_HEADERS,
  MAX_POINTS,
  type GradedHeaderName,
  type HeaderGrade,
  type HeaderGradeResult,
  type HeaderVerdict,
  type HttpRedirectProbe,
  type ScriptTag,
  type UpcomingHeader,
} from './types.js';

export interface GradeContext {
  /** What the user asked about, e.g. "example.com" or "example.com:8443" (summary.site). */
  site: string;
  /** The graded response came over https (HSTS counts only then). */
  https: boolean;
  /** The certificate of the graded response verified (default true). */
  certificateTrusted?: boolean;
  /** What http://host/ did (service.https_redirect); default: not reachable over http. */
  httpProbe?: HttpRedirectProbe;
  /** Warnings raised while fetching (e.g. an untrusted certificate); listed first. */
  fetchWarnings?: readonly string[];
  /** The page's <script> elements, for the Subresource Integrity test (default none). */
  scripts?: readonly ScriptTag[];
}

/** The hostname of `site` ("example.com:8443" → "example.com"). */
function hostnameOf(site: string): string {
  try {
    return new URL(`http://${site}`).hostname;
  } catch {
    return site;
  }
}

/** Letter for a score: 100 A+, 90-99 A, 75-89 B, 60-74 C, 40-59 D, below 40 F. */
export function scoreToGrade(score: number): HeaderGrade {
  if (score >= 100) return 'A+';
  if (score >= 90) return 'A';
  if (score >= 75) return 'B';
  if (score >= 60) return 'C';
  if (score >= 40) return 'D';
  return 'F';
}

export interface ScriptCap {
  /** The directive that governs scripts in the policy that decided (script-src or default-src). */
  directive: 'script-src' | 'default-src';
  unsafeInline: boolean;
  unsafeEval: boolean;
  reason: string;
}

/**
 * The cap rule: the effective script policy (script-src, else default-src) allows
 * 'unsafe-eval', or 'unsafe-inline' without a nonce or hash in the same directive. With
 * several enforced policies a script must pass all of them, so the cap applies only when
 * every policy that restricts scripts allows the keyword. Null when the rule does not apply.
 */
export function scriptPolicyCap(policies: readonly CspPolicy[]): ScriptCap | null {
  const governing = policies
    .map((p) => effectiveScriptDirective(p))
    .filter((d): d is NonNullable<typeof d> => d !== undefined);
  if (!governing.length) return null;
  const unsafeInline = governing.every(allowsUnsafeInline);
  const unsafeEval = governing.every(allowsUnsafeEval);
  if (!unsafeInline && !unsafeEval) return null;
  const directive = governing[0].name as 'script-src' | 'default-src';
  const where =
    directive === 'script-src' ? 'script-src' : 'default-src (which governs scripts, as there is no script-src)';
  const keywords = [
    unsafeInline ? "'unsafe-inline' without a nonce or hash" : null,
    unsafeEval ? "'unsafe-eval'" : null,
  ].filter(Boolean);
  return {
    directive,
    unsafeInline,
    unsafeEval,
    reason: `Content-Security-Policy ${where} allows ${keywords.join(' and ')}: grade capped at A`,
  };
}

interface Evaluation {
  verdict: HeaderVerdict;
  warnings: string[];
}

function verdict(
  name: GradedHeaderName,
  values: readonly string[],
  valid: boolean,
  points: number,
  note: string,
): HeaderVerdict {
  return {
    present: values.length > 0,
    valid,
    points,
    max_points: MAX_POINTS[name],
    value: values.length ? values.join(', ') : null,
    note,
  };
}

function evaluateCsp(headers: HeaderMap, policies: CspPolicy[], cap: ScriptCap | null): Evaluation {
  const name = 'Content-Security-Policy';
  const values = headerValues(headers, name);
  const reportOnly = headerValues(headers, 'content-security-policy-report-only').some((v) => v.trim());
  const warnings: string[] = [];
  if (!policies.some((p) => p.directives.size) && reportOnly) {
    warnings.push(
      'Content-Security-Policy-Report-Only is set without an enforced Content-Security-Policy: violations are reported, not blocked',
    );
  }
  const unsafe = new Set<string>();
  const duplicates = new Set<string>();
  for (const policy of policies) {
    for (const d of policy.directives.values()) {
      if (hasKeyword(d, "'unsafe-inline'") && !hasNonceOrHash(d)) unsafe.add(`${d.name} allows 'unsafe-inline'`);
      if (hasKeyword(d, "'unsafe-eval'")) unsafe.add(`${d.name} allows 'unsafe-eval'`);
      if (hasKeyword(d, "'unsafe-hashes'")) unsafe.add(`${d.name} allows 'unsafe-hashes'`);
    }
    for (const dup of policy.duplicates) duplicates.add(dup);
    const script = effectiveScriptDirective(policy);
    if (script && script.sources.includes('*')) {
      unsafe.add(`${script.name} allows scripts from any host (*)`);
    }
  }
  for (const u of unsafe) warnings.push(`Content-Security-Policy ${u}`);
  for (const d of duplicates) {
    warnings.push(`Content-Security-Policy has a duplicate ${d} directive: browsers ignore all but the first`);
  }

  if (!values.length) {
    const note = reportOnly
      ? 'Not sent; only Content-Security-Policy-Report-Only is set, which enforces nothing'
      : 'Not sent';
    return { verdict: verdict(name, values, false, 0, note), warnings };
  }
  const directives = policies.reduce((n, p) => n + p.directives.size, 0);
  if (!directives) {
    return { verdict: verdict(name, values, false, 0, 'Sent without any directive: nothing is enforced'), warnings };
  }
  let note =
    policies.length > 1
      ? `${policies.length} enforced policies with ${directives} directives in all`
      : `Enforced policy with ${directives} directive${directives === 1 ? '' : 's'}`;
  note += cap ? `; ${cap.reason}` : '';
  return { verdict: verdict(name, values, true, MAX_POINTS[name], note), warnings };
}

function evaluateHsts(headers: HeaderMap, https: boolean, trusted: boolean): Evaluation {
  const name = 'Strict-Transport-Security';
  const values = headerValues(headers, name);
  if (!values.length) {
    return { verdict: verdict(name, values, false, 0, https ? 'Not sent' : 'Not sent (the site answered over plain http)'), warnings: [] };
  }
  const parsed = parseHsts(values[0]);
  const twice = values.length > 1 ? '; sent more than once, browsers use only the first' : '';
  if (!parsed.valid) {
    return {
      verdict: verdict(name, values, false, 0, `Invalid: ${parsed.reason}${twice}`),
      warnings: [`Strict-Transport-Security is invalid: ${parsed.reason}`],
    };
  }
  const warnings: string[] = [];
  if (parsed.maxAge < HSTS_MIN_RECOMMENDED_MAX_AGE) {
    warnings.push(
      `Strict-Transport-Security max-age=${parsed.maxAge} is below 15552000 seconds (180 days)`,
    );
  }
  const flags = [parsed.includeSubDomains ? 'includeSubDomains' : null, parsed.preload ? 'preload' : null].filter(Boolean);
  const described = `max-age=${parsed.maxAge}${flags.length ? ` with ${flags.join(' and ')}` : ''}`;
  if (!https) {
    return {
      verdict: verdict(name, values, true, 0, `${described}, but sent over plain http, where browsers ignore it${twice}`),
      warnings,
    };
  }
  if (parsed.maxAge === 0) {
    return {
      verdict: verdict(name, values, true, 0, `max-age=0 tells browsers to forget the HSTS policy${twice}`),
      warnings,
    };
  }
  const untrusted = trusted ? '' : ' (the certificate is not trusted, and browsers ignore HSTS on such connections)';
  return { verdict: verdict(name, values, true, MAX_POINTS[name], `${described}${untrusted}${twice}`), warnings };
}

function evaluateXfo(headers: HeaderMap, policies: CspPolicy[]): Evaluation {
  const name = 'X-Frame-Options';
  const values = headerValues(headers, name);
  const frameAncestors = policies.some((p) => p.directives.has('frame-ancestors'));
  const viaCsp = 'CSP frame-ancestors protects against framing';
  if (!values.length) {
    return {
      verdict: verdict(name, values, false, frameAncestors ? MAX_POINTS[name] : 0, frameAncestors ? `Not sent; ${viaCsp}` : 'Not sent'),
      warnings: [],
    };
  }
  const parsed = parseXFrameOptions(values);
  if (parsed.kind === 'deny' || parsed.kind === 'sameorigin') {
    return { verdict: verdict(name, values, true, MAX_POINTS[name], `Framing restricted (${parsed.kind.toUpperCase()})`), warnings: [] };
  }
  const points = frameAncestors ? MAX_POINTS[name] : 0;
  const suffix = frameAncestors ? `; ${viaCsp}` : '';
  if (parsed.kind === 'allow-from') {
    return {
      verdict: verdict(name, values, false, points, `ALLOW-FROM is ignored by current browsers${suffix}`),
      warnings: ['X-Frame-Options uses ALLOW-FROM, which current browsers ignore: use CSP frame-ancestors'],
    };
  }
  return {
    verdict: verdict(name, values, false, points, `Invalid value "${parsed.value}" (expected DENY or SAMEORIGIN)${suffix}`),
    warnings: [`X-Frame-Options value "${parsed.value}" is invalid: use DENY or SAMEORIGIN`],
  };
}

function evaluateXcto(headers: HeaderMap): Evaluation {
  const name = 'X-Content-Type-Options';
  const values = headerValues(headers, name);
  if (!values.length) return { verdict: verdict(name, values, false, 0, 'Not sent'), warnings: [] };
  const { nosniff, allNosniff } = parseXContentTypeOptions(values);
  const joined = values.join(', ');
  const warnings = allNosniff ? [] : [`X-Content-Type-Options value "${joined}" is invalid: use nosniff`];
  if (nosniff) {
    return {
      verdict: verdict(name, values, allNosniff, MAX_POINTS[name], allNosniff ? 'nosniff: MIME sniffing disabled' : 'nosniff applies, but extra values follow it'),
      warnings,
    };
  }
  return { verdict: verdict(name, values, false, 0, `Invalid value "${joined}" (expected nosniff)`), warnings };
}

function evaluateReferrerPolicy(headers: HeaderMap): Evaluation {
  const name = 'Referrer-Policy';
  const values = headerValues(headers, name);
  if (!values.length) {
    return { verdict: verdict(name, values, false, 0, 'Not sent (browsers default to strict-origin-when-cross-origin)'), warnings: [] };
  }
  const policy = parseReferrerPolicy(values);
  if (!policy) {
    return { verdict: verdict(name, values, false, 0, `No recognised policy in "${values.join(', ')}"`), warnings: [] };
  }
  if (WEAK_REFERRER_POLICIES.includes(policy)) {
    return {
      verdict: verdict(name, values, true, MAX_POINTS[name], `Effective policy ${policy} is weak`),
      warnings: [`Referrer-Policy ${policy} is weak: it can leak URLs or origins to other sites or over http`],
    };
  }
  return { verdict: verdict(name, values, true, MAX_POINTS[name], `Effective policy ${policy}`), warnings: [] };
}

function evaluatePermissionsPolicy(headers: HeaderMap): Evaluation {
  const name = 'Permissions-Policy';
  const values = headerValues(headers, name);
  if (!values.length) return { verdict: verdict(name, values, false, 0, 'Not sent'), warnings: [] };
  if (!values.some((v) => v.trim())) return { verdict: verdict(name, values, false, 0, 'Sent empty'), warnings: [] };
  return { verdict: verdict(name, values, true, MAX_POINTS[name], 'Browser features restricted'), warnings: [] };
}

function otherWarnings(headers: HeaderMap): string[] {
  const warnings: string[] = [];
  for (const v of headerValues(headers, 'server')) {
    if (serverDisclosesVersion(v)) warnings.push(`Server header discloses a version: "${v}"`);
  }
  for (const v of headerValues(headers, 'x-powered-by')) {
    warnings.push(`X-Powered-By header discloses the technology stack: "${v}"`);
  }
  for (const v of headerValues(headers, 'x-xss-protection')) {
    if (v.trim() !== '0') {
      warnings.push(`X-XSS-Protection is "${v}": set it to 0 or remove it (the XSS filter is obsolete and can be abused)`);
    }
  }
  if (headerValues(headers, 'access-control-allow-origin').some((v) => v.trim() === '*')) {
    warnings.push('Access-Control-Allow-Origin: * lets any website read this response');
  }
  for (const raw of headerValues(headers, 'set-cookie')) {
    const c = parseSetCookie(raw);
    const missing = [c.secure ? null : 'Secure', c.httpOnly ? null : 'HttpOnly'].filter(Boolean);
    if (missing.length) warnings.push(`Cookie "${c.name}" is set without ${missing.join(' and ')}`);
  }
  const crossOrigin = [
    ['Cross-Origin-Opener-Policy', COOP_VALUES],
    ['Cross-Origin-Embedder-Policy', COEP_VALUES],
    ['Cross-Origin-Resource-Policy', CORP_VALUES],
  ] as const;
  for (const [name, allowed] of crossOrigin) {
    const values = headerValues(headers, name);
    if (!values.length) continue;
    if (values.length > 1) warnings.push(`${name} is sent ${values.length} times, so browsers ignore it`);
    else if (!isValidCrossOriginHeader(name.toLowerCase() as Parameters<typeof isValidCrossOriginHeader>[0], values)) {
      warnings.push(`${name} value "${values[0]}" is invalid (expected ${allowed.join(', ')})`);
    }
  }
  return warnings;
}

const UPCOMING: readonly Omit<UpcomingHeader, 'present' | 'value'>[] = [
  {
    header: 'Cross-Origin-Opener-Policy',
    description:
      'Puts the page in its own browsing context group, away from cross-origin windows that open it or that it opens (protects against cross-window attacks and XS-Leaks); with COEP it enables cross-origin isolation.',
  },
  {
    header: 'Cross-Origin-Embedder-Policy',
    description:
      'Lets the page load only cross-origin resources that explicitly allow it (through CORP or CORS); with COOP it enables cross-origin isolation.',
  },
  {
    header: 'Cross-Origin-Resource-Policy',
    description:
      'Tells browsers which sites may embed this resource (same-origin, same-site or cross-origin), protecting it from cross-site inclusion and Spectre-style leaks.',
  },
];

/** Grades one response's headers. Pure; the same input always gives the same report. */
export function gradeHeaders(input: HeaderInput, ctx: GradeContext): HeaderGradeResult {
  const headers = toHeaderMap(input);
  const trusted = ctx.certificateTrusted ?? true;
  const policies = parseCspHeader(headerValues(headers, 'content-security-policy'));
  const cap = scriptPolicyCap(policies);

  const evaluations: Record<GradedHeaderName, Evaluation> = {
    'Content-Security-Policy': evaluateCsp(headers, policies, cap),
    'Strict-Transport-Security': evaluateHsts(headers, ctx.https, trusted),
    'X-Frame-Options': evaluateXfo(headers, policies),
    'X-Content-Type-Options': evaluateXcto(headers),
    'Referrer-Policy': evaluateReferrerPolicy(headers),
    'Permissions-Policy': evaluatePermissionsPolicy(headers),
  };

  const warnings = [...(ctx.fetchWarnings ?? [])];
  for (const name of GRADED_HEADERS) warnings.push(...evaluations[name].warnings);
  warnings.push(...otherWarnings(headers));
  for (const name of GRADED_HEADERS) {
    const n = headerValues(headers, name).length;
    if (n > 1) warnings.push(`Duplicate ${name} header: sent ${n} times`);
  }

  const score = GRADED_HEADERS.reduce((s, name) => s + evaluations[name].verdict.points, 0);
  const uncapped = scoreToGrade(score);
  const grade = cap && uncapped === 'A+' ? 'A' : uncapped;
  const summaryHeaders = Object.fromEntries(GRADED_HEADERS.map((n) => [n, evaluations[n].verdict])) as Record<
    GradedHeaderName,
    HeaderVerdict
  >;

  const httpProbe = ctx.httpProbe ?? { outcome: 'unreachable' };
  const advanced = observatoryTests({
    headers,
    csp: policies,
    https: ctx.https,
    certificateTrusted: trusted,
    httpProbe,
    hostname: hostnameOf(ctx.site),
    scripts: ctx.scripts ?? [],
  });
  const passed = advanced.filter((t) => t.pass).length;

  return {
    grade,
    score,
    gradeCapped: cap !== null,
    ...(cap ? { gradeCapReason: cap.reason } : {}),
    warnings,
    headersPresent: GRADED_HEADERS.filter((n) => summaryHeaders[n].present),
    headersMissing: GRADED_HEADERS.filter((n) => !summaryHeaders[n].present),
    upcomingHeaders: UPCOMING.map((u) => {
      const values = headerValues(headers, u.header);
      return { header: u.header, present: values.length > 0, value: values.length ? values.join(', ') : null, description: u.description };
    }),
    summary: { grade, site: ctx.site, headers: summaryHeaders },
    rawHeaders: rawHeadersObject(headers),
    service: {
      deeper_score: observatoryScore(advanced),
      algorithm_version: OBSERVATORY_ALGORITHM_VERSION,
      advanced,
      https_redirect: httpsRedirect(httpProbe),
      tests_passed: passed,
      tests_failed: advanced.length - passed,
      tests_quantity: advanced.length,
    },
  };
}

/** Whether http://host/ ended up on https. */
export function httpsRedirect(probe: HttpRedirectProbe): boolean {
  if (probe.outcome !== 'completed' || probe.route.length < 2) return false;
  return new URL(probe.route[probe.route.length - 1]).protocol === 'https:';
}
