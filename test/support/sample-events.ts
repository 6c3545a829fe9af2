import type { AlertEnvelope, AlertEventDataMap } from '@vigil/core';

/** The `checked_at` of the sample check events. */
export const SAMPLE_CHECKED_AT = '2026-11-21T10:00:00.000Z';
const domainFacts = { domain_id: 1, hostname: 'shop.example.com', port: 443 };

/** Typed `data` of each event, as its producer builds it. */
export const sampleEventData: AlertEventDataMap = {
  'monitor.down': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
    checked_at: SAMPLE_CHECKED_AT,
    status_code: 503,
    error: 'HTTP 503 Service Unavailable',
  },
  'monitor.up': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'up' },
    checked_at: SAMPLE_CHECKED_AT,
    status_code: 200,
    response_time_ms: 120,
  },
  'monitor.degraded': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'degraded' },
    checked_at: SAMPLE_CHECKED_AT,
    status_code: 200,
    response_time_ms: 2400,
    degraded_threshold_ms: 2000,
  },
  'incident.acknowledged': {
    monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
    incident_id: 7,
    cause: 'HTTP 503 Service Unavailable',
    started_at: SAMPLE_CHECKED_AT,
    resolved_at: null,
    duration_seconds: null,
    affected_checks: 2,
    acknowledged_at: '2026-11-21T10:05:00.000Z',
    acknowledged_by: 'Jane Doe',
    acknowledged_via: 'pagerduty',
  },
  'certificate.expiring': {
    ...domainFacts,
    threshold_days: 7,
    days_until_expiry: 7,
    valid_to: '2026-11-28T10:00:00.000Z',
    fingerprint_sha256: 'ab'.repeat(32),
    subject: 'CN=shop.example.com',
    issuer: 'CN=Example CA',
    alert_days_before_expiry: 30,
    scan_id: 1,
  },
  'certificate.expired': {
    ...domainFacts,
    threshold_days: 0,
    days_until_expiry: -1,
    valid_to: '2026-11-20T10:00:00.000Z',
    fingerprint_sha256: 'ab'.repeat(32),
    subject: 'CN=shop.example.com',
    issuer: 'CN=Example CA',
    alert_days_before_expiry: 30,
    scan_id: 1,
  },
  'domain.grade_changed': {
    ...domainFacts,
    previous_grade: 'A',
    previous_score: 95,
    grade: 'B',
    score: 80,
    reasons: [{ kind: 'protocol', change: 'appeared', name: 'TLSv1.0' }],
    scan_id: 1,
    scan_url: 'https://vigil.example/api/v1/scans/1',
  },
  'headers.grade_changed': {
    ...domainFacts,
    url: 'https://shop.example.com/',
    previous_grade: 'A',
    previous_score: 100,
    grade: 'C',
    score: 60,
    reasons: [{ kind: 'header', change: 'disappeared', name: 'Strict-Transport-Security' }],
    header_check_id: 1,
    header_checks_url: 'https://vigil.example/api/v1/domains/1/header-checks',
  },
  'scan.completed': {
    scan_id: 1,
    domain_id: null,
    hostname: 'shop.example.com',
    port: 443,
    status: 'completed',
    grade: 'A',
    score: 95,
    error: null,
    duration_ms: 1200,
    scan_url: 'https://vigil.example/api/v1/scans/1',
  },
  'domain.verification_lapsed': {
    verification_id: 7,
    hostname: 'shop.example.com',
    record_name: '_vigil-challenge.shop.example.com',
    record_value: 'vigil-verification=0123456789abcdef0123456789abcdef',
    verified_at: '2026-01-02T03:04:05.000Z',
    missing_since: '2026-03-01T04:13:00.000Z',
    grace_days: 7,
    released_custom_hostnames: ['status.shop.example.com'],
    verification_url: 'https://vigil.example/api/v1/verifications/7',
  },
  'location.offline': {
    location: { id: 3, name: 'office-berlin' },
    last_poll: '2026-11-21T09:55:00.000Z',
    offline_after_seconds: 300,
    location_url: 'https://vigil.example/api/v1/locations/3',
  },
  'location.online': {
    location: { id: 3, name: 'office-berlin' },
    offline_since: '2026-11-21T09:55:00.000Z',
    last_poll: '2026-11-21T10:40:10.000Z',
    offline_seconds: 2710,
    location_url: 'https://vigil.example/api/v1/locations/3',
  },
  test: { message: 'This is a test event from Vigil.', integration: { id: 1, name: 'Ops hook', type: 'webhook' } },
};

/** A monitor.down envelope with fixed facts, for the channels' rendering tests. */
export const CHECKOUT_DOWN_ENVELOPE: AlertEnvelope = {
  id: 'evt-42',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: {
    monitor: { id: 7, name: 'Checkout API ✓', url: 'https://shop.example.com', status: 'down' },
    checked_at: '2026-11-21T10:15:30.000Z',
    status_code: null,
    error: 'Connection refused',
    monitor_id: 7,
  },
};
