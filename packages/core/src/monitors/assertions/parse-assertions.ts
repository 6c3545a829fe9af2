import Joi from 'joi';
import { ValidationError } from '../../errors/errors.js';
import { ASSERTION_LIMITS, ASSERTION_OPERATORS, ASSERTION_SOURCES, REGEX_FLAGS, type Assertion, type AssertionSource, type JsonScalar } from './assertion.js';
import { assertionJsonPath, regexProblem } from './user-regex.js';

/**
 * Validation of a monitor's `assertions` (create and update): at most 20, each one of the
 * sources with its operators and a value of the right type, regular expressions compiled and
 * JSONPath expressions parsed here, so a monitor never stores a condition that cannot run. A
 * mistake is a 400 naming the item and the field: `Invalid assertions[2].value: ...`.
 */

const L = ASSERTION_LIMITS;
/** An HTTP header name: a token. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const ASSERTIONS_MESSAGE = `Invalid assertions: must be an array of at most ${L.count} assertions, each an object with a source (${ASSERTION_SOURCES.join(', ')}) and an operator`;

/** The rule each field breaks, by source (the operator's own rule is built from ASSERTION_OPERATORS). */
const RULES = {
  statusCode: 'must be an integer from 100 to 599',
  responseTime: 'must be an integer from 1 to 60000 (milliseconds)',
  certificateDays: 'must be an integer from -3650 to 3650 (days)',
  text: `must be a string of at most ${L.text} characters`,
  nonEmptyText: `must be a non-empty string of at most ${L.text} characters`,
  headerName: 'must be an HTTP header name (a token of at most 200 characters)',
  scalar: `must be a string (at most ${L.text} characters), a number, a boolean or null`,
  number: 'must be a finite number',
  pattern: `must be a regular expression of 1 to ${L.pattern} characters`,
  flags: 'must be a combination of the flags i, m, s and u, each at most once',
  noValue: 'must not be given for exists and not_exists',
  noFlags: 'is only taken by the matches operator',
  path: `must be a JSONPath expression (RFC 9535) of 1 to ${L.text} characters, starting with $`,
} as const;

const jsonPath = assertionJsonPath();

/** A field's values (joi, also what assertion-shapes.ts documents) and the rule its 400 names. */
export interface FieldRule {
  schema: Joi.Schema;
  rule: string;
}

const integer = (min: number, max: number, rule: string): FieldRule => ({ schema: Joi.number().integer().min(min).max(max).required(), rule });
const text: FieldRule = { schema: Joi.string().max(L.text).required(), rule: RULES.text };
const nonEmptyText: FieldRule = { schema: Joi.string().min(1).max(L.text).required(), rule: RULES.nonEmptyText };
const scalar: FieldRule = {
  schema: Joi.alternatives(Joi.string().max(L.text), Joi.number(), Joi.boolean(), Joi.valid(null)).required(),
  rule: RULES.scalar,
};
const finite: FieldRule = { schema: Joi.number().required(), rule: RULES.number };
const pattern: FieldRule = { schema: Joi.string().min(1).max(L.pattern).required(), rule: RULES.pattern };

/** What `value` must be by source, for the operators that compare (not matches, not less_than/greater_than of json_path). */
export const VALUE_RULES: Record<AssertionSource, FieldRule> = {
  status_code: integer(100, 599, RULES.statusCode),
  response_time: integer(1, 60_000, RULES.responseTime),
  certificate_expiry: integer(-3650, 3650, RULES.certificateDays),
  header: text,
  body: nonEmptyText,
  json_path: scalar,
};

/** What `value` must be, by source and operator; null when the operator takes no value. */
function valueRule(source: AssertionSource, operator: string): FieldRule | null {
  if (operator === 'exists' || operator === 'not_exists') return null;
  if (operator === 'matches') return pattern;
  if (source === 'json_path' && (operator === 'less_than' || operator === 'greater_than')) return finite;
  return VALUE_RULES[source];
}

function invalid(path: string, rule: string): ValidationError {
  return new ValidationError(`Invalid ${path}: ${rule}`);
}

function check(value: unknown, field: FieldRule, path: string): void {
  if (field.schema.validate(value, { convert: false }).error) throw invalid(path, field.rule);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** One assertion, validated; the returned object holds only the fields of its kind. */
export function parseAssertion(input: unknown, index: number): Assertion {
  const at = `assertions[${index}]`;
  if (!isRecord(input)) throw invalid(at, 'must be an object with a source and an operator');
  const src = input.source;
  if (typeof src !== 'string' || !isOneOf(ASSERTION_SOURCES, src)) throw invalid(`${at}.source`, `must be one of ${ASSERTION_SOURCES.join(', ')}`);
  const operators: readonly string[] = ASSERTION_OPERATORS[src];
  const operator = input.operator;
  if (typeof operator !== 'string' || !operators.includes(operator)) {
    throw invalid(`${at}.operator`, `must be one of ${operators.join(', ')} for source ${src}`);
  }
  const allowed = new Set(['source', 'operator', 'value', 'flags', ...(src === 'header' ? ['name'] : []), ...(src === 'json_path' ? ['path'] : [])]);
  const unknown = Object.keys(input).find((k) => !allowed.has(k));
  if (unknown !== undefined) throw invalid(at, `unknown field ${JSON.stringify(unknown.slice(0, 50))} for source ${src}`);
  const name = src === 'header' ? headerName(input.name, `${at}.name`) : '';
  const path = src === 'json_path' ? parsePath(input.path, `${at}.path`) : '';

  const rule = valueRule(src, operator);
  if (rule === null) {
    if (input.value !== undefined) throw invalid(`${at}.value`, RULES.noValue);
  } else {
    check(input.value, rule, `${at}.value`);
  }
  let flags: string | undefined;
  if (operator === 'matches') {
    const given = input.flags ?? '';
    if (typeof given !== 'string' || !REGEX_FLAGS.test(given)) throw invalid(`${at}.flags`, RULES.flags);
    compileRegex(String(input.value), given, `${at}.value`);
    flags = given || undefined;
  } else if (input.flags !== undefined) {
    throw invalid(`${at}.flags`, RULES.noFlags);
  }
  return build({ source: src, operator, value: input.value, flags, name, path });
}

interface Checked {
  source: AssertionSource;
  operator: string;
  value: unknown;
  flags: string | undefined;
  name: string;
  path: string;
}

const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);
const num = (v: unknown): number => (typeof v === 'number' ? v : NaN);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const scalarOf = (v: unknown): JsonScalar => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null);
const withFlags = (flags: string | undefined) => (flags ? { flags } : {});

