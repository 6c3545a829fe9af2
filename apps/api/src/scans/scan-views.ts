import type { Scan } from '@vigil/core';
import { iso } from '../http/iso.js';

/** GET /scans/{id}: {id, hostname, port, domain_id, status, grade, score, started_at, completed_at, duration_ms, error}. */
export function scanView(s: Scan) {
  return {
    id: s.id,
    hostname: s.hostname,
    port: s.port,
    domain_id: s.domainId,
    status: s.status,
    trigger: s.trigger,
    grade: s.grade,
    score: s.score,
    created_at: iso(s.createdAt),
    started_at: iso(s.startedAt),
    completed_at: iso(s.completedAt),
    duration_ms: s.durationMs,
    error: s.error,
  };
}

export function scanUrls(baseUrl: string, scanId: number) {
  return {
    status_url: `${baseUrl}/api/v1/scans/${scanId}`,
    result_url: `${baseUrl}/api/v1/scans/${scanId}/full`,
  };
}

/** The 202 of POST /scan and POST /scans: {scan_id, status: "queued", status_url, result_url}. */
export function scanQueuedBody(baseUrl: string, s: Scan) {
  return {
    scan_id: s.id,
    status: s.status,
    hostname: s.hostname,
    port: s.port,
    domain_id: s.domainId,
    ...scanUrls(baseUrl, s.id),
    message: 'Scan queued. Poll status_url; the full report is at result_url once completed.',
  };
}

export const SCAN_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    hostname: { type: 'string' },
    port: { type: 'integer' },
    domain_id: { type: ['integer', 'null'] },
    status: { type: 'string', enum: ['queued', 'running', 'completed', 'failed'] },
    trigger: { type: 'string', enum: ['initial', 'manual', 'scheduled', 'on_demand'] },
    grade: { type: ['string', 'null'] },
    score: { type: ['integer', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    started_at: { type: ['string', 'null'], format: 'date-time' },
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    duration_ms: { type: ['integer', 'null'] },
    error: { type: ['string', 'null'] },
  },
};

export const SCAN_QUEUED_SCHEMA = {
  type: 'object',
  properties: {
    scan_id: { type: 'integer' },
    status: { type: 'string', enum: ['queued'] },
    hostname: { type: 'string' },
    port: { type: 'integer' },
    domain_id: { type: ['integer', 'null'] },
    status_url: { type: 'string' },
    result_url: { type: 'string' },
    message: { type: 'string' },
  },
};
