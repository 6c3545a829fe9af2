import { Type, type Static } from '@sinclair/typebox';
import { DateTime, MapOf, Nullable, StringEnum } from '../schema/typebox-helpers.js';

/**
 * The security-header report (service-api.md "Security-header report", decisions §5): what the
 * scanner's header-check and header-grade jobs return and the API answers. Defined once, in
 * TypeBox: the API documents and serialises its answers with these schemas, and the types the
 * grader fills are their Static<> forms.
 */

export const HEADER_GRADES = ['A+', 'A', 'B', 'C', 'D', 'F'] as const;
export const HeaderGradeSchema = StringEnum(HEADER_GRADES);
export type HeaderGrade = Static<typeof HeaderGradeSchema>;

/** The six graded headers, in canonical capitalisation. */
export const GRADED_HEADERS = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Frame-Options',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
] as const;
export type GradedHeaderName = (typeof GRADED_HEADERS)[number];
const HeaderNameSchema = StringEnum(GRADED_HEADERS);

export const MAX_POINTS: Record<GradedHeaderName, number> = {
  'Content-Security-Policy': 25,
  'Strict-Transport-Security': 25,
  'X-Frame-Options': 15,
  'X-Content-Type-Options': 15,
  'Referrer-Policy': 10,
  'Permissions-Policy': 10,
};

/** summary.headers[name]: the verdict on one graded header and why. */
export const HeaderVerdictSchema = Type.Object({
  /** The header was in the response. */
  present: Type.Boolean(),
  valid: Type.Boolean({ description: 'Well-formed and doing what the header is for (false when absent)' }),
  /** Points earned towards `score`. */
  points: Type.Integer(),
  max_points: Type.Integer(),
  value: Nullable(Type.String(), { description: 'As received (occurrences joined with ", "), null when absent' }),
  note: Type.String({ description: 'Why these points' }),
});
export type HeaderVerdict = Static<typeof HeaderVerdictSchema>;

export const UpcomingHeaderSchema = Type.Object({
  header: StringEnum(['Cross-Origin-Opener-Policy', 'Cross-Origin-Embedder-Policy', 'Cross-Origin-Resource-Policy']),
  present: Type.Boolean(),
  /** The value as received, null when absent. */
  value: Nullable(Type.String()),
  description: Type.String(),
});
export type UpcomingHeader = Static<typeof UpcomingHeaderSchema>;

/** One Observatory-style test (service.advanced[]). */
export const AdvancedTestSchema = Type.Object({
  /** Test id, e.g. "content-security-policy". */
  test: Type.String(),
  pass: Type.Boolean(),
  /** Observatory result id, e.g. "csp-implemented-with-no-unsafe". */
  result: Type.String(),
  /** Score modifier of that result (bonuses count only when the score without them is >= 90). */
  modifier: Type.Integer(),
  description: Type.String(),
});
export type AdvancedTest = Static<typeof AdvancedTestSchema>;

export const HeaderServiceSchema = Type.Object({
  /** 100 + penalties, + bonuses when that is >= 90, floor 0. */
  deeper_score: Type.Integer({ description: 'MDN HTTP Observatory-style score' }),
  algorithm_version: Type.Integer({ description: 'The MDN HTTP Observatory scoring algorithm followed (6)' }),
  advanced: Type.Array(AdvancedTestSchema, { description: 'One entry per Observatory test' }),
  /** http://host/ redirects to https. */
  https_redirect: Type.Boolean(),
  tests_passed: Type.Integer(),
  tests_failed: Type.Integer(),
  tests_quantity: Type.Integer(),
});
export type HeaderService = Static<typeof HeaderServiceSchema>;

export const HeaderSummarySchema = Type.Object({
  grade: HeaderGradeSchema,
  site: Type.String(),
  headers: Type.Unsafe<Record<GradedHeaderName, HeaderVerdict>>(
    Type.Object(Object.fromEntries(GRADED_HEADERS.map((h) => [h, HeaderVerdictSchema])), { description: 'Each graded header\'s verdict' }),
  ),
});
export type HeaderSummary = Static<typeof HeaderSummarySchema>;

/** What the pure grader produces from one response. */
const GRADED_REPORT_FIELDS = {
  grade: HeaderGradeSchema,
  score: Type.Integer(),
  gradeCapped: Type.Boolean(),
  gradeCapReason: Type.Optional(Type.String({ description: 'Present only when gradeCapped' })),
  warnings: Type.Array(Type.String()),
  headersPresent: Type.Array(HeaderNameSchema),
  headersMissing: Type.Array(HeaderNameSchema),
  upcomingHeaders: Type.Array(UpcomingHeaderSchema),
  summary: HeaderSummarySchema,
  rawHeaders: MapOf(Type.Union([Type.String(), Type.Array(Type.String())]), {
    description: 'Lowercase name to value; repeated headers joined with ", ", set-cookie always an array',
    examples: [{ 'content-type': 'text/html; charset=utf-8', 'strict-transport-security': 'max-age=63072000; includeSubDomains', 'set-cookie': ['session=abc; Secure; HttpOnly'] }],
  }),
  service: HeaderServiceSchema,
};
export const HeaderGradeResultSchema = Type.Object(GRADED_REPORT_FIELDS);
export type HeaderGradeResult = Static<typeof HeaderGradeResultSchema>;

/** The full answer of GET /headers/check. */
export const HeaderReportSchema = Type.Object({
  ...GRADED_REPORT_FIELDS,
  fetched_at: DateTime({ description: 'When the response was received; a cached report keeps it' }),
  final_url: Type.String({ description: 'The URL whose response was graded (after redirects)' }),
});
export type HeaderReport = Static<typeof HeaderReportSchema>;

/** The report of POST /headers/grade: graded headers, nothing fetched. */
export const WhatIfHeaderReportSchema = Type.Object({ ...GRADED_REPORT_FIELDS, graded_at: DateTime() });
export type WhatIfHeaderReport = Static<typeof WhatIfHeaderReportSchema>;