/** The typed assertion from fields already judged valid (the guards only narrow types). */
function build(c: Checked): Assertion {
  const { operator: op } = c;
  switch (c.source) {
    case 'status_code':
      if (isOneOf(ASSERTION_OPERATORS.status_code, op)) return { source: 'status_code', operator: op, value: num(c.value) };
      break;
    case 'response_time':
      if (isOneOf(ASSERTION_OPERATORS.response_time, op)) return { source: 'response_time', operator: op, value: num(c.value) };
      break;
    case 'certificate_expiry':
      if (isOneOf(ASSERTION_OPERATORS.certificate_expiry, op)) return { source: 'certificate_expiry', operator: op, value: num(c.value) };
      break;
    case 'body':
      if (op === 'matches') return { source: 'body', operator: op, value: str(c.value), ...withFlags(c.flags) };
      if (op === 'contains' || op === 'not_contains') return { source: 'body', operator: op, value: str(c.value) };
      break;
    case 'header':
      if (op === 'exists' || op === 'not_exists') return { source: 'header', name: c.name, operator: op };
      if (op === 'matches') return { source: 'header', name: c.name, operator: op, value: str(c.value), ...withFlags(c.flags) };
      if (op === 'equals' || op === 'not_equals' || op === 'contains' || op === 'not_contains') return { source: 'header', name: c.name, operator: op, value: str(c.value) };
      break;
    case 'json_path':
      if (op === 'exists' || op === 'not_exists') return { source: 'json_path', path: c.path, operator: op };
      if (op === 'matches') return { source: 'json_path', path: c.path, operator: op, value: str(c.value), ...withFlags(c.flags) };
      if (op === 'less_than' || op === 'greater_than') return { source: 'json_path', path: c.path, operator: op, value: num(c.value) };
      if (op === 'equals' || op === 'not_equals' || op === 'contains' || op === 'not_contains') return { source: 'json_path', path: c.path, operator: op, value: scalarOf(c.value) };
      break;
  }
  throw new ValidationError(`Invalid operator ${op} for source ${c.source}`);
}

function headerName(name: unknown, at: string): string {
  if (typeof name !== 'string' || name.length > 200 || !HEADER_NAME.test(name)) throw invalid(at, RULES.headerName);
  return name;
}

function parsePath(path: unknown, at: string): string {
  if (typeof path !== 'string' || path.length < 1 || path.length > L.text) throw invalid(at, RULES.path);
  try {
    jsonPath.compile(path);
  } catch (e) {
    throw invalid(at, `${RULES.path} (${e instanceof Error ? e.message.slice(0, 200) : 'unparsable'})`);
  }
  return path;
}

/** RE2's refusal of a pattern that is valid JavaScript (user-regex.ts lists what it runs). */
export const RE2_UNSUPPORTED = 'not supported: patterns run on a linear-time engine (RE2), which has no backreferences and no lookaround';

function compileRegex(pattern: string, flags: string, at: string): void {
  try {
    new RegExp(pattern, flags);
  } catch (e) {
    throw invalid(at, `not a valid regular expression (${e instanceof Error ? e.message.slice(0, 200) : 'unparsable'})`);
  }
  const problem = regexProblem(pattern, flags);
  if (problem !== null) throw invalid(at, `${RE2_UNSUPPORTED} (${problem})`);
}

/** A monitor's assertions, validated: an array of at most ASSERTION_LIMITS.count (null is none). */
export function parseAssertions(input: unknown): Assertion[] {
  if (input === null) return [];
  if (!Array.isArray(input) || input.length > L.count) throw new ValidationError(ASSERTIONS_MESSAGE);
  return input.map((item, i) => parseAssertion(item, i));
}

/** The joi field for monitor input: runs parseAssertions and answers its precise 400. */
export const assertionsSchema = Joi.any()
  .custom((value: unknown) => parseAssertions(value))
  .error((errors) => {
    const [first] = errors;
    const thrown = first && 'local' in first ? (first.local as { error?: unknown } | undefined)?.error : undefined;
    return thrown instanceof ValidationError ? thrown : new ValidationError(ASSERTIONS_MESSAGE);
  });
