import type { JSONPathQuery, JSONValue } from 'json-p3';
import { daysUntilExpiry } from '../../domains/expiry.js';
import { HEADER_BOUNDS, JSON_BOUNDS } from '../../security/evaluation-bounds.js';
import type { Assertion, AssertionSubject, BodyAssertion, HeaderAssertion, JsonPathAssertion, JsonScalar } from './assertion.js';
import { failureText, quoted, shownJson } from './assertion-text.js';
import { parseBoundedJson, type ParsedBody } from './bounded-json.js';
import { runBounded, threadCpuMicros, TimeBoundExceeded } from './bounded-run.js';
import { withJsonSteps } from './json-steps.js';
import { assertionJsonPath, regexProblem, UNSUPPORTED_PATTERN, userRegex } from './user-regex.js';

/**
 * The pure judge of a monitor's assertions against what one check saw. Every condition is
 * judged (not only up to the first failure) and each failure is named. Regular expressions and
 * JSONPath queries run under one time bound per check (bounded-run.ts), in one bounded run
 * (starting the watchdog costs ~0.1 ms, so not one per condition): the condition running when
 * the bound passes fails as stopped, those after it as not evaluated.
 */

/** Wall-clock bound of the regular expressions and JSONPath queries of one check, together. */
export const ASSERTION_TIME_BOUND_MS = 50;

/** Values a JSONPath may select that are judged; more are ignored (named in decisions). */
export const MAX_JSON_NODES = JSON_BOUNDS.maxSelected;

/** RFC 9535 JSONPath, match() and search() on RE2 (user-regex.ts), under the same time bound. */
const jsonPath = assertionJsonPath();
/** Compiled paths by text; monitors repeat theirs every check. Bounded, oldest dropped first. */
const compiled = new Map<string, JSONPathQuery>();
const MAX_COMPILED = 1000;

function compilePath(path: string): JSONPathQuery {
  let query = compiled.get(path);
  if (!query) {
    query = jsonPath.compile(path);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value ?? path);
    compiled.set(path, query);
  }
  return query;
}

type Verdict = { ok: true } | { ok: false; seen: string };
const OK: Verdict = { ok: true };
const seen = (text: string): Verdict => ({ ok: false, seen: text });
/** The verdict now, or the work that gives it under the time bound. */
type Deferred = Verdict | (() => Verdict);

/** The failure texts of the assertions that do not hold, in their order; empty when all hold. */
export function evaluateAssertions(assertions: readonly Assertion[], subject: AssertionSubject, boundMs = ASSERTION_TIME_BOUND_MS, jsonSteps: number = JSON_BOUNDS.maxSteps): string[] {
  const judge = new Judge(subject, jsonSteps);
  const verdicts: Deferred[] = assertions.map((a) => judge.judge(a));
  runDeferred(verdicts, boundMs);
  return assertions.flatMap((a, i) => {
    const v = verdicts[i];
    return typeof v !== 'function' && !v.ok ? [failureText(a, v.seen)] : [];
  });
}

/**
 * Runs the deferred (hostile) verdicts in place, in order, within `boundMs` together. One
 * bounded run does them all; if the bound passes, the one running is stopped and the rest are
 * not evaluated (verdicts done before it stand).
 */
function runDeferred(verdicts: Deferred[], boundMs: number): void {
  const pending = verdicts.flatMap((v, i) => (typeof v === 'function' ? [i] : []));
  let next = 0;
  let retried = false;
  while (next < pending.length) {
    const cpuBefore = threadCpuMicros();
    try {
      runBounded(() => {
        for (; next < pending.length; next++) {
          const work = verdicts[pending[next]];
          verdicts[pending[next]] = typeof work === 'function' ? attempt(work) : work;
        }
      }, boundMs);
    } catch (e) {
      if (!(e instanceof TimeBoundExceeded)) throw e;
      // The bound is wall-clock: a thread that was not running (a busy machine) used little CPU
      // meanwhile, and its work is not to blame. It gets one more bound. This thread's time only:
      // the JIT's and the GC's threads working beside it do not make its work look slow.
      if (!retried && (threadCpuMicros() - cpuBefore) / 1000 < boundMs / 2) {
        retried = true;
        continue;
      }
      verdicts[pending[next]] = seen(`stopped: the ${boundMs} ms time bound of this check's assertions passed`);
      for (const i of pending.slice(next + 1)) verdicts[i] = seen(`not evaluated: the ${boundMs} ms time bound of this check's assertions passed`);
      return;
    }
  }
}

/** A verdict whose work threw (a JSONPath recursion limit, say) names the error. */
function attempt(work: () => Verdict): Verdict {
  try {
    return work();
  } catch (e) {
    return seen(`not evaluated: ${e instanceof Error ? e.message.slice(0, 100) : 'failed'}`);
  }
}

class Judge {
  private text: string | null = null;
  private json: ParsedBody | null = null;

  constructor(
    private readonly subject: AssertionSubject,
    private readonly jsonSteps: number,
  ) {}

