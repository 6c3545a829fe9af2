/**
 * Assertions of an http monitor: structured conditions on what a check saw, judged after the
 * monitor's `expected_status_codes` and `expected_content`. Stored as the monitor's
 * `assertions` (jsonb) and returned as written, so the shape is the API's (snake_case).
 */

/** Which part of the response a condition looks at. */
export const ASSERTION_SOURCES = ['status_code', 'response_time', 'header', 'json_path', 'body', 'certificate_expiry'] as const;
export type AssertionSource = (typeof ASSERTION_SOURCES)[number];

export type NumberOperator = 'equals' | 'not_equals' | 'less_than' | 'greater_than';
export type HeaderOperator = 'exists' | 'not_exists' | 'equals' | 'not_equals' | 'contains' | 'not_contains' | 'matches';
export type JsonPathOperator = HeaderOperator | 'less_than' | 'greater_than';
export type BodyOperator = 'contains' | 'not_contains' | 'matches';

/** The operators each source accepts (input validation and the OpenAPI document read this). */
export const ASSERTION_OPERATORS = {
  status_code: ['equals', 'not_equals', 'less_than', 'greater_than'],
  response_time: ['less_than', 'greater_than'],
  header: ['exists', 'not_exists', 'equals', 'not_equals', 'contains', 'not_contains', 'matches'],
  json_path: ['exists', 'not_exists', 'equals', 'not_equals', 'contains', 'not_contains', 'matches', 'less_than', 'greater_than'],
  body: ['contains', 'not_contains', 'matches'],
  certificate_expiry: ['less_than', 'greater_than'],
} as const satisfies Record<AssertionSource, readonly string[]>;

/** A scalar a JSON value is compared with. */
export type JsonScalar = string | number | boolean | null;

/** Flags a `matches` pattern may carry: case-insensitive, multi-line, dot-all, unicode. */
export const REGEX_FLAGS = /^(?!.*(.).*\1)[imsu]*$/;

export interface StatusCodeAssertion {
  source: 'status_code';
  operator: NumberOperator;
  value: number;
}

/** Milliseconds from the request's start to the end of the body (the check's response time). */
export interface ResponseTimeAssertion {
  source: 'response_time';
  operator: 'less_than' | 'greater_than';
  value: number;
}

/** A response header by name (any case); repeated headers are joined with ", ". */
export type HeaderAssertion =
  | { source: 'header'; name: string; operator: 'exists' | 'not_exists' }
  | { source: 'header'; name: string; operator: 'equals' | 'not_equals' | 'contains' | 'not_contains'; value: string }
  | { source: 'header'; name: string; operator: 'matches'; value: string; flags?: string };

/**
 * An RFC 9535 JSONPath into the body parsed as JSON. Every selected value must satisfy the
 * condition (at least one must be selected, except for `not_exists`).
 */
export type JsonPathAssertion =
  | { source: 'json_path'; path: string; operator: 'exists' | 'not_exists' }
  | { source: 'json_path'; path: string; operator: 'equals' | 'not_equals'; value: JsonScalar }
  | { source: 'json_path'; path: string; operator: 'contains' | 'not_contains'; value: JsonScalar }
  | { source: 'json_path'; path: string; operator: 'less_than' | 'greater_than'; value: number }
  | { source: 'json_path'; path: string; operator: 'matches'; value: string; flags?: string };

/** The body as text (UTF-8, up to the read bound). */
export type BodyAssertion =
  | { source: 'body'; operator: 'contains' | 'not_contains'; value: string }
  | { source: 'body'; operator: 'matches'; value: string; flags?: string };

/** Whole days left before the certificate the check saw expires (negative once expired). */
export interface CertificateExpiryAssertion {
  source: 'certificate_expiry';
  operator: 'less_than' | 'greater_than';
  value: number;
}

export type Assertion =
  | StatusCodeAssertion
  | ResponseTimeAssertion
  | HeaderAssertion
  | JsonPathAssertion
  | BodyAssertion
  | CertificateExpiryAssertion;

/** What a check saw that assertions are judged on. */
export interface AssertionSubject {
  statusCode: number;
  responseTimeMs: number;
  /** Response headers as Node gives them (lower-case names; set-cookie an array). */
  headers: Record<string, string | string[] | undefined>;
  /** The body up to the read bound. */
  body: Buffer;
  /** True when the body was longer than the read bound. */
  bodyTruncated: boolean;
  /** When the certificate presented on the (last) TLS connection expires; null over plain http. */
  certificateExpiresAt: Date | null;
  /** The check's time, for days left on the certificate. */
  now: Date;
}

/** Limits of a monitor's assertions (input validation). */
export const ASSERTION_LIMITS = {
  count: 20,
  /** Header names, JSONPath expressions, compared strings. */
  text: 1000,
  /** Regular expressions. */
  pattern: 500,
} as const;

/** Whether any assertion needs the body read (and kept up to the read bound). */
export function assertionsNeedBody(assertions: readonly Assertion[]): boolean {
  return assertions.some((a) => a.source === 'json_path' || a.source === 'body');
}
