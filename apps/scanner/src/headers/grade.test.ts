import { gradeHeaders, httpsRedirect, scoreToGrade, scriptPolicyCap, type GradeContext } from './grade.js';
import { parseCspHeader } from './csp.js';
import type { HeaderInput } from './header-map.js';
import { GRADED_HEADERS } from './types.js';

const HTTPS: GradeContext = { site: 'example.com', https: true };

/** All six graded headers, valid: 100 points. */
const FULL: Record<string, string> = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self'",
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'geolocation=(), camera=()',
};

function without(...names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(FULL).filter(([k]) => !names.includes(k)));
}

function grade(headers: HeaderInput, ctx: GradeContext = HTTPS) {
  return gradeHeaders(headers, ctx);
}

function points(headers: HeaderInput, name: (typeof GRADED_HEADERS)[number], ctx: GradeContext = HTTPS) {
  return grade(headers, ctx).summary.headers[name];
}

describe('scoreToGrade', () => {
  it.each([
    [100, 'A+'],
    [99, 'A'],
    [90, 'A'],
    [89, 'B'],
    [75, 'B'],
    [74, 'C'],
    [60, 'C'],
    [59, 'D'],
    [40, 'D'],
    [39, 'F'],
    [0, 'F'],
  ])('%i → %s', (score, letter) => {
    expect(scoreToGrade(score)).toBe(letter);
  });
});

describe('score and grade from headers', () => {
  it.each([
    [[], 100, 'A+'],
    [['Permissions-Policy'], 90, 'A'],
    [['Referrer-Policy'], 90, 'A'],
    [['X-Frame-Options'], 85, 'B'],
    [['Content-Security-Policy'], 75, 'B'],
    [['Content-Security-Policy', 'Permissions-Policy'], 65, 'C'],
    [['Content-Security-Policy', 'Referrer-Policy', 'Permissions-Policy'], 55, 'D'],
    [['Content-Security-Policy', 'Strict-Transport-Security'], 50, 'D'],
    [['Content-Security-Policy', 'Strict-Transport-Security', 'Referrer-Policy'], 40, 'D'],
    [['Content-Security-Policy', 'Strict-Transport-Security', 'Referrer-Policy', 'Permissions-Policy'], 30, 'F'],
    [[...GRADED_HEADERS], 0, 'F'],
  ] as const)('without %j: %i, %s', (missing, score, letter) => {
    const r = grade(without(...missing));
    expect(r.score).toBe(score);
    expect(r.grade).toBe(letter);
    expect(r.summary.grade).toBe(letter);
    expect(r.gradeCapped).toBe(false);
    expect(r).not.toHaveProperty('gradeCapReason');
  });

  it('score is the sum of summary points', () => {
    const r = grade(without('X-Frame-Options', 'Referrer-Policy'));
    const sum = Object.values(r.summary.headers).reduce((s, h) => s + h.points, 0);
    expect(r.score).toBe(sum);
    expect(r.score).toBe(75);
  });

  it('reads header names case-insensitively', () => {
    const lower = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k.toLowerCase(), v]));
    const upper = Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k.toUpperCase(), v]));
    expect(grade(lower).score).toBe(100);
    expect(grade(upper).score).toBe(100);
    expect(grade(upper).headersPresent).toEqual([...GRADED_HEADERS]);
  });
});

describe('Content-Security-Policy (25)', () => {
  it('an enforced non-empty policy earns 25', () => {
    expect(points({ 'Content-Security-Policy': "img-src 'self'" }, 'Content-Security-Policy')).toMatchObject({
      present: true,
      valid: true,
      points: 25,
      max_points: 25,
    });
  });

  it('an empty policy earns nothing', () => {
    expect(points({ 'Content-Security-Policy': ' ; ' }, 'Content-Security-Policy')).toMatchObject({
      present: true,
      valid: false,
      points: 0,
    });
  });

  it('Report-Only does not count, and only Report-Only warns', () => {
    const r = grade({ 'Content-Security-Policy-Report-Only': "default-src 'self'" });
    expect(r.summary.headers['Content-Security-Policy']).toMatchObject({ present: false, points: 0 });
    expect(r.headersMissing).toContain('Content-Security-Policy');
    expect(r.warnings).toContainEqual(expect.stringContaining('Content-Security-Policy-Report-Only'));
  });

  it('Report-Only next to an enforced policy does not warn', () => {
    const r = grade({ ...FULL, 'Content-Security-Policy-Report-Only': "default-src 'none'" });
    expect(r.warnings).toEqual([]);
  });
});

