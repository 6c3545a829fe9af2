import type { Assertion } from './assertion.js';

/**
 * The words of a failed assertion in a check's `error`:
 * `Assertion failed: json $.status equals "ok" (got "degraded")`. Whatever came from the target
 * (and the monitor's own long values) is cut to a few dozen characters and JSON-quoted, so an
 * error never carries a line break or an unbounded echo of the target.
 */

/** Characters of a value, header or path shown before it is cut with "…". */
export const SHOWN_CHARS = 100;
/** Longest `error` text made of assertion failures; later failures are counted, not listed. */
export const MAX_FAILURES_TEXT = 1000;

export function cut(text: string, max = SHOWN_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A string shown quoted, cut before quoting (a 1 MiB value is never stringified whole). */
export function quoted(text: string): string {
  return text.length > SHOWN_CHARS ? `${JSON.stringify(text.slice(0, SHOWN_CHARS)).slice(0, -1)}…"` : JSON.stringify(text);
}

/** A JSON value shown as JSON, cut. Containers are summarised past the cut. */
export function shownJson(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return cut(JSON.stringify(value.slice(0, SHOWN_CHARS)));
  if (typeof value === 'object') return cut(JSON.stringify(Object.fromEntries(Object.entries(value).slice(0, SHOWN_CHARS))));
  return String(value);
}

function operatorWords(operator: string): string {
  return operator.replace(/_/g, ' ');
}

function pattern(value: string, flags: string | undefined): string {
  return `/${cut(value)}/${flags ?? ''}`;
}

/** The condition, as the error names it. */
export function describeAssertion(a: Assertion): string {
  switch (a.source) {
    case 'status_code':
      return `status code ${operatorWords(a.operator)} ${a.value}`;
    case 'response_time':
      return `response time ${operatorWords(a.operator)} ${a.value} ms`;
    case 'certificate_expiry':
      return `certificate days left ${operatorWords(a.operator)} ${a.value}`;
    case 'header': {
      const subject = `header ${cut(a.name)} ${operatorWords(a.operator)}`;
      if (!('value' in a)) return subject;
      return a.operator === 'matches' ? `${subject} ${pattern(a.value, a.flags)}` : `${subject} ${quoted(a.value)}`;
    }
    case 'json_path': {
      const subject = `json ${cut(a.path)} ${operatorWords(a.operator)}`;
      if (!('value' in a)) return subject;
      return a.operator === 'matches' ? `${subject} ${pattern(a.value, a.flags)}` : `${subject} ${shownJson(a.value)}`;
    }
    case 'body':
      return a.operator === 'matches' ? `body matches ${pattern(a.value, a.flags)}` : `body ${operatorWords(a.operator)} ${quoted(a.value)}`;
  }
}

/** One failure: the condition and what the check saw instead. */
export function failureText(a: Assertion, seen: string): string {
  return `Assertion failed: ${describeAssertion(a)} (${seen})`;
}

/** The failures of one check joined with "; ", bounded; those past the bound are counted. */
export function joinFailures(failures: readonly string[]): string {
  let text = '';
  for (let i = 0; i < failures.length; i++) {
    const next = text ? `${text}; ${failures[i]}` : failures[i];
    if (next.length > MAX_FAILURES_TEXT && text) return `${text}; and ${failures.length - i} more failed assertion${failures.length - i === 1 ? '' : 's'}`;
    text = next;
  }
  return text;
}
