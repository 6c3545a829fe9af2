import { daysUntilExpiry, type Domain } from '@vigil/core';
import { iso } from '../http/iso.js';

/** The list-view Domain of the seed. */
export function domainListView(d: Domain, now: Date) {
  return {
    id: d.id,
    hostname: d.hostname,
    port: d.port,
    ssl_grade: d.sslGrade,
    ssl_score: d.sslScore,
    certificate_expiry: iso(d.certValidTo),
    days_until_expiry: d.certValidTo ? daysUntilExpiry(d.certValidTo, now) : null,
    last_scan: iso(d.lastScanAt),
    is_active: d.isActive,
    monitoring_frequency: d.monitoringFrequency,
    notifications_enabled: d.notificationsEnabled,
    alert_days_before_expiry: d.alertDaysBeforeExpiry,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}

/** The detail view: the list view plus the certificate object and the last scan's outcome. */
export function domainDetailView(d: Domain, now: Date) {
  return {
    ...domainListView(d, now),
    last_scan_id: d.lastScanId,
    last_scan_status: d.lastScanStatus,
    header_grade: d.headerGrade,
    header_score: d.headerScore,
    last_header_check: iso(d.lastHeaderCheckAt),
    certificate: d.certFingerprintSha256
      ? {
          issuer: d.certIssuer,
          subject: d.certSubject,
          valid_from: iso(d.certValidFrom),
          valid_to: iso(d.certValidTo),
          serial_number: d.certSerialNumber,
          fingerprint_sha256: d.certFingerprintSha256,
        }
      : null,
  };
}

/** The create answer's domain: {id, hostname, port, ssl_grade null, ssl_score null, is_active, monitoring_frequency, created_at}. */
export function domainCreatedView(d: Domain) {
  return {
    id: d.id,
    hostname: d.hostname,
    port: d.port,
    ssl_grade: d.sslGrade,
    ssl_score: d.sslScore,
    is_active: d.isActive,
    monitoring_frequency: d.monitoringFrequency,
    notifications_enabled: d.notificationsEnabled,
    alert_days_before_expiry: d.alertDaysBeforeExpiry,
    created_at: iso(d.createdAt),
  };
}

const DOMAIN_PROPERTIES = {
  id: { type: 'integer' },
  hostname: { type: 'string' },
  port: { type: 'integer' },
  ssl_grade: { type: ['string', 'null'], enum: ['A+', 'A', 'B', 'C', 'D', 'F', null] },
  ssl_score: { type: ['integer', 'null'] },
  certificate_expiry: { type: ['string', 'null'], format: 'date-time' },
  days_until_expiry: { type: ['integer', 'null'] },
  last_scan: { type: ['string', 'null'], format: 'date-time' },
  is_active: { type: 'boolean' },
  monitoring_frequency: { type: 'string', enum: ['5min', '15min', 'hourly', 'daily'] },
  notifications_enabled: { type: 'boolean' },
  alert_days_before_expiry: { type: 'integer' },
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
};

/** OpenAPI schemas of the domain views. */
export const DOMAIN_LIST_SCHEMA = { type: 'object', properties: DOMAIN_PROPERTIES };
export const DOMAIN_DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    ...DOMAIN_PROPERTIES,
    last_scan_id: { type: ['integer', 'null'] },
    last_scan_status: { type: ['string', 'null'], enum: ['completed', 'failed', null] },
    header_grade: { type: ['string', 'null'], enum: ['A+', 'A', 'B', 'C', 'D', 'F', null], description: 'Security-header grade of https://hostname:port/ at the last completed header check' },
    header_score: { type: ['integer', 'null'] },
    last_header_check: { type: ['string', 'null'], format: 'date-time', description: 'When the headers were last checked (completed or failed)' },
    certificate: {
      type: ['object', 'null'],
      properties: {
        issuer: { type: 'string' },
        subject: { type: 'string' },
        valid_from: { type: 'string', format: 'date-time' },
        valid_to: { type: 'string', format: 'date-time' },
        serial_number: { type: 'string' },
        fingerprint_sha256: { type: 'string' },
      },
    },
  },
};
