import { parseCspHeader } from './csp.js';
import { toHeaderMap } from './header-map.js';
import { OBSERVATORY_ALGORITHM_VERSION, observatoryScore, observatoryTests, type ObservatoryInput } from './observatory.js';
import type { HttpRedirectProbe } from './types.js';

const TO_HTTPS: HttpRedirectProbe = {
  outcome: 'completed',
  route: ['http://example.com/', 'https://example.com/'],
  untrustedCertificate: false,
};

function run(headers: Record<string, string | readonly string[]>, over: Partial<Omit<ObservatoryInput, 'headers' | 'csp'>> = {}) {
  const map = toHeaderMap(headers);
  return observatoryTests({
    headers: map,
    csp: parseCspHeader(map.get('content-security-policy') ?? []),
    https: true,
    certificateTrusted: true,
    httpProbe: TO_HTTPS,
    hostname: 'example.com',
    scripts: [],
    ...over,
  });
}

function result(test: string, headers: Record<string, string | readonly string[]>, over: Partial<Omit<ObservatoryInput, 'headers' | 'csp'>> = {}) {
  const t = run(headers, over).find((x) => x.test === test);
  if (!t) throw new Error(`no test ${test}`);
  return t;
}

describe('observatoryScore', () => {
  it('starts at 100 and applies penalties', () => {
    expect(observatoryScore([{ modifier: -20 }, { modifier: -5 }, { modifier: 0 }])).toBe(75);
  });

  it('adds bonuses only when the penalised score is at least 90', () => {
    expect(observatoryScore([{ modifier: -10 }, { modifier: 5 }, { modifier: 10 }])).toBe(105);
    expect(observatoryScore([{ modifier: -15 }, { modifier: 5 }, { modifier: 10 }])).toBe(85);
    expect(observatoryScore([{ modifier: 5 }, { modifier: 10 }])).toBe(115);
  });

  it('never goes below 0', () => {
    expect(observatoryScore([{ modifier: -50 }, { modifier: -40 }, { modifier: -25 }])).toBe(0);
  });
});