describe('Strict-Transport-Security (25)', () => {
  it('an integer max-age > 0 over https earns 25', () => {
    expect(points({ 'Strict-Transport-Security': 'max-age=31536000' }, 'Strict-Transport-Security').points).toBe(25);
    expect(points({ 'Strict-Transport-Security': 'max-age=1' }, 'Strict-Transport-Security').points).toBe(25);
  });

  it('max-age=0 earns nothing', () => {
    expect(points({ 'Strict-Transport-Security': 'max-age=0' }, 'Strict-Transport-Security')).toMatchObject({
      valid: true,
      points: 0,
    });
  });

  it('an invalid value earns nothing', () => {
    for (const v of ['max-age=abc', 'includeSubDomains', 'max-age=-5', 'max-age=1; max-age=2']) {
      expect(points({ 'Strict-Transport-Security': v }, 'Strict-Transport-Security')).toMatchObject({ valid: false, points: 0 });
    }
  });

  it('sent over plain http it does not count', () => {
    const h = points({ 'Strict-Transport-Security': 'max-age=31536000' }, 'Strict-Transport-Security', {
      site: 'example.com',
      https: false,
    });
    expect(h).toMatchObject({ present: true, valid: true, points: 0 });
    expect(h.note).toMatch(/plain http/);
  });

  it('counts over https even when the certificate is untrusted (the warning does not change the grade)', () => {
    const r = grade(FULL, { site: 'example.com', https: true, certificateTrusted: false, fetchWarnings: ['Untrusted certificate'] });
    expect(r.score).toBe(100);
    expect(r.grade).toBe('A+');
    expect(r.warnings).toEqual(['Untrusted certificate']);
  });

  it('only the first of several headers counts', () => {
    const r = grade({ 'Strict-Transport-Security': ['max-age=abc', 'max-age=31536000'] });
    expect(r.summary.headers['Strict-Transport-Security'].points).toBe(0);
    const r2 = grade({ 'Strict-Transport-Security': ['max-age=31536000', 'max-age=abc'] });
    expect(r2.summary.headers['Strict-Transport-Security'].points).toBe(25);
  });
});

describe('X-Frame-Options (15)', () => {
  it.each(['DENY', 'SAMEORIGIN', 'deny', ' sameorigin '])('%s earns 15', (v) => {
    expect(points({ 'X-Frame-Options': v }, 'X-Frame-Options')).toMatchObject({ valid: true, points: 15 });
  });

  it.each(['ALLOW-FROM https://a.example', 'ALLOWALL', 'yes'])('%s earns nothing', (v) => {
    expect(points({ 'X-Frame-Options': v }, 'X-Frame-Options')).toMatchObject({ present: true, valid: false, points: 0 });
  });

  it('CSP frame-ancestors earns the 15 without the header', () => {
    const r = grade({ 'Content-Security-Policy': "frame-ancestors 'none'" });
    expect(r.summary.headers['X-Frame-Options']).toMatchObject({ present: false, points: 15 });
    expect(r.headersMissing).toContain('X-Frame-Options');
    expect(r.score).toBe(40);
  });

  it('CSP frame-ancestors makes up for an invalid header', () => {
    expect(points({ 'Content-Security-Policy': "frame-ancestors 'self'", 'X-Frame-Options': 'ALLOW-FROM x' }, 'X-Frame-Options').points).toBe(15);
  });

  it('frame-ancestors in Report-Only does not count', () => {
    expect(points({ 'Content-Security-Policy-Report-Only': "frame-ancestors 'none'" }, 'X-Frame-Options').points).toBe(0);
  });
});

