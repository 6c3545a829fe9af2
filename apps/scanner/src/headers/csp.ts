/**
 * Content-Security-Policy parsing after CSP Level 3 §2.2: a header value is a comma-separated
 * list of policies; a policy is a semicolon-separated list of directives; a directive is a
 * case-insensitive name followed by whitespace-separated sources. A repeated directive is
 * ignored (the first one wins) and recorded in `duplicates`.
 */

export interface CspDirective {
  /** Lowercase directive name. */
  name: string;
  /** Sources as written. */
  sources: string[];
}

export interface CspPolicy {
  /** The policy text as received (trimmed). */
  text: string;
  /** Directives in order of first appearance, keyed by lowercase name. */
  directives: Map<string, CspDirective>;
  /** Lowercase names of directives that appeared more than once (each once). */
  duplicates: string[];
}

export type CspSourceKind = 'keyword' | 'nonce' | 'hash' | 'scheme' | 'wildcard' | 'host';

export interface CspSource {
  kind: CspSourceKind;
  /** Lowercase form for comparisons (nonces and hashes keep their case). */
  value: string;
}

const KEYWORDS = new Set([
  "'self'",
  "'none'",
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'wasm-unsafe-eval'",
  "'unsafe-hashes'",
  "'strict-dynamic'",
  "'report-sample'",
  "'unsafe-allow-redirects'",
  "'inline-speculation-rules'",
]);

const NONCE = /^'nonce-[A-Za-z0-9+/_-]+={0,2}'$/i;
const HASH = /^'(sha256|sha384|sha512)-[A-Za-z0-9+/_-]+={0,2}'$/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:$/i;

const WHITESPACE = /[\t\n\f\r ]+/;

/** Parses one policy (no commas). An empty or blank text gives a policy with no directives. */
export function parseCspPolicy(text: string): CspPolicy {
  const directives = new Map<string, CspDirective>();
  const duplicates: string[] = [];
  for (const token of text.split(';')) {
    const parts = token.trim().split(WHITESPACE).filter(Boolean);
    if (!parts.length) continue;
    const name = parts[0].toLowerCase();
    if (!/^[a-z0-9-]+$/.test(name)) continue;
    if (directives.has(name)) {
      if (!duplicates.includes(name)) duplicates.push(name);
      continue;
    }
    directives.set(name, { name, sources: parts.slice(1) });
  }
  return { text: text.trim(), directives, duplicates };
}

/**
 * Every policy of one or more header values (each occurrence of the header and each
 * comma-separated item is a policy of its own). Blank items are skipped.
 */
export function parseCspHeader(values: string | readonly string[]): CspPolicy[] {
  const list = typeof values === 'string' ? [values] : values;
  return list
    .flatMap((v) => v.split(','))
    .map((p) => p.trim())
    .filter(Boolean)
    .map(parseCspPolicy);
}

export function classifySource(source: string): CspSource {
  const lower = source.toLowerCase();
  if (NONCE.test(source)) return { kind: 'nonce', value: source };
  if (HASH.test(source)) return { kind: 'hash', value: source };
  if (KEYWORDS.has(lower) || (lower.startsWith("'") && lower.endsWith("'"))) return { kind: 'keyword', value: lower };
  if (lower === '*') return { kind: 'wildcard', value: lower };
  if (SCHEME.test(lower)) return { kind: 'scheme', value: lower };
  return { kind: 'host', value: lower };
}

/** Whether a directive lists a keyword (case-insensitive, e.g. "'unsafe-inline'"). */
export function hasKeyword(directive: CspDirective, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return directive.sources.some((s) => s.toLowerCase() === k);
}

/** Whether a directive carries a nonce or hash source (which makes browsers ignore 'unsafe-inline'). */
export function hasNonceOrHash(directive: CspDirective): boolean {
  return directive.sources.some((s) => {
    const kind = classifySource(s).kind;
    return kind === 'nonce' || kind === 'hash';
  });
}

/** The directive that governs scripts: script-src, else default-src, else none. */
export function effectiveScriptDirective(policy: CspPolicy): CspDirective | undefined {
  return policy.directives.get('script-src') ?? policy.directives.get('default-src');
}

/** A directive with its default-src fallback (for fetch directives). */
export function directiveOrDefault(policy: CspPolicy, name: string): CspDirective | undefined {
  return policy.directives.get(name) ?? policy.directives.get('default-src');
}

/** 'unsafe-inline' is in effect: listed, and not neutralised by a nonce or hash in the same directive. */
export function allowsUnsafeInline(directive: CspDirective): boolean {
  return hasKeyword(directive, "'unsafe-inline'") && !hasNonceOrHash(directive);
}

export function allowsUnsafeEval(directive: CspDirective): boolean {
  return hasKeyword(directive, "'unsafe-eval'");
}
