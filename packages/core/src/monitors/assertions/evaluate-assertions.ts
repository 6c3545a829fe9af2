import { performance } from 'node:perf_hooks';
import { JSONPathEnvironment, type JSONValue } from 'json-p3';
import type { Assertion, AssertionSubject, BodyAssertion, HeaderAssertion, JsonPathAssertion, JsonScalar } from './assertion.js';
import { failureText, quoted, shownJson } from './assertion-text.js';
import { runBounded, TimeBoundExceeded } from './bounded-run.js';

/**
 * The pure judge of a monitor's assertions against what one check saw. Every condition is
 * judged (not only up to the first failure) and each failure is named. Regular expressions and
 * JSONPath queries run under a time bound (bounded-run.ts): each at most `perConditionMs`, all of
 * one check together at most `perCheckMs`; a condition left without time fails, named so.
 */

export interface AssertionTimeBounds {
  perConditionMs: number;
  perCheckMs: number;
}

export const ASSERTION_TIME_BOUNDS: AssertionTimeBounds = { perConditionMs: 20, perCheckMs: 50 };

/** Values a JSONPath may select that are judged; more are ignored (named in decisions). */
export const MAX_JSON_NODES = 100;

const DAY_MS = 86_400_000;

/** RFC 9535 JSONPath, standard functions (match/search run under the same time bound). */
const jsonPath = new JSONPathEnvironment();

type Verdict = { ok: true } | { ok: false; seen: string };
const OK: Verdict = { ok: true };
const seen = (text: string): Verdict => ({ ok: false, seen: text });

/** The failure texts of the assertions that do not hold; empty when all hold. */
export function evaluateAssertions(
  assertions: readonly Assertion[],
  subject: AssertionSubject,
  bounds: AssertionTimeBounds = ASSERTION_TIME_BOUNDS,
): string[] {
  const judge = new Judge(subject, bounds);
  const failures: string[] = [];
  for (const a of assertions) {
    const verdict = judge.judge(a);
    if (!verdict.ok) failures.push(failureText(a, verdict.seen));
  }
  return failures;
}

class Judge {
  private spentMs = 0;
  private text: string | null = null;
  private json: { ok: true; value: JSONValue } | { ok: false } | null = null;

  constructor(
    private readonly subject: AssertionSubject,
    private readonly bounds: AssertionTimeBounds,
  ) {}

  judge(a: Assertion): Verdict {
    switch (a.source) {
      case 'status_code':
        return compareNumber(a.operator, this.subject.statusCode, a.value) ? OK : seen(`got ${this.subject.statusCode}`);
      case 'response_time':
        return compareNumber(a.operator, this.subject.responseTimeMs, a.value) ? OK : seen(`got ${this.subject.responseTimeMs} ms`);
      case 'certificate_expiry': {
        const expires = this.subject.certificateExpiresAt;
        if (!expires) return seen('no certificate: the check made no TLS connection');
        const days = Math.floor((expires.getTime() - this.subject.now.getTime()) / DAY_MS);
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

  private header(a: HeaderAssertion): Verdict {
    const raw = this.subject.headers[a.name.toLowerCase()];
    const value = Array.isArray(raw) ? raw.join(', ') : raw;
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
        return this.bounded(() => (regex(a.value, a.flags).test(value) ? OK : got));
    }
  }

  private body(a: BodyAssertion): Verdict {
    const text = this.bodyText();
    const where = this.subject.bodyTruncated ? ' in the first 1 MiB of the body' : '';
    switch (a.operator) {
      case 'contains':
        return text.includes(a.value) ? OK : seen(`not found${where}`);
      case 'not_contains':
        return text.includes(a.value) ? seen('found') : OK;
      case 'matches':
        return this.bounded(() => (regex(a.value, a.flags).test(text) ? OK : seen(`no match${where}`)));
    }
  }

  private jsonPath(a: JsonPathAssertion): Verdict {
    const doc = this.parsedBody();
    if (!doc.ok) return seen(this.subject.bodyTruncated ? 'body is not JSON: only its first 1 MiB was read' : 'body is not JSON');
    return this.bounded(() => {
      const values: JSONValue[] = [];
      for (const node of jsonPath.compile(a.path).lazyQuery(doc.value)) {
        values.push(node.value);
        if (values.length === MAX_JSON_NODES) break;
      }
      if (a.operator === 'not_exists') return values.length ? seen(`got ${shownJson(values[0])}`) : OK;
      if (!values.length) return seen('nothing selected');
      const offending = values.find((v) => !holds(a, v));
      return offending === undefined ? OK : seen(`got ${shownJson(offending)}`);
    });
  }

  /** Runs one condition's hostile work within what is left of the check's time. */
  private bounded(work: () => Verdict): Verdict {
    const left = this.bounds.perCheckMs - this.spentMs;
    if (left < 1) return seen(`not evaluated: the ${this.bounds.perCheckMs} ms time bound of this check's assertions was spent`);
    const ms = Math.floor(Math.min(this.bounds.perConditionMs, left));
    const started = performance.now();
    try {
      return runBounded(work, ms);
    } catch (e) {
      if (e instanceof TimeBoundExceeded) return seen(`not evaluated: took longer than ${ms} ms`);
      return seen(`not evaluated: ${e instanceof Error ? e.message.slice(0, 100) : 'failed'}`);
    } finally {
      this.spentMs += performance.now() - started;
    }
  }

  private bodyText(): string {
    this.text ??= this.subject.body.toString('utf8');
    return this.text;
  }

  private parsedBody() {
    if (this.json === null) {
      try {
        this.json = { ok: true, value: JSON.parse(this.bodyText()) as JSONValue };
      } catch {
        this.json = { ok: false };
      }
    }
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
      return typeof v === 'string' && regex(a.value, a.flags).test(v);
  }
}

/** A string containing a string, or an array holding the scalar; anything else contains nothing. */
function contains(v: JSONValue, needle: JsonScalar): boolean {
  if (typeof v === 'string') return typeof needle === 'string' && v.includes(needle);
  if (Array.isArray(v)) return v.some((item) => item === needle);
  return false;
}

function regex(pattern: string, flags: string | undefined): RegExp {
  return new RegExp(pattern, flags ?? '');
}