describe('observatoryTests', () => {
  it('runs the twelve tests of algorithm 6 in the Observatory order, each with its shape', () => {
    const tests = run({});
    expect(tests.map((t) => t.test)).toEqual([
      'content-security-policy',
      'cookies',
      'cross-origin-embedder-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-sharing',
      'redirection',
      'referrer-policy',
      'strict-transport-security',
      'subresource-integrity',
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]);
    expect(OBSERVATORY_ALGORITHM_VERSION).toBe(6);
    for (const t of tests) {
      expect(Object.keys(t)).toEqual(['test', 'pass', 'result', 'modifier', 'description']);
      expect(t.description.length).toBeGreaterThan(10);
    }
  });

  it('a bare response scores like the Observatory (CSP -25, HSTS -20, XCTO -5, XFO -20 → 30)', () => {
    const tests = run({});
    expect(observatoryScore(tests)).toBe(30);
  });

  it('a strong response earns the bonuses', () => {
    const tests = run({
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'Strict-Transport-Security': 'max-age=63072000',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Set-Cookie': 'sid=1; Secure; HttpOnly; SameSite=Lax',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    expect(tests.every((t) => t.pass)).toBe(true);
    // 100 + 10 (default-src none) + 5 (cookies) + 5 (referrer) + 5 (frame-ancestors) + 10 (CORP)
    expect(observatoryScore(tests)).toBe(135);
  });

  it('COOP, COEP and SRI add their bonuses (algorithm 6)', () => {
    const tests = run(
      {
        'Content-Security-Policy': "default-src 'none'",
        'Strict-Transport-Security': 'max-age=63072000',
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
      { scripts: [{ src: 'https://cdn.other.example/a.js', integrity: 'sha384-x', crossorigin: 'anonymous' }] },
    );
    expect(tests.every((t) => t.pass)).toBe(true);
    // 100 + 10 (default-src none) + 5 (XFO DENY) + 10 (COOP) + 10 (COEP) + 5 (SRI)
    expect(observatoryScore(tests)).toBe(140);
  });
});

describe('content-security-policy test', () => {
  it.each([
    [{}, 'csp-not-implemented', -25, false],
    [{ 'Content-Security-Policy-Report-Only': "default-src 'self'" }, 'csp-not-implemented-but-reporting-enabled', -25, false],
    [{ 'Content-Security-Policy': "default-src 'none'" }, 'csp-implemented-with-no-unsafe-default-src-none', 10, true],
    [{ 'Content-Security-Policy': "default-src 'self'" }, 'csp-implemented-with-no-unsafe', 5, true],
    [{ 'Content-Security-Policy': "default-src 'self'; style-src 'unsafe-inline'" }, 'csp-implemented-with-unsafe-inline-in-style-src-only', 0, true],
    [{ 'Content-Security-Policy': "default-src 'self'; img-src http:" }, 'csp-implemented-with-insecure-scheme-in-passive-content-only', -10, true],
    [{ 'Content-Security-Policy': "default-src 'self'; script-src 'self' 'unsafe-eval'" }, 'csp-implemented-with-unsafe-eval', -10, false],
    [{ 'Content-Security-Policy': "default-src 'self'; script-src 'unsafe-inline'" }, 'csp-implemented-with-unsafe-inline', -20, false],
    [{ 'Content-Security-Policy': "default-src 'self'; script-src data:" }, 'csp-implemented-with-unsafe-inline', -20, false],
    [{ 'Content-Security-Policy': "default-src 'self'; object-src https:" }, 'csp-implemented-with-unsafe-inline', -20, false],
    [{ 'Content-Security-Policy': "img-src 'self'" }, 'csp-implemented-with-unsafe-inline', -20, false],
    [{ 'Content-Security-Policy': "default-src 'self'; connect-src http://api.example.com" }, 'csp-implemented-with-insecure-scheme', -20, false],
    [{ 'Content-Security-Policy': "default-src 'self'; script-src 'self'; script-src 'none'" }, 'csp-header-invalid', -25, false],
    [{ 'Content-Security-Policy': "default-src 'self'; script-src 'strict-dynamic'" }, 'csp-header-invalid', -25, false],
    [{ 'Content-Security-Policy': 'a' }, 'csp-header-invalid', -25, false],
    [{ 'Content-Security-Policy': "default-src 'self'; report-uri /a; report-uri /b" }, 'csp-implemented-but-duplicate-directives', 0, true],
    // The Observatory refuses an empty policy item (a blank header, a trailing comma) ...
    [{ 'Content-Security-Policy': '' }, 'csp-header-invalid', -25, false],
    [{ 'Content-Security-Policy': "default-src 'self'," }, 'csp-header-invalid', -25, false],
    // ... and counts a policy without any directive as no policy at all.
    [{ 'Content-Security-Policy': ';;;;;;;' }, 'csp-not-implemented', -25, false],
    [{ 'Content-Security-Policy': ';;;;;;;', 'Content-Security-Policy-Report-Only': "default-src 'self'" }, 'csp-not-implemented-but-reporting-enabled', -25, false],
  ] as const)('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('content-security-policy', headers)).toMatchObject({ result: expected, modifier, pass });
  });

  it('a nonce or hash removes unsafe-inline; strict-dynamic drops host and self sources', () => {
    expect(result('content-security-policy', { 'Content-Security-Policy': "default-src 'self'; script-src 'nonce-a' 'unsafe-inline'" }).result).toBe(
      'csp-implemented-with-no-unsafe',
    );
    expect(
      result('content-security-policy', {
        'Content-Security-Policy': "object-src 'none'; script-src 'nonce-a' 'strict-dynamic' 'unsafe-inline' https: 'self'; default-src 'self'",
      }).result,
    ).toBe('csp-implemented-with-no-unsafe');
  });

  it('http: sources are insecure only for an https site', () => {
    expect(result('content-security-policy', { 'Content-Security-Policy': "default-src 'self'; img-src http:" }, { https: false }).result).toBe(
      'csp-implemented-with-no-unsafe',
    );
  });

  it('with several policies the most protective decides', () => {
    expect(
      result('content-security-policy', { 'Content-Security-Policy': ["script-src 'unsafe-inline'", "default-src 'none'"] }).result,
    ).toBe('csp-implemented-with-no-unsafe-default-src-none');
  });
});

describe('cookies test', () => {
  it.each([
    [[], 'cookies-not-found', 0, true],
    [['a=1; Secure; HttpOnly; SameSite=Lax'], 'cookies-secure-with-httponly-sessions-and-samesite', 5, true],
    [['a=1; Secure'], 'cookies-secure-with-httponly-sessions', 0, true],
    [['a=1'], 'cookies-without-secure-flag-but-protected-by-hsts', -5, false],
    [['sessionid=1; HttpOnly'], 'cookies-session-without-secure-flag-but-protected-by-hsts', -10, false],
    [['a=1; Secure; SameSite=Maybe'], 'cookies-samesite-flag-invalid', -20, false],
    [['csrftoken=1; Secure'], 'cookies-anticsrf-without-samesite-flag', -20, false],
    [['sessionid=1; Secure'], 'cookies-session-without-httponly-flag', -30, false],
    [['heroku-session-affinity=1'], 'cookies-not-found', 0, true],
  ] as const)('%j (with HSTS) → %s', (cookies, expected, modifier, pass) => {
    const headers = { 'Strict-Transport-Security': 'max-age=31536000', 'Set-Cookie': [...cookies] };
    expect(result('cookies', headers)).toMatchObject({ result: expected, modifier, pass });
  });

  it('without HSTS, missing Secure costs more', () => {
    expect(result('cookies', { 'Set-Cookie': 'a=1' }).result).toBe('cookies-without-secure-flag');
    expect(result('cookies', { 'Set-Cookie': 'login=1; HttpOnly' })).toMatchObject({
      result: 'cookies-session-without-secure-flag',
      modifier: -40,
    });
  });

  it('Secure does not help over http; SameSite=None needs Secure', () => {
    expect(result('cookies', { 'Set-Cookie': 'a=1; Secure; SameSite=Lax' }, { https: false }).result).toBe('cookies-without-secure-flag');
    expect(result('cookies', { 'Strict-Transport-Security': 'max-age=31536000', 'Set-Cookie': 'a=1; SameSite=None' }).result).toBe(
      'cookies-samesite-flag-invalid',
    );
  });

  it('the worst finding wins', () => {
    expect(result('cookies', { 'Set-Cookie': ['a=1', 'sessionid=2; Secure'] }).result).toBe('cookies-session-without-httponly-flag');
  });
});

describe('cross-origin-resource-sharing test', () => {
  it('never penalises a header-only view', () => {
    expect(result('cross-origin-resource-sharing', {})).toMatchObject({ result: 'cross-origin-resource-sharing-not-implemented', pass: true });
    expect(result('cross-origin-resource-sharing', { 'Access-Control-Allow-Origin': '*' }).result).toBe(
      'cross-origin-resource-sharing-implemented-with-public-access',
    );
    expect(result('cross-origin-resource-sharing', { 'Access-Control-Allow-Origin': 'https://a.example' }).result).toBe(
      'cross-origin-resource-sharing-implemented-with-restricted-access',
    );
  });
});

describe('redirection test', () => {
  const probe = (route: string[], untrustedCertificate = false): HttpRedirectProbe => ({ outcome: 'completed', route, untrustedCertificate });
  it.each([
    [{ outcome: 'unreachable' } as HttpRedirectProbe, 'redirection-not-needed-no-http', 0, true],
    [probe(['http://a.example/', 'https://a.example/']), 'redirection-to-https', 0, true],
    [probe(['http://a.example/', 'https://a.example/', 'https://www.a.example/']), 'redirection-to-https', 0, true],
    [probe(['http://a.example/', 'https://a.example/'], true), 'redirection-invalid-cert', -20, false],
    [probe(['http://a.example/']), 'redirection-missing', -20, false],
    [probe(['http://a.example/', 'http://a.example/home']), 'redirection-not-to-https', -20, false],
    [probe(['http://a.example/', 'http://www.a.example/', 'https://www.a.example/']), 'redirection-not-to-https-on-initial-redirection', -10, false],
    [probe(['http://a.example/', 'https://www.a.example/']), 'redirection-off-host-from-http', -5, false],
  ])('%j → %s', (httpProbe, expected, modifier, pass) => {
    expect(result('redirection', {}, { httpProbe })).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('referrer-policy test', () => {
  it.each([
    [{}, 'referrer-policy-not-implemented', 0, true],
    [{ 'Referrer-Policy': 'strict-origin-when-cross-origin' }, 'referrer-policy-private', 5, true],
    [{ 'Referrer-Policy': 'unsafe-url' }, 'referrer-policy-unsafe', -5, false],
    [{ 'Referrer-Policy': 'bogus' }, 'referrer-policy-header-invalid', -5, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('referrer-policy', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('strict-transport-security test', () => {
  it.each([
    [{}, {}, 'hsts-not-implemented', -20, false],
    [{ 'Strict-Transport-Security': 'max-age=15552000' }, {}, 'hsts-implemented-max-age-at-least-six-months', 0, true],
    [{ 'Strict-Transport-Security': 'max-age=86400' }, {}, 'hsts-implemented-max-age-less-than-six-months', -10, false],
    [{ 'Strict-Transport-Security': 'includeSubDomains' }, {}, 'hsts-header-invalid', -20, false],
    [{ 'Strict-Transport-Security': 'max-age=1, max-age=2' }, {}, 'hsts-header-invalid', -20, false],
    // Sent twice: judged on the combined value, which has a comma (Observatory test "header invalid").
    [{ 'Strict-Transport-Security': ['max-age=15768000; includeSubDomains', 'max-age=15768000; includeSubDomains'] }, {}, 'hsts-header-invalid', -20, false],
    [{ 'Strict-Transport-Security': '' }, {}, 'hsts-header-invalid', -20, false],
    // Vigil on purpose: a max-age that is not a number is invalid (upstream reads NaN as six months).
    [{ 'Strict-Transport-Security': 'max-age=abc' }, {}, 'hsts-header-invalid', -20, false],
    [{ 'Strict-Transport-Security': 'max-age=31536000' }, { https: false }, 'hsts-not-implemented-no-https', -20, false],
    [{ 'Strict-Transport-Security': 'max-age=31536000' }, { certificateTrusted: false }, 'hsts-invalid-cert', -20, false],
  ] as const)('%j %j → %s', (headers, over, expected, modifier, pass) => {
    expect(result('strict-transport-security', headers, over)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('x-content-type-options test', () => {
  it.each([
    [{}, 'x-content-type-options-not-implemented', -5, false],
    [{ 'X-Content-Type-Options': 'nosniff' }, 'x-content-type-options-nosniff', 0, true],
    [{ 'X-Content-Type-Options': 'sniff' }, 'x-content-type-options-header-invalid', -5, false],
    [{ 'X-Content-Type-Options': ['nosniff', 'nosniff'] }, 'x-content-type-options-header-invalid', -5, false],
    [{ 'X-Content-Type-Options': '' }, 'x-content-type-options-not-implemented', -5, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('x-content-type-options', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('x-frame-options test', () => {
  it.each([
    [{}, 'x-frame-options-not-implemented', -20, false],
    [{ 'X-Frame-Options': 'DENY' }, 'x-frame-options-sameorigin-or-deny', 5, true],
    [{ 'X-Frame-Options': ' sameorigin ' }, 'x-frame-options-sameorigin-or-deny', 5, true],
    [{ 'X-Frame-Options': 'ALLOW-FROM https://a.example' }, 'x-frame-options-allow-from-origin', 0, true],
    [{ 'X-Frame-Options': 'whimsy' }, 'x-frame-options-header-invalid', -20, false],
    // "common to see this header sent multiple times": the combined value is invalid.
    [{ 'X-Frame-Options': ['SAMEORIGIN', 'SAMEORIGIN'] }, 'x-frame-options-header-invalid', -20, false],
    [{ 'X-Frame-Options': '' }, 'x-frame-options-not-implemented', -20, false],
    [{ 'X-Frame-Options': 'whimsy', 'Content-Security-Policy': "frame-ancestors 'self'" }, 'x-frame-options-implemented-via-csp', 5, true],
    [{ 'X-Frame-Options': 'DENY', 'Content-Security-Policy': 'frame-ancestors https://mozilla.org' }, 'x-frame-options-implemented-via-csp', 5, true],
    // No credit from a CSP that is itself invalid (duplicate directive, empty policy, bad strict-dynamic).
    [{ 'Content-Security-Policy': "frame-ancestors 'none'; frame-ancestors 'self'" }, 'x-frame-options-not-implemented', -20, false],
    [{ 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'; frame-ancestors 'self'" }, 'x-frame-options-sameorigin-or-deny', 5, true],
    [{ 'Content-Security-Policy': "frame-ancestors 'none', " }, 'x-frame-options-not-implemented', -20, false],
    [{ 'Content-Security-Policy': "frame-ancestors 'none'; script-src 'strict-dynamic'" }, 'x-frame-options-not-implemented', -20, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('x-frame-options', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('cross-origin-resource-policy test', () => {
  it.each([
    [{}, 'cross-origin-resource-policy-not-implemented', 0, true],
    [{ 'Cross-Origin-Resource-Policy': 'same-site' }, 'cross-origin-resource-policy-implemented-with-same-site', 10, true],
    [{ 'Cross-Origin-Resource-Policy': 'same-origin' }, 'cross-origin-resource-policy-implemented-with-same-origin', 10, true],
    [{ 'Cross-Origin-Resource-Policy': 'cross-origin' }, 'cross-origin-resource-policy-implemented-with-cross-origin', 0, true],
    [{ 'Cross-Origin-Resource-Policy': 'whatever' }, 'cross-origin-resource-policy-header-invalid', -5, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('cross-origin-resource-policy', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('cross-origin-opener-policy test', () => {
  it.each([
    [{}, 'coop-not-implemented', 0, true],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin' }, 'coop-implemented-with-same-origin', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups' }, 'coop-implemented-with-same-origin-allow-popups', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'noopener-allow-popups' }, 'coop-implemented-with-noopener-allow-popups', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'unsafe-none' }, 'coop-implemented-with-unsafe-none', 0, true],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin; report-to="coop-endpoint"' }, 'coop-implemented-with-same-origin', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin-allow-popups; report-to="coop-endpoint"' }, 'coop-implemented-with-same-origin-allow-popups', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin; report-to' }, 'coop-implemented-with-same-origin', 10, true],
    [{ 'Cross-Origin-Opener-Policy': 'whimsy' }, 'coop-header-invalid', -5, false],
    [{ 'Cross-Origin-Opener-Policy': '"same-origin"' }, 'coop-header-invalid', -5, false],
    [{ 'Cross-Origin-Opener-Policy': 'Same-Origin' }, 'coop-header-invalid', -5, false],
    [{ 'Cross-Origin-Opener-Policy': 'SAME-ORIGIN' }, 'coop-header-invalid', -5, false],
    [{ 'Cross-Origin-Opener-Policy': 'same-origin; report-to=coop endpoint' }, 'coop-header-invalid', -5, false],
    [{ 'Cross-Origin-Opener-Policy': ['same-origin', 'unsafe-none'] }, 'coop-header-invalid', -5, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('cross-origin-opener-policy', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('cross-origin-embedder-policy test', () => {
  it.each([
    [{}, 'coep-not-implemented', 0, true],
    [{ 'Cross-Origin-Embedder-Policy': 'require-corp' }, 'coep-implemented-with-require-corp', 10, true],
    [{ 'Cross-Origin-Embedder-Policy': 'credentialless' }, 'coep-implemented-with-credentialless', 10, true],
    [{ 'Cross-Origin-Embedder-Policy': 'unsafe-none' }, 'coep-implemented-with-unsafe-none', 0, true],
    [{ 'Cross-Origin-Embedder-Policy': 'require-corp; report-to' }, 'coep-implemented-with-require-corp', 10, true],
    [{ 'Cross-Origin-Embedder-Policy': 'whimsy' }, 'coep-header-invalid', -5, false],
    [{ 'Cross-Origin-Embedder-Policy': '"require-corp"' }, 'coep-header-invalid', -5, false],
    [{ 'Cross-Origin-Embedder-Policy': 'Require-Corp' }, 'coep-header-invalid', -5, false],
    [{ 'Cross-Origin-Embedder-Policy': 'require-corp; report-to=coep endpoint' }, 'coep-header-invalid', -5, false],
    [{ 'Cross-Origin-Embedder-Policy': ['require-corp', 'unsafe-none'] }, 'coep-header-invalid', -5, false],
  ])('%j → %s', (headers, expected, modifier, pass) => {
    expect(result('cross-origin-embedder-policy', headers)).toMatchObject({ result: expected, modifier, pass });
  });
});

describe('subresource-integrity test', () => {
  it('maps each result to its modifier and pass', () => {
    const external = { src: 'http://cdn.other.example/a.js', integrity: null, crossorigin: null };
    expect(result('subresource-integrity', {}, { scripts: [external] })).toMatchObject({
      result: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
      modifier: -50,
      pass: false,
    });
    expect(result('subresource-integrity', { 'Content-Type': 'application/json' }, { scripts: [external] })).toMatchObject({
      result: 'sri-not-implemented-response-not-html',
      modifier: 0,
      pass: true,
    });
    expect(result('subresource-integrity', {})).toMatchObject({ result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0, pass: true });
  });
});

describe('cross-origin-resource-sharing and CORP read the combined value', () => {
  it('treats a repeated header as one list', () => {
    expect(result('cross-origin-resource-sharing', { 'Access-Control-Allow-Origin': ['*', '*'] }).result).toBe(
      'cross-origin-resource-sharing-implemented-with-restricted-access',
    );
    expect(result('cross-origin-resource-policy', { 'Cross-Origin-Resource-Policy': ['same-site', 'same-site'] }).result).toBe(
      'cross-origin-resource-policy-header-invalid',
    );
    expect(result('cross-origin-resource-policy', { 'Cross-Origin-Resource-Policy': ' Same-Origin ' }).result).toBe(
      'cross-origin-resource-policy-implemented-with-same-origin',
    );
  });
});
