import type { DnsMatchMode, DnsRecordType } from '@vigil/core';

/** Answers kept in a check record, and the length each is cut to. */
export const MAX_DNS_ANSWERS = 50;
export const MAX_DNS_ANSWER_LENGTH = 512;

/** Record types whose answers are (or start with) names: compared without case and trailing dots. */
const NAME_TYPES: ReadonlySet<DnsRecordType> = new Set(['CNAME', 'NS', 'MX', 'SOA']);

/** The comparison form of an answer or an expected value of a record type. */
export function comparable(type: DnsRecordType, value: string): string {
  const v = value.trim();
  if (type === 'A' || type === 'AAAA') return v.toLowerCase();
  if (!NAME_TYPES.has(type)) return v;
  return v
    .split(/\s+/)
    .map((part) => part.toLowerCase().replace(/\.$/, ''))
    .join(' ');
}

/** Whether an answer satisfies an expected value: equal in comparison form; an MX also by its exchange alone. */
function satisfies(type: DnsRecordType, answer: string, expected: string): boolean {
  if (answer === expected) return true;
  return type === 'MX' && answer.split(' ')[1] === expected;
}

const quoted = (values: string[]) => values.map((v) => `"${v.length > 100 ? `${v.slice(0, 100)}…` : v}"`).join(', ');

/**
 * Judges a DNS answer against the monitor's expectations: null when it passes, else the
 * failure text naming the values missing (any/all) or present (none). No expectations: any
 * non-empty answer passes.
 */
export function judgeDnsAnswers(type: DnsRecordType, answers: string[], expected: string[], match: DnsMatchMode): string | null {
  const got = answers.map((a) => comparable(type, a));
  const present = (e: string) => got.some((a) => satisfies(type, a, comparable(type, e)));
  if (!expected.length) return answers.length ? null : `No ${type} records in the answer`;
  if (match === 'none') {
    const found = expected.filter(present);
    return found.length ? `Unexpected DNS values present: ${quoted(found)}` : null;
  }
  const missing = expected.filter((e) => !present(e));
  if (match === 'any' && missing.length < expected.length) return null;
  if (match === 'all' && !missing.length) return null;
  return `${match === 'all' ? 'Expected DNS values not all found' : 'None of the expected DNS values found'}: missing ${quoted(missing)}; answer ${answers.length ? quoted(answers.slice(0, 5)) : 'empty'}${answers.length > 5 ? ` and ${answers.length - 5} more` : ''}`;
}

/** The answers as kept in the check: at most MAX_DNS_ANSWERS, each cut to MAX_DNS_ANSWER_LENGTH. */
export function keptAnswers(answers: string[]): { answers: string[]; truncated: boolean } {
  const kept = answers.slice(0, MAX_DNS_ANSWERS).map((a) => (a.length > MAX_DNS_ANSWER_LENGTH ? `${a.slice(0, MAX_DNS_ANSWER_LENGTH)}…` : a));
  return { answers: kept, truncated: answers.length > MAX_DNS_ANSWERS || answers.some((a) => a.length > MAX_DNS_ANSWER_LENGTH) };
}
