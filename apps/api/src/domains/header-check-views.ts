import type { HeaderCheckSummary } from '@vigil/core';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from '../http/schema.js';
import { HeaderReportSchema } from '../headers/header-report.schema.js';
import { component } from '../http/components.js';

const IntOrNull = Nullable(Type.Integer());

export const HeaderCheckSchema = component('HeaderCheck', Type.Object({
  id: Type.Integer(),
  domain_id: Type.Integer(),
  scan_id: Type.Integer({ description: 'The scan it ran with' }),
  url: Type.String({ description: 'https://hostname[:port]/' }),
  status: StringEnum(['completed', 'failed']),
  grade: Type.Unsafe<string | null>(Nullable(StringEnum(['A+', 'A', 'B', 'C', 'D', 'F']))),
  score: IntOrNull,
  deeper_score: Nullable(Type.Integer(), { description: 'MDN Observatory score (service.deeper_score)' }),
  algorithm_version: Nullable(Type.Integer(), { description: 'Observatory algorithm the deeper score followed' }),
  error: Nullable(Type.String(), { description: 'Why a failed check failed' }),
  checked_at: DateTime(),
}));

/** One header check with its whole report (null for a failed check). */
export const HeaderCheckWithReportSchema = Type.Object({ ...HeaderCheckSchema.properties, report: Type.Unsafe<Static<typeof HeaderReportSchema> | null>({ ...HeaderReportSchema, type: ['object', 'null'] }) });

/** One entry of a domain's header-check history (the report only in the single view). */
export function headerCheckView(c: HeaderCheckSummary): Static<typeof HeaderCheckSchema> {
  return {
    id: c.id,
    domain_id: c.domainId,
    scan_id: c.scanId,
    url: c.url,
    status: c.status,
    grade: c.grade,
    score: c.score,
    deeper_score: c.deeperScore,
    algorithm_version: c.algorithmVersion,
    error: c.error,
    checked_at: c.checkedAt.toISOString(),
  };
}
