import { Type } from '@sinclair/typebox';
import { GRADED_HEADERS, type HeaderReport, type WhatIfHeaderReport } from '@vigil/core';
import { DateTime, MapOf, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

/**
 * The security-header report (core's HeaderReport, made by the scanner): the answer of
 * /headers/check, /headers/grade and a stored header check. Typed by core's interfaces, which
 * the scanner fills; the test-time serializer check holds the schema to them.
 */

const Grade = StringEnum(['A+', 'A', 'B', 'C', 'D', 'F']);
const HeaderName = StringEnum(GRADED_HEADERS);

const Verdict = Type.Object({
  present: Type.Boolean(),
  valid: Type.Boolean({ description: 'Well-formed and doing what the header is for (false when absent)' }),
  points: Type.Integer(),
  max_points: Type.Integer(),
  value: Nullable(Type.String(), { description: 'As received (occurrences joined with ", "), null when absent' }),
  note: Type.String({ description: 'Why these points' }),
});

const GRADED_REPORT_FIELDS = {
  grade: Grade,
  score: Type.Integer(),
  gradeCapped: Type.Boolean(),
  gradeCapReason: Type.Optional(Type.String({ description: 'Present only when gradeCapped' })),
  warnings: Type.Array(Type.String()),
  headersPresent: Type.Array(HeaderName),
  headersMissing: Type.Array(HeaderName),
  upcomingHeaders: Type.Array(
    Type.Object({
      header: StringEnum(['Cross-Origin-Opener-Policy', 'Cross-Origin-Embedder-Policy', 'Cross-Origin-Resource-Policy']),
      present: Type.Boolean(),
      value: Nullable(Type.String()),
      description: Type.String(),
    }),
  ),
  summary: Type.Object({
    grade: Grade,
    site: Type.String(),
    headers: Type.Object(Object.fromEntries(GRADED_HEADERS.map((h) => [h, Verdict])), { description: 'Each graded header\'s verdict' }),
  }),
  rawHeaders: MapOf(Type.Union([Type.String(), Type.Array(Type.String())]), {
    description: 'Lowercase name to value; repeated headers joined with ", ", set-cookie always an array',
    examples: [{ 'content-type': 'text/html; charset=utf-8', 'strict-transport-security': 'max-age=63072000; includeSubDomains', 'set-cookie': ['session=abc; Secure; HttpOnly'] }],
  }),
  service: Type.Object({
    deeper_score: Type.Integer({ description: 'MDN HTTP Observatory-style score' }),
    algorithm_version: Type.Integer({ description: 'The MDN HTTP Observatory scoring algorithm followed (6)' }),
    advanced: Type.Array(
      Type.Object({ test: Type.String(), pass: Type.Boolean(), result: Type.String(), modifier: Type.Integer(), description: Type.String() }),
      { description: 'One entry per Observatory test' },
    ),
    https_redirect: Type.Boolean(),
    tests_passed: Type.Integer(),
    tests_failed: Type.Integer(),
    tests_quantity: Type.Integer(),
  }),
};

export const HeaderReportSchema = component('HeaderReport', Type.Unsafe<HeaderReport>(
  Type.Object({
    ...GRADED_REPORT_FIELDS,
    fetched_at: DateTime({ description: 'When the response was received; a cached report keeps it' }),
    final_url: Type.String({ description: 'The URL whose response was graded (after redirects)' }),
  }),
));

export const WhatIfReportSchema = component('WhatIfHeaderReport', Type.Unsafe<WhatIfHeaderReport>(Type.Object({ ...GRADED_REPORT_FIELDS, graded_at: DateTime() })));