describe('X-Content-Type-Options (15)', () => {
  it('nosniff earns 15, case-insensitively', () => {
    expect(points({ 'X-Content-Type-Options': 'NoSniff' }, 'X-Content-Type-Options')).toMatchObject({ valid: true, points: 15 });
  });

  it.each(['sniff', 'no-sniff', ''])('%j earns nothing', (v) => {
    expect(points({ 'X-Content-Type-Options': v }, 'X-Content-Type-Options')).toMatchObject({ valid: false, points: 0 });
  });
});

describe('Referrer-Policy (10)', () => {
  it.each([
    'no-referrer',
    'no-referrer-when-downgrade',
    'same-origin',
    'origin',
    'strict-origin',
    'origin-when-cross-origin',
    'strict-origin-when-cross-origin',
    'unsafe-url',
  ])('%s is valid and earns 10', (v) => {
    expect(points({ 'Referrer-Policy': v }, 'Referrer-Policy')).toMatchObject({ valid: true, points: 10 });
  });

  it('an unknown policy earns nothing', () => {
    expect(points({ 'Referrer-Policy': 'never' }, 'Referrer-Policy')).toMatchObject({ present: true, valid: false, points: 0 });
  });

  it('the last valid token wins', () => {
    const h = points({ 'Referrer-Policy': 'unsafe-url, no-referrer, made-up' }, 'Referrer-Policy');
    expect(h.note).toBe('Effective policy no-referrer');
    expect(grade({ 'Referrer-Policy': 'unsafe-url, no-referrer' }).warnings).toEqual([]);
    expect(grade({ 'Referrer-Policy': 'no-referrer, unsafe-url' }).warnings).toEqual([
      'Referrer-Policy unsafe-url is weak: it can leak URLs or origins to other sites or over http',
    ]);
  });
});

describe('Permissions-Policy (10)', () => {
  it('non-empty earns 10, empty nothing', () => {
    expect(points({ 'Permissions-Policy': 'camera=()' }, 'Permissions-Policy').points).toBe(10);
    expect(points({ 'Permissions-Policy': '  ' }, 'Permissions-Policy')).toMatchObject({ present: true, valid: false, points: 0 });
  });
});

