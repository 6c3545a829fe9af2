import { NO_HSTS, parseHsts } from './hsts.js';

describe('parseHsts', () => {
  it.each([
    ['max-age=31536000', { present: true, max_age: 31_536_000, include_subdomains: false, preload: false }],
    ['max-age=63072000; includeSubDomains; preload', { present: true, max_age: 63_072_000, include_subdomains: true, preload: true }],
    ['MAX-AGE="15552000";INCLUDESUBDOMAINS', { present: true, max_age: 15_552_000, include_subdomains: true, preload: false }],
    ['  max-age = 0 ', { present: true, max_age: 0, include_subdomains: false, preload: false }],
    ['max-age=1; max-age=2', { present: true, max_age: 1, include_subdomains: false, preload: false }],
  ])('reads %j', (value, expected) => {
    expect(parseHsts(value)).toEqual(expected);
  });

  it('treats a header without a valid max-age as absent', () => {
    expect(parseHsts('includeSubDomains')).toEqual({ present: false, max_age: null, include_subdomains: true, preload: false });
    expect(parseHsts('max-age=abc')).toEqual(NO_HSTS);
    expect(parseHsts('max-age=-5')).toEqual(NO_HSTS);
  });

  it('treats a missing or empty header as absent, and takes the first of several', () => {
    expect(parseHsts(undefined)).toEqual(NO_HSTS);
    expect(parseHsts('  ')).toEqual(NO_HSTS);
    expect(parseHsts(['max-age=100', 'max-age=200'])).toEqual({ present: true, max_age: 100, include_subdomains: false, preload: false });
  });
});