  judge(a: Assertion): Deferred {
    switch (a.source) {
      case 'status_code':
        return compareNumber(a.operator, this.subject.statusCode, a.value) ? OK : seen(`got ${this.subject.statusCode}`);
      case 'response_time':
        return compareNumber(a.operator, this.subject.responseTimeMs, a.value) ? OK : seen(`got ${this.subject.responseTimeMs} ms`);
      case 'certificate_expiry': {
        const expires = this.subject.certificateExpiresAt;
        if (!expires) return seen('no certificate: the check made no TLS connection');
        const days = daysUntilExpiry(expires, this.subject.now);
        return compareNumber(a.operator, days, a.value) ? OK : seen(`got ${days}`);
      }
      case 'header':
        return this.header(a);
      case 'body':
        return this.body(a);
      case 'json_path':
        return this.jsonPath(a);
    }
  }

  private header(a: HeaderAssertion): Deferred {
    const raw = this.subject.headers[a.name.toLowerCase()];
    const value = (Array.isArray(raw) ? raw.join(', ') : raw)?.slice(0, HEADER_BOUNDS.maxValueChars);
    if (a.operator === 'not_exists') return value === undefined ? OK : seen(`got ${quoted(value)}`);
    if (value === undefined) return seen('header absent');
    const got = seen(`got ${quoted(value)}`);
    switch (a.operator) {
      case 'exists':
        return OK;
      case 'equals':
        return value === a.value ? OK : got;
      case 'not_equals':
        return value !== a.value ? OK : got;
      case 'contains':
        return value.includes(a.value) ? OK : got;
      case 'not_contains':
        return !value.includes(a.value) ? OK : got;
      case 'matches':
        if (regexProblem(a.value, a.flags) !== null) return seen(UNSUPPORTED_PATTERN);
        return () => (userRegex(a.value, a.flags).test(value) ? OK : got);
    }
  }

  private body(a: BodyAssertion): Deferred {
    const where = this.subject.bodyTruncated ? ' in the first 1 MiB of the body' : '';
    switch (a.operator) {
      // A byte search, as for expected_content: no decoding of the whole body.
      case 'contains':
        return this.subject.body.includes(a.value, 0, 'utf8') ? OK : seen(`not found${where}`);
      case 'not_contains':
        return this.subject.body.includes(a.value, 0, 'utf8') ? seen('found') : OK;
      case 'matches': {
        if (regexProblem(a.value, a.flags) !== null) return seen(UNSUPPORTED_PATTERN);
        const text = this.bodyText();
        return () => (userRegex(a.value, a.flags).test(text) ? OK : seen(`no match${where}`));
      }
    }
  }

  private jsonPath(a: JsonPathAssertion): Deferred {
    if (a.operator === 'matches' && regexProblem(a.value, a.flags) !== null) return seen(UNSUPPORTED_PATTERN);
    const doc = this.parsedBody();
    if (!doc.ok) return seen(this.subject.bodyTruncated && doc.why === 'body is not JSON' ? 'body is not JSON: only its first 1 MiB was read' : doc.why);
    return () => {
      const values = withJsonSteps(this.jsonSteps, () => {
        const selected: JSONValue[] = [];
        for (const node of compilePath(a.path).lazyQuery(doc.value)) {
          selected.push(node.value);
          if (selected.length === MAX_JSON_NODES) break;
        }
        return selected;
      });
      if (a.operator === 'not_exists') return values.length ? seen(`got ${shownJson(values[0])}`) : OK;
      if (!values.length) return seen('nothing selected');
      const offending = values.find((v) => !holds(a, v));
      return offending === undefined ? OK : seen(`got ${shownJson(offending)}`);
    };
  }

  private bodyText(): string {
    this.text ??= this.subject.body.toString('utf8');
    return this.text;
  }

  private parsedBody(): ParsedBody {
    this.json ??= parseBoundedJson(this.bodyText());
    return this.json;
  }
}

function compareNumber(operator: 'equals' | 'not_equals' | 'less_than' | 'greater_than', actual: number, expected: number): boolean {
  switch (operator) {
    case 'equals':
      return actual === expected;
    case 'not_equals':
      return actual !== expected;
    case 'less_than':
      return actual < expected;
    case 'greater_than':
      return actual > expected;
  }
}

/** Whether one selected JSON value satisfies a json_path condition (exists/not_exists are judged by count). */
function holds(a: JsonPathAssertion, v: JSONValue): boolean {
  switch (a.operator) {
    case 'exists':
    case 'not_exists':
      return true;
    case 'equals':
      return v === a.value;
    case 'not_equals':
      return v !== a.value;
    case 'contains':
      return contains(v, a.value);
    case 'not_contains':
      return !contains(v, a.value);
    case 'less_than':
      return typeof v === 'number' && v < a.value;
    case 'greater_than':
      return typeof v === 'number' && v > a.value;
    case 'matches':
      return typeof v === 'string' && userRegex(a.value, a.flags).test(v);
  }
}

/** A string containing a string, or an array holding the scalar; anything else contains nothing. */
function contains(v: JSONValue, needle: JsonScalar): boolean {
  if (typeof v === 'string') return typeof needle === 'string' && v.includes(needle);
  if (Array.isArray(v)) return v.some((item) => item === needle);
  return false;
}