describe('cap at A', () => {
  const withCsp = (csp: string | string[]) => ({ ...FULL, 'Content-Security-Policy': csp });

  it.each([
    ["script-src 'self' 'unsafe-inline'", "script-src allows 'unsafe-inline' without a nonce or hash"],
    ["script-src 'self' 'unsafe-eval'", "script-src allows 'unsafe-eval'"],
    ["script-src 'UNSAFE-EVAL'", "script-src allows 'unsafe-eval'"],
    ["script-src 'unsafe-inline' 'unsafe-eval'", "script-src allows 'unsafe-inline' without a nonce or hash and 'unsafe-eval'"],
    ["default-src 'self' 'unsafe-inline'", "default-src (which governs scripts, as there is no script-src) allows 'unsafe-inline'"],
    ["default-src 'unsafe-eval'; style-src 'self'", "default-src (which governs scripts, as there is no script-src) allows 'unsafe-eval'"],
    ["script-src 'nonce-abc' 'unsafe-eval'", "script-src allows 'unsafe-eval'"],
  ])('%s caps the grade at A', (csp, reason) => {
    const r = grade(withCsp(csp));
    expect(r.score).toBe(100);
    expect(r.grade).toBe('A');
    expect(r.summary.grade).toBe('A');
    expect(r.gradeCapped).toBe(true);
    expect(r.gradeCapReason).toContain(reason);
    expect(r.gradeCapReason).toContain('Content-Security-Policy');
  });

  it.each([
    ["script-src 'self' 'unsafe-inline' 'nonce-r4nd0m'", 'a nonce cancels unsafe-inline'],
    ["script-src 'unsafe-inline' 'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8='", 'a hash cancels unsafe-inline'],
    ["script-src 'self'; style-src 'unsafe-inline' 'unsafe-eval'", 'style-src never caps'],
    ["default-src 'self'; style-src 'unsafe-inline'", 'style-src never caps'],
    ["script-src 'self' 'wasm-unsafe-eval'", 'wasm-unsafe-eval never caps'],
    ["default-src 'unsafe-inline'; script-src 'self'", 'script-src overrides default-src'],
    ["img-src 'self'; style-src 'unsafe-inline'", 'no script policy at all'],
    ["script-src-elem 'unsafe-inline'; script-src 'self'", 'script-src-elem is not the script policy of the rule'],
  ])('%s does not cap (%s)', (csp) => {
    const r = grade(withCsp(csp));
    expect(r.grade).toBe('A+');
    expect(r.gradeCapped).toBe(false);
    expect(r).not.toHaveProperty('gradeCapReason');
  });

  it('a nonce in another directive does not cancel unsafe-inline', () => {
    expect(grade(withCsp("script-src 'unsafe-inline'; style-src 'nonce-abc'")).gradeCapped).toBe(true);
  });

  it('gradeCapped is true even when the grade is already below A', () => {
    const r = grade({ 'Content-Security-Policy': "script-src 'unsafe-inline'" });
    expect(r.score).toBe(25);
    expect(r.grade).toBe('F');
    expect(r.gradeCapped).toBe(true);
    expect(r.gradeCapReason).toMatch(/unsafe-inline/);
  });

  it('with several policies, caps only when every policy that restricts scripts allows the keyword', () => {
    expect(grade(withCsp(["script-src 'unsafe-inline'", "script-src 'self'"])).gradeCapped).toBe(false);
    expect(grade(withCsp(["script-src 'unsafe-inline'", "img-src 'self'"])).gradeCapped).toBe(true);
    expect(grade(withCsp("script-src 'unsafe-eval', default-src 'unsafe-eval'")).gradeCapped).toBe(true);
  });

  it('a duplicated script-src uses the first one', () => {
    expect(grade(withCsp("script-src 'self'; script-src 'unsafe-inline'")).gradeCapped).toBe(false);
    expect(grade(withCsp("script-src 'unsafe-inline'; script-src 'self'")).gradeCapped).toBe(true);
  });

  it('scriptPolicyCap reports the keywords', () => {
    expect(scriptPolicyCap(parseCspHeader("default-src 'unsafe-inline' 'unsafe-eval'"))).toMatchObject({
      directive: 'default-src',
      unsafeInline: true,
      unsafeEval: true,
    });
    expect(scriptPolicyCap(parseCspHeader("img-src *"))).toBeNull();
    expect(scriptPolicyCap([])).toBeNull();
  });
});

