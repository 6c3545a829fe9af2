import { Type, type Static } from '@sinclair/typebox';
import { SCAN_STATUSES, SSL_GRADES, TlsScanReportSchema, type Scan, type ScanSummary } from '@vigil/core';
import { iso } from '../http/iso.js';
import { DateTime, DateTimeOrNull, MapOf, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

const IntOrNull = Nullable(Type.Integer());

export const ScanSchema = component('Scan', Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  port: Type.Integer(),
  domain_id: IntOrNull,
  status: StringEnum(SCAN_STATUSES),
  trigger: StringEnum(['initial', 'manual', 'scheduled', 'on_demand']),
  grade: Type.Unsafe<string | null>(Nullable(StringEnum(SSL_GRADES))),
  score: IntOrNull,
  created_at: DateTime(),
  started_at: DateTimeOrNull(),
  completed_at: DateTimeOrNull(),
  duration_ms: IntOrNull,
  error: Nullable(Type.String()),
}));

/** The 202 of POST /scan and POST /scans. */
export const ScanQueuedSchema = component('ScanQueued', Type.Object({
  scan_id: Type.Integer(),
  status: StringEnum(SCAN_STATUSES),
  hostname: Type.String(),
  port: Type.Integer(),
  domain_id: IntOrNull,
  status_url: Type.String({ format: 'uri' }),
  result_url: Type.String({ format: 'uri' }),
  message: Type.String({ examples: ['Scan queued. Poll status_url; the full report is at result_url once completed.'] }),
}));

/** GET /scans/{id}/full while the scan runs. */
export const ScanPendingSchema = Type.Object({
  scan_id: Type.Integer(),
  status: StringEnum(['queued', 'running']),
  status_url: Type.String({ format: 'uri' }),
  message: Type.String({ examples: ['Scan not finished yet'] }),
});

/** GET /scans/{id}/full, 200, completed: the scanner's stored report with the scan's envelope fields. */
export const FullScanCompletedSchema = component('FullScanCompleted', Type.Object({
  ...TlsScanReportSchema.properties,
  scan_id: Type.Integer(),
  status: Type.Literal('completed'),
  domain_id: IntOrNull,
  completed_at: DateTimeOrNull(),
}));

/** GET /scans/{id}/full, 200, failed: the envelope, no report. */
export const FullScanFailedSchema = component('FullScanFailed', Type.Object({
  scan_id: Type.Integer(),
  status: Type.Literal('failed'),
  hostname: Type.String(),
  port: Type.Integer(),
  domain_id: IntOrNull,
  error: Nullable(Type.String(), { description: 'Why the scan failed' }),
  report: Type.Null({ description: 'A failed scan has no report' }),
}));

/** One closed shape per outcome; `status` (a const in each) tells them apart, also for the serializer. */
export const FullScanSchema = Type.Unsafe<Static<typeof FullScanCompletedSchema> | Static<typeof FullScanFailedSchema>>({
  oneOf: [FullScanCompletedSchema, FullScanFailedSchema],
  // The mapping names the values: without it, generators take the component names as values.
  discriminator: {
    propertyName: 'status',
    mapping: { completed: '#/components/schemas/FullScanCompleted', failed: '#/components/schemas/FullScanFailed' },
  },
});

export const ScanStatsSchema = Type.Object({
  period: Type.Object({ from: DateTime(), to: DateTime(), days: Type.Integer() }),
  total: Type.Integer(),
  by_status: MapOf(Type.Integer(), { examples: [{ queued: 0, running: 0, completed: 3, failed: 1 }] }),
  by_grade: MapOf(Type.Integer(), { examples: [{ 'A+': 1, A: 2, F: 0 }] }),
  average_duration_ms: IntOrNull,
});

/** GET /scans/{id}: {id, hostname, port, domain_id, status, grade, score, started_at, completed_at, duration_ms, error}. */
export function scanView(s: ScanSummary): Static<typeof ScanSchema> {
  return {
    id: s.id,
    hostname: s.hostname,
    port: s.port,
    domain_id: s.domainId,
    status: s.status,
    trigger: s.trigger,
    grade: s.grade,
    score: s.score,
    created_at: s.createdAt.toISOString(),
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
export function scanQueuedBody(baseUrl: string, s: Scan): Static<typeof ScanQueuedSchema> {
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
