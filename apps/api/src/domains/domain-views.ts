import { daysUntilExpiry, type Domain, type ListedDomain } from '@vigil/core';
import type { Static } from '@sinclair/typebox';
import { iso } from '../http/iso.js';
import type { DomainCreatedSchema, DomainDetailSchema, DomainListItemSchema } from './domain.schema.js';

/** The list-view Domain of the seed. */
export function domainListView(d: ListedDomain, now: Date): Static<typeof DomainListItemSchema> {
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
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

/** The detail view: the list view plus the certificate object and the last scan's outcome. */
export function domainDetailView(d: Domain, now: Date): Static<typeof DomainDetailSchema> {
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
export function domainCreatedView(d: Domain): Static<typeof DomainCreatedSchema> {
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
    created_at: d.createdAt.toISOString(),
  };
}