describe('warnings (never change the grade)', () => {
  // An undefined value removes that header of FULL.
  const cases: [string, Record<string, string | string[] | undefined>, string][] = [
    ['unsafe-inline in script-src', { 'Content-Security-Policy': "script-src 'unsafe-inline'" }, "Content-Security-Policy script-src allows 'unsafe-inline'"],
    ['unsafe-eval', { 'Content-Security-Policy': "default-src 'self' 'unsafe-eval'" }, "Content-Security-Policy default-src allows 'unsafe-eval'"],
    ['unsafe-inline in style-src', { 'Content-Security-Policy': "default-src 'self'; style-src 'unsafe-inline'" }, "Content-Security-Policy style-src allows 'unsafe-inline'"],
    ['unsafe-hashes', { 'Content-Security-Policy': "script-src 'unsafe-hashes' 'sha256-abc='" }, "Content-Security-Policy script-src allows 'unsafe-hashes'"],
    ['Report-Only only', { 'Content-Security-Policy': undefined, 'Content-Security-Policy-Report-Only': "default-src 'self'" }, 'Content-Security-Policy-Report-Only is set without an enforced Content-Security-Policy: violations are reported, not blocked'],
    ['duplicate directive', { 'Content-Security-Policy': "default-src 'self'; Default-Src 'none'" }, 'Content-Security-Policy has a duplicate default-src directive: browsers ignore all but the first'],
    ['* in script-src', { 'Content-Security-Policy': "script-src 'self' *" }, 'Content-Security-Policy script-src allows scripts from any host (*)'],
    ['* in default-src without script-src', { 'Content-Security-Policy': 'default-src *' }, 'Content-Security-Policy default-src allows scripts from any host (*)'],
    ['HSTS below 180 days', { 'Strict-Transport-Security': 'max-age=86400' }, 'Strict-Transport-Security max-age=86400 is below 15552000 seconds (180 days)'],
    ['HSTS max-age=0', { 'Strict-Transport-Security': 'max-age=0' }, 'Strict-Transport-Security max-age=0 is below 15552000 seconds (180 days)'],
    ['HSTS invalid', { 'Strict-Transport-Security': 'max-age=forever' }, 'Strict-Transport-Security is invalid: max-age must be a non-negative integer (got "forever")'],
    ['XFO ALLOW-FROM', { 'X-Frame-Options': 'ALLOW-FROM https://a.example' }, 'X-Frame-Options uses ALLOW-FROM, which current browsers ignore: use CSP frame-ancestors'],
    ['XFO invalid', { 'X-Frame-Options': 'ALLOWALL' }, 'X-Frame-Options value "ALLOWALL" is invalid: use DENY or SAMEORIGIN'],
    ['XCTO invalid', { 'X-Content-Type-Options': 'sniff' }, 'X-Content-Type-Options value "sniff" is invalid: use nosniff'],
    ['weak Referrer-Policy unsafe-url', { 'Referrer-Policy': 'unsafe-url' }, 'Referrer-Policy unsafe-url is weak: it can leak URLs or origins to other sites or over http'],
    ['weak Referrer-Policy no-referrer-when-downgrade', { 'Referrer-Policy': 'no-referrer-when-downgrade' }, 'Referrer-Policy no-referrer-when-downgrade is weak: it can leak URLs or origins to other sites or over http'],
    ['weak Referrer-Policy origin', { 'Referrer-Policy': 'origin' }, 'Referrer-Policy origin is weak: it can leak URLs or origins to other sites or over http'],
    ['weak Referrer-Policy origin-when-cross-origin', { 'Referrer-Policy': 'origin-when-cross-origin' }, 'Referrer-Policy origin-when-cross-origin is weak: it can leak URLs or origins to other sites or over http'],
    ['Server with a version', { Server: 'Apache/2.4.58 (Unix)' }, 'Server header discloses a version: "Apache/2.4.58 (Unix)"'],
    ['X-Powered-By', { 'X-Powered-By': 'Express' }, 'X-Powered-By header discloses the technology stack: "Express"'],
    ['X-XSS-Protection 1; mode=block', { 'X-XSS-Protection': '1; mode=block' }, 'X-XSS-Protection is "1; mode=block": set it to 0 or remove it (the XSS filter is obsolete and can be abused)'],
    ['ACAO *', { 'Access-Control-Allow-Origin': '*' }, 'Access-Control-Allow-Origin: * lets any website read this response'],
    ['cookie without Secure', { 'Set-Cookie': 'a=1; HttpOnly' }, 'Cookie "a" is set without Secure'],
    ['cookie without HttpOnly', { 'Set-Cookie': 'b=1; Secure' }, 'Cookie "b" is set without HttpOnly'],
    ['cookie without both', { 'Set-Cookie': 'c=1' }, 'Cookie "c" is set without Secure and HttpOnly'],
    ['invalid COOP', { 'Cross-Origin-Opener-Policy': 'same-site' }, 'Cross-Origin-Opener-Policy value "same-site" is invalid (expected unsafe-none, same-origin-allow-popups, same-origin, noopener-allow-popups)'],
    ['invalid COEP', { 'Cross-Origin-Embedder-Policy': 'require-cors' }, 'Cross-Origin-Embedder-Policy value "require-cors" is invalid (expected unsafe-none, require-corp, credentialless)'],
    ['invalid CORP', { 'Cross-Origin-Resource-Policy': 'anyone' }, 'Cross-Origin-Resource-Policy value "anyone" is invalid (expected same-site, same-origin, cross-origin)'],
    ['COOP sent twice', { 'Cross-Origin-Opener-Policy': ['same-origin', 'same-origin'] }, 'Cross-Origin-Opener-Policy is sent 2 times, so browsers ignore it'],
  ];

  it.each(cases)('%s', (_label, extra, warning) => {
    const headers = { ...FULL, ...extra };
    const r = grade(headers);
    expect(r.warnings).toContain(warning);
  });

  it.each(GRADED_HEADERS)('%s sent twice', (name) => {
    const r = grade({ ...FULL, [name]: [FULL[name], FULL[name]] });
    expect(r.warnings).toContain(`Duplicate ${name} header: sent 2 times`);
    expect(r.score).toBe(100);
  });

  it('a clean response has no warnings', () => {
    expect(
      grade({
        ...FULL,
        'Set-Cookie': ['sid=1; Secure; HttpOnly; SameSite=Lax', 'pref=2; Secure; HttpOnly'],
        'X-XSS-Protection': '0',
        Server: 'nginx',
        'Access-Control-Allow-Origin': 'https://app.example',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Content-Security-Policy': "default-src 'self'; script-src 'nonce-abc' 'unsafe-inline' 'strict-dynamic'",
      }).warnings,
    ).toEqual([]);
  });

  it('warnings never change the grade', () => {
    const noisy = grade({
      ...FULL,
      Server: 'nginx/1.0',
      'X-Powered-By': 'PHP/8.3',
      'X-XSS-Protection': '1',
      'Access-Control-Allow-Origin': '*',
      'Set-Cookie': ['a=1', 'b=2'],
      'Cross-Origin-Opener-Policy': 'bogus',
    });
    expect(noisy.warnings.length).toBeGreaterThanOrEqual(6);
    expect(noisy.score).toBe(100);
    expect(noisy.grade).toBe('A+');
    expect(noisy.gradeCapped).toBe(false);
  });

  it('one warning per cookie, for every Set-Cookie value', () => {
    const r = grade({ 'Set-Cookie': ['a=1; Secure; HttpOnly', 'b=2', 'c=3; Secure', 'd=4; HttpOnly'] });
    expect(r.warnings.filter((w) => w.startsWith('Cookie '))).toEqual([
      'Cookie "b" is set without Secure and HttpOnly',
      'Cookie "c" is set without HttpOnly',
      'Cookie "d" is set without Secure',
    ]);
    expect(r.rawHeaders['set-cookie']).toEqual(['a=1; Secure; HttpOnly', 'b=2', 'c=3; Secure', 'd=4; HttpOnly']);
  });

  it('fetch warnings come first', () => {
    const r = grade({ 'X-Powered-By': 'x' }, { ...HTTPS, fetchWarnings: ['Untrusted certificate for a'] });
    expect(r.warnings[0]).toBe('Untrusted certificate for a');
  });

  it("a nonce-neutralised 'unsafe-inline' is not reported as unsafe", () => {
    const r = grade({ ...FULL, 'Content-Security-Policy': "script-src 'nonce-abc' 'unsafe-inline'" });
    expect(r.warnings).toEqual([]);
  });

  it("'wasm-unsafe-eval' is not an unsafe keyword", () => {
    expect(grade({ ...FULL, 'Content-Security-Policy': "script-src 'self' 'wasm-unsafe-eval'" }).warnings).toEqual([]);
  });
});

