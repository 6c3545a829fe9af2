import type { HeaderGradePayload, WhatIfHeaderReport } from '@vigil/core';
import { gradeHeaders } from './grade.js';
import { scriptsOf } from './page-scripts.js';

/**
 * What-if grading (POST /headers/grade): the report of a set of headers as a site would send
 * them, nothing fetched. The certificate counts as trusted and http is taken as unreachable
 * (no redirection to judge); the page's scripts come from `html` when given.
 */
export function gradeWhatIf(payload: HeaderGradePayload, now: Date): WhatIfHeaderReport {
  const graded = gradeHeaders(payload.headers, {
    site: payload.site,
    https: payload.https,
    scripts: payload.html === null ? [] : scriptsOf(payload.html),
  });
  return { ...graded, graded_at: now.toISOString() };
}
