import {
  isValidCrossOriginHeader,
  parseHsts,
  parseReferrerPolicy,
  parseSetCookie,
  parseXContentTypeOptions,
  parseXFrameOptions,
  serverDisclosesVersion,
} from './header-values.js';

describe('parseHsts', () => {
  it.each([
    ['max-age=31536000', 31536000, false, false],
    ['max-age=31536000; includeSubDomains; preload', 31536000, true, true],
    ['MAX-AGE=10;INCLUDESUBDOMAINS', 10, true, false],
    ['max-age="600"', 600, false, false],
    [' max-age = 0 ', 0, false, false],
    ['includeSubDomains; max-age=5; unknown=1', 5, true, false],
  ])('%s is valid', (value, maxAge, sub, preload) => {
    expect(parseHsts(value)).toEqual({ valid: true, maxAge, includeSubDomains: sub, preload });
  });

  it.each([
    ['', 'max-age is missing'],
    ['includeSubDomains', 'max-age is missing'],
    ['max-age', 'max-age must be a non-negative integer (got no value)'],
    ['max-age=abc', 'max-age must be a non-negative integer (got "abc")'],
    ['max-age=-1', 'max-age must be a non-negative integer (got "-1")'],
    ['max-age=1.5', 'max-age must be a non-negative integer (got "1.5")'],
    ['max-age=100, max-age=200', 'max-age must be a non-negative integer (got "100, max-age=200")'],
    ['max-age=1; max-age=2', 'directive max-age appears more than once'],
  ])('%s is invalid', (value, reason) => {
    expect(parseHsts(value)).toEqual({ valid: false, reason });
  });
});

describe('parseXFrameOptions', () => {
  it.each([
    [['DENY'], 'deny'],
    [['sameorigin'], 'sameorigin'],
    [[' SameOrigin '], 'sameorigin'],
    [['DENY', 'deny'], 'deny'],
    [['DENY, SAMEORIGIN'], 'deny'],
    [['ALLOW-FROM https://example.com'], 'allow-from'],
    [['allowall'], 'invalid'],
    [[''], 'invalid'],
    [['DENY, foo'], 'invalid'],
  ])('%j → %s', (values, kind) => {
    expect(parseXFrameOptions(values).kind).toBe(kind);
  });
});

describe('parseXContentTypeOptions', () => {
  it('applies nosniff when the first item is nosniff (Fetch standard)', () => {
    expect(parseXContentTypeOptions(['nosniff'])).toEqual({ nosniff: true, allNosniff: true });
    expect(parseXContentTypeOptions(['NoSniff '])).toEqual({ nosniff: true, allNosniff: true });
    expect(parseXContentTypeOptions(['nosniff', 'nosniff'])).toEqual({ nosniff: true, allNosniff: true });
    expect(parseXContentTypeOptions(['nosniff, foo'])).toEqual({ nosniff: true, allNosniff: false });
    expect(parseXContentTypeOptions(['sniff'])).toEqual({ nosniff: false, allNosniff: false });
    expect(parseXContentTypeOptions(['foo, nosniff'])).toEqual({ nosniff: false, allNosniff: false });
  });
});

describe('parseReferrerPolicy', () => {
  it('takes the last recognised token across all occurrences', () => {
    expect(parseReferrerPolicy(['no-referrer'])).toBe('no-referrer');
    expect(parseReferrerPolicy(['unsafe-url, strict-origin-when-cross-origin'])).toBe('strict-origin-when-cross-origin');
    expect(parseReferrerPolicy(['strict-origin, some-future-policy'])).toBe('strict-origin');
    expect(parseReferrerPolicy(['same-origin', 'Origin'])).toBe('origin');
    expect(parseReferrerPolicy(['nonsense'])).toBeNull();
    expect(parseReferrerPolicy([''])).toBeNull();
  });
});

describe('parseSetCookie', () => {
  it('reads name and flags case-insensitively', () => {
    expect(parseSetCookie('sid=abc; Path=/; SECURE; httponly; SameSite=Strict')).toEqual({
      name: 'sid',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(parseSetCookie('theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT')).toEqual({
      name: 'theme',
      secure: false,
      httpOnly: false,
      sameSite: null,
    });
    expect(parseSetCookie('x=1; SameSite').sameSite).toBe('');
  });
});

describe('isValidCrossOriginHeader', () => {
  it.each([
    ['cross-origin-opener-policy', ['same-origin'], true],
    ['cross-origin-opener-policy', ['same-origin-allow-popups'], true],
    ['cross-origin-opener-policy', ['noopener-allow-popups'], true],
    ['cross-origin-opener-policy', ['unsafe-none'], true],
    ['cross-origin-opener-policy', ['same-origin; report-to="coop"'], true],
    ['cross-origin-opener-policy', ['Same-Origin'], false],
    ['cross-origin-opener-policy', ['same-site'], false],
    ['cross-origin-opener-policy', ['same-origin', 'same-origin'], false],
    ['cross-origin-embedder-policy', ['require-corp'], true],
    ['cross-origin-embedder-policy', ['credentialless'], true],
    ['cross-origin-embedder-policy', ['unsafe-none'], true],
    ['cross-origin-embedder-policy', ['require-cors'], false],
    ['cross-origin-resource-policy', ['same-site'], true],
    ['cross-origin-resource-policy', ['same-origin'], true],
    ['cross-origin-resource-policy', ['cross-origin'], true],
    ['cross-origin-resource-policy', ['same-origin; x=1'], false],
    ['cross-origin-resource-policy', ['anyone'], false],
  ] as const)('%s %j → %s', (header, values, valid) => {
    expect(isValidCrossOriginHeader(header, values)).toBe(valid);
  });
});

describe('serverDisclosesVersion', () => {
  it.each([
    ['nginx/1.25.3', true],
    ['Apache/2.4.58 (Unix) OpenSSL/3.0.2', true],
    ['Microsoft-IIS/10.0', true],
    ['Jetty(9.4.51.v20230217)', true],
    ['nginx', false],
    ['cloudflare', false],
    ['Apache', false],
    ['AmazonS3', false],
  ])('%s → %s', (value, discloses) => {
    expect(serverDisclosesVersion(value)).toBe(discloses);
  });
});
