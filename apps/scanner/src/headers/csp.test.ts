import {
  allowsUnsafeEval,
  allowsUnsafeInline,
  classifySource,
  directiveOrDefault,
  effectiveScriptDirective,
  hasKeyword,
  hasNonceOrHash,
  parseCspHeader,
  parseCspPolicy,
} from './csp.js';

describe('parseCspPolicy', () => {
  it('splits directives and sources, lowercasing directive names only', () => {
    const p = parseCspPolicy("Default-SRC 'self'; SCRIPT-src 'self' https://CDN.example.com 'nonce-AbC123=='");
    expect([...p.directives.keys()]).toEqual(['default-src', 'script-src']);
    expect(p.directives.get('script-src')?.sources).toEqual(["'self'", 'https://CDN.example.com', "'nonce-AbC123=='"]);
    expect(p.duplicates).toEqual([]);
  });

  it('keeps the first of a duplicated directive (case-insensitively) and records the duplicate once', () => {
    const p = parseCspPolicy("script-src 'self'; SCRIPT-SRC 'unsafe-inline'; script-src *; img-src *");
    expect(p.directives.get('script-src')?.sources).toEqual(["'self'"]);
    expect(p.duplicates).toEqual(['script-src']);
  });

  it('ignores empty directives, extra whitespace and invalid directive names', () => {
    const p = parseCspPolicy(" ; default-src\t'none' ;;  img-src  'self'   data: ; b@d x ;");
    expect([...p.directives.keys()]).toEqual(['default-src', 'img-src']);
    expect(p.directives.get('img-src')?.sources).toEqual(["'self'", 'data:']);
  });

  it('keeps valueless directives with an empty source list', () => {
    const p = parseCspPolicy('upgrade-insecure-requests; block-all-mixed-content');
    expect(p.directives.get('upgrade-insecure-requests')?.sources).toEqual([]);
  });

  it('gives a blank policy no directives', () => {
    expect(parseCspPolicy('   ').directives.size).toBe(0);
  });
});

describe('parseCspHeader', () => {
  it('treats comma-separated items and every occurrence as separate policies', () => {
    const policies = parseCspHeader(["default-src 'self', script-src 'none'", "img-src 'self'"]);
    expect(policies).toHaveLength(3);
    expect(policies.map((p) => [...p.directives.keys()])).toEqual([['default-src'], ['script-src'], ['img-src']]);
  });

  it('skips blank items', () => {
    expect(parseCspHeader(" , default-src 'self' ,")).toHaveLength(1);
    expect(parseCspHeader('')).toHaveLength(0);
  });
});

describe('classifySource', () => {
  it.each([
    ["'self'", 'keyword'],
    ["'UNSAFE-INLINE'", 'keyword'],
    ["'wasm-unsafe-eval'", 'keyword'],
    ["'strict-dynamic'", 'keyword'],
    ["'nonce-r4nd0m+/=='", 'nonce'],
    ["'NONCE-abc'", 'nonce'],
    ["'sha256-B2yPHKaXnvFWtRChIbabYmUBFZdVfKKXHbWtWidDVF8='", 'hash'],
    ["'sha384-abc'", 'hash'],
    ["'sha512-abc'", 'hash'],
    ["'sha1-abc'", 'keyword'],
    ["'nonce-'", 'keyword'],
    ['*', 'wildcard'],
    ['https:', 'scheme'],
    ['data:', 'scheme'],
    ['https://cdn.example.com', 'host'],
    ['*.example.com', 'host'],
  ])('%s is a %s', (source, kind) => {
    expect(classifySource(source).kind).toBe(kind);
  });
});

describe('directive helpers', () => {
  const directive = (text: string) => parseCspPolicy(text).directives.values().next().value!;

  it('finds keywords case-insensitively', () => {
    expect(hasKeyword(directive("script-src 'UNSAFE-EVAL'"), "'unsafe-eval'")).toBe(true);
    expect(hasKeyword(directive("script-src 'wasm-unsafe-eval'"), "'unsafe-eval'")).toBe(false);
  });

  it('sees nonces and hashes', () => {
    expect(hasNonceOrHash(directive("script-src 'nonce-abc'"))).toBe(true);
    expect(hasNonceOrHash(directive("script-src 'sha384-abc'"))).toBe(true);
    expect(hasNonceOrHash(directive("script-src 'self' https:"))).toBe(false);
  });

  it("'unsafe-inline' is in effect only without a nonce or hash in the same directive", () => {
    expect(allowsUnsafeInline(directive("script-src 'unsafe-inline'"))).toBe(true);
    expect(allowsUnsafeInline(directive("script-src 'unsafe-inline' 'nonce-abc'"))).toBe(false);
    expect(allowsUnsafeInline(directive("script-src 'unsafe-inline' 'sha256-abc='"))).toBe(false);
    expect(allowsUnsafeEval(directive("script-src 'unsafe-eval' 'nonce-abc'"))).toBe(true);
    expect(allowsUnsafeEval(directive("script-src 'wasm-unsafe-eval'"))).toBe(false);
  });

  it('script policy is script-src, else default-src, else none', () => {
    expect(effectiveScriptDirective(parseCspPolicy("default-src 'self'; script-src 'none'"))?.name).toBe('script-src');
    expect(effectiveScriptDirective(parseCspPolicy("default-src 'self'; style-src 'none'"))?.name).toBe('default-src');
    expect(effectiveScriptDirective(parseCspPolicy("img-src 'self'"))).toBeUndefined();
    expect(directiveOrDefault(parseCspPolicy("default-src 'self'"), 'img-src')?.name).toBe('default-src');
  });
});
