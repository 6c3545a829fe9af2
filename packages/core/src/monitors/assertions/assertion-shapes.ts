import Joi from 'joi';
import { ASSERTION_LIMITS, ASSERTION_OPERATORS, ASSERTION_SOURCES, REGEX_FLAGS, type AssertionSource } from './assertion.js';
import { HEADER_NAME, VALUE_RULES } from './parse-assertions.js';

/**
 * The shape of one assertion per source, in joi, from the rules parseAssertions checks with
 * (operators, value rules, header names): what the API's OpenAPI document derives `assertions`
 * from. Validation itself stays parseAssertions, whose 400s name the item and field; these
 * shapes accept every assertion it accepts (assertion-shapes.test.ts).
 */

const L = ASSERTION_LIMITS;

const DESCRIPTIONS: Record<AssertionSource, string> = {
  status_code: 'The final response status code',
  response_time: "The check's response time in milliseconds (request start to end of body)",
  header: 'A response header (name in any case; repeated headers joined with ", "). exists/not_exists take no value',
  json_path:
    'An RFC 9535 JSONPath into the body parsed as JSON (the first 1 MiB). Every selected value (at most the first 100) must satisfy the condition, and at least one must be selected (not_exists: none). equals compares type and value; contains: a string containing the string, or an array holding the scalar; less_than/greater_than: numbers; matches: strings. exists/not_exists take no value',
  body: 'The body as UTF-8 text (the first 1 MiB)',
  certificate_expiry: 'Whole days left on the certificate presented to the check (negative once expired); fails over plain http',
};

/** The fields a source has besides source, operator, value and flags. */
const EXTRA: Partial<Record<AssertionSource, Record<string, Joi.Schema>>> = {
  header: { name: Joi.string().max(200).pattern(HEADER_NAME).required().description('Header name') },
  json_path: { path: Joi.string().min(1).max(L.text).required().example('$.status').example('$.checks[?@.status != "ok"]') },
};

/** The sources whose operators include matches (the only operator that takes flags). */
const takesFlags = (source: AssertionSource) => (ASSERTION_OPERATORS[source] as readonly string[]).includes('matches');

const flags = Joi.string().allow('').pattern(REGEX_FLAGS).description('Only with matches: i (case-insensitive), m, s, u; each at most once');

function valueOf(source: AssertionSource): Joi.Schema {
  const schema = VALUE_RULES[source].schema.optional();
  return source === 'header' ? schema.description(`The compared text; with matches a JavaScript regular expression (at most ${L.pattern} characters), compiled on create/update`) : schema;
}

function shapeOf(source: AssertionSource): Joi.ObjectSchema {
  return Joi.object({
    source: Joi.string().valid(source).required(),
    ...EXTRA[source],
    operator: Joi.string()
      .valid(...ASSERTION_OPERATORS[source])
      .required(),
    value: valueOf(source),
    ...(takesFlags(source) ? { flags } : {}),
  })
    .meta({ title: source })
    .description(DESCRIPTIONS[source]);
}

/** One object shape per source, in ASSERTION_SOURCES order. */
export const ASSERTION_SHAPES: readonly Joi.ObjectSchema[] = ASSERTION_SOURCES.map(shapeOf);
