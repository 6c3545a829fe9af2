import type { HeaderCheck } from '@vigil/core';
import { iso } from '../http/iso.js';

/** One entry of a domain's header-check history (the report only in the single view). */
export function headerCheckView(c: HeaderCheck) {
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
    checked_at: iso(c.checkedAt),
  };
}

export const HEADER_CHECK_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    domain_id: { type: 'integer' },
    scan_id: { type: 'integer', description: 'The scan it ran with' },
    url: { type: 'string', description: 'https://hostname[:port]/' },
    status: { type: 'string', enum: ['completed', 'failed'] },
    grade: { type: ['string', 'null'], enum: ['A+', 'A', 'B', 'C', 'D', 'F', null] },
    score: { type: ['integer', 'null'] },
    deeper_score: { type: ['integer', 'null'], description: 'MDN Observatory score (service.deeper_score)' },
    algorithm_version: { type: ['integer', 'null'], description: 'Observatory algorithm the deeper score followed' },
    error: { type: ['string', 'null'], description: 'Why a failed check failed' },
    checked_at: { type: 'string', format: 'date-time' },
  },
};
