import { FunctionExpressionType, JSONPathEnvironment, type FilterFunction } from 'json-p3';
import { RE2JS } from 're2js';
import { JSON_BOUNDS, REGEX_BOUNDS } from '../../security/evaluation-bounds.js';
import { chargeJsonSteps } from './json-steps.js';

/**
 * Regular expressions a tenant supplies (`matches` assertions, and the patterns of JSONPath's
 * match() and search(), which a target's own JSON may supply) run on RE2 (the `re2js` port):
 * time linear in the input, whatever the pattern, so `/^(a+)+$/` cannot backtrack. The syntax
 * is JavaScript's as RE2 understands it (RE2JS.translateRegExp maps `\uXXXX`, `\/` …):
 * classes, `\d \w \s \b`, `\p{L}`, groups (named too), alternation, greedy and lazy
 * repetition up to {1000}, anchors; no backreferences (`\1`) and no lookaround (`(?=`, `(?!`,
 * `(?<=`, `(?<!`). Flags: i, m, s; u is accepted (RE2 always reads code points).
 */

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** Compiled patterns by flags and text; monitors repeat theirs every check. Oldest dropped first. */
const compiled = new Map<string, RE2JS>();

function remember(key: string, re: RE2JS): RE2JS {
  if (compiled.size >= REGEX_BOUNDS.cacheEntries) compiled.delete(compiled.keys().next().value ?? key);
  compiled.set(key, re);
  return re;
}

/** The pattern compiled for RE2; throws (an RE2JS exception) when RE2 cannot run it. */
export function userRegex(pattern: string, flags = ''): RE2JS {
  const key = `${flags}/${pattern}`;
  const cached = compiled.get(key);
  if (cached) return cached;
  let bits = 0;
  for (const f of flags) bits |= FLAG_BITS[f] ?? 0;
  return remember(key, RE2JS.compile(RE2JS.translateRegExp(pattern), bits));
}

/** Why RE2 cannot run the pattern (its parser's words), or null when it can. */
export function regexProblem(pattern: string, flags = ''): string | null {
  try {
    userRegex(pattern, flags);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message.slice(0, 200) : 'unparsable';
  }
}

/** What a stored pattern RE2 cannot run says when a check judges it (it fails the condition). */
export const UNSUPPORTED_PATTERN = 'not evaluated: the pattern uses syntax the linear-time engine (RE2) does not run, such as a backreference or lookaround; edit the assertion';

/** Longest pattern match() and search() take (a target's JSON can supply it); longer ones match nothing. */
const MAX_FILTER_PATTERN = REGEX_BOUNDS.patternChars * 2;

/** RFC 9535 match() and search() on RE2: false for a non-string, an over-long or an unsupported pattern, as the RFC says for invalid ones. */
class Re2Filter implements FilterFunction {
  readonly argTypes = [FunctionExpressionType.ValueType, FunctionExpressionType.ValueType];
  readonly returnType = FunctionExpressionType.LogicalType;

  constructor(private readonly whole: boolean) {}

  call(value: unknown, pattern: unknown): boolean {
    if (typeof value !== 'string' || typeof pattern !== 'string' || pattern.length > MAX_FILTER_PATTERN) return false;
    chargeJsonSteps(1 + Math.floor(value.length / 16));
    try {
      return userRegex(this.whole ? `^(?:${pattern})$` : pattern).test(value);
    } catch {
      return false;
    }
  }
}

/**
 * The JSONPath environment of assertions: RFC 9535 with match() and search() on RE2 (I-Regexp's
 * `.` is any character but \n and \r; here any but \n, the one difference).
 */
export function assertionJsonPath(): JSONPathEnvironment {
  // Descendant segments reach every level of a document within the depth bound (bounded-json.ts).
  const env = new JSONPathEnvironment({ maxRecursionDepth: JSON_BOUNDS.maxDepth + 2 });
  env.functionRegister.set('match', new Re2Filter(true));
  env.functionRegister.set('search', new Re2Filter(false));
  return env;
}