describe('report fields', () => {
  it('headersPresent / headersMissing use canonical names in a fixed order', () => {
    const r = grade({ 'x-content-type-options': 'nosniff', 'STRICT-TRANSPORT-SECURITY': 'max-age=1' });
    expect(r.headersPresent).toEqual(['Strict-Transport-Security', 'X-Content-Type-Options']);
    expect(r.headersMissing).toEqual(['Content-Security-Policy', 'X-Frame-Options', 'Referrer-Policy', 'Permissions-Policy']);
  });

  it('an invalid header is present but earns nothing', () => {
    const r = grade({ 'X-Frame-Options': 'nonsense' });
    expect(r.headersPresent).toEqual(['X-Frame-Options']);
    expect(r.summary.headers['X-Frame-Options']).toEqual({
      present: true,
      valid: false,
      points: 0,
      max_points: 15,
      value: 'nonsense',
      note: 'Invalid value "nonsense" (expected DENY or SAMEORIGIN)',
    });
  });

  it('summary has the grade, the site and all six headers', () => {
    const r = grade(FULL, { site: 'example.com:8443', https: true });
    expect(r.summary.site).toBe('example.com:8443');
    expect(Object.keys(r.summary.headers)).toEqual([...GRADED_HEADERS]);
    for (const h of Object.values(r.summary.headers)) {
      expect(h).toEqual({
        present: true,
        valid: true,
        points: h.max_points,
        max_points: h.max_points,
        value: expect.any(String),
        note: expect.any(String),
      });
    }
  });

  it('upcomingHeaders lists COOP, COEP and CORP with presence and a description', () => {
    const r = grade({ 'cross-origin-opener-policy': 'same-origin' });
    expect(r.upcomingHeaders.map((u) => [u.header, u.present, u.value])).toEqual([
      ['Cross-Origin-Opener-Policy', true, 'same-origin'],
      ['Cross-Origin-Embedder-Policy', false, null],
      ['Cross-Origin-Resource-Policy', false, null],
    ]);
    for (const u of r.upcomingHeaders) expect(u.description.length).toBeGreaterThan(20);
    expect(r.score).toBe(0);
  });

  it('rawHeaders maps lowercase names to values, repeated headers joined', () => {
    const r = grade([
      ['Content-Security-Policy', "default-src 'self'"],
      ['content-security-policy', "img-src 'none'"],
      ['Server', 'nginx'],
    ]);
    expect(r.rawHeaders).toEqual({ 'content-security-policy': "default-src 'self', img-src 'none'", server: 'nginx' });
    expect(r.summary.headers['Content-Security-Policy'].note).toBe('2 enforced policies with 2 directives in all');
  });

  it('is deterministic and has exactly the report fields', () => {
    const a = grade(FULL);
    expect(Object.keys(a)).toEqual([
      'grade',
      'score',
      'gradeCapped',
      'warnings',
      'headersPresent',
      'headersMissing',
      'upcomingHeaders',
      'summary',
      'rawHeaders',
      'service',
    ]);
    expect(grade(FULL)).toEqual(a);
    expect(Object.keys(a.service)).toEqual([
      'deeper_score',
      'algorithm_version',
      'advanced',
      'https_redirect',
      'tests_passed',
      'tests_failed',
      'tests_quantity',
    ]);
  });

  it('service.https_redirect follows the http probe', () => {
    const to = (route: string[]) => grade(FULL, { ...HTTPS, httpProbe: { outcome: 'completed', route, untrustedCertificate: false } });
    expect(to(['http://example.com/', 'https://example.com/']).service.https_redirect).toBe(true);
    expect(to(['http://example.com/', 'http://www.example.com/', 'https://www.example.com/']).service.https_redirect).toBe(true);
    expect(to(['http://example.com/']).service.https_redirect).toBe(false);
    expect(to(['http://example.com/', 'http://example.com/home']).service.https_redirect).toBe(false);
    expect(grade(FULL).service.https_redirect).toBe(false);
    expect(httpsRedirect({ outcome: 'unreachable' })).toBe(false);
  });
});
