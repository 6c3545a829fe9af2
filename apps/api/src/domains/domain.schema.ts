import { Type, type Static } from '@sinclair/typebox';
import { MONITORING_FREQUENCIES, SSL_GRADES } from '@vigil/core';
import { PaginationNavSchema } from '../http/pagination.js';
import { DateTime, DateTimeOrNull, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

/** Response schemas of the domain endpoints; the views in domain-views.ts and domain-certificate.ts return their Static types. */

const Grade = Nullable(StringEnum(SSL_GRADES));
const IntOrNull = Nullable(Type.Integer());
const Frequency = StringEnum(MONITORING_FREQUENCIES);

/** The list-view Domain of the seed. */
export const DomainListItemSchema = component('Domain', Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  port: Type.Integer(),
  ssl_grade: Grade,
  ssl_score: IntOrNull,
  certificate_expiry: DateTimeOrNull(),
  days_until_expiry: IntOrNull,
  last_scan: DateTimeOrNull(),
  is_active: Type.Boolean(),
  monitoring_frequency: Frequency,
  notifications_enabled: Type.Boolean(),
  alert_days_before_expiry: Type.Integer(),
  created_at: DateTime(),
  updated_at: DateTime(),
}));

export const DomainDetailSchema = Type.Object({
  ...DomainListItemSchema.properties,
  last_scan_id: IntOrNull,
  last_scan_status: Nullable(StringEnum(['completed', 'failed'])),
  header_grade: Nullable(Type.String(), { description: 'Security-header grade of https://hostname:port/ at the last completed header check (A+ to F)' }),
  header_score: IntOrNull,
  last_header_check: DateTimeOrNull({ description: 'When the headers were last checked (completed or failed)' }),
  certificate: Nullable(
    Type.Object({
      issuer: Nullable(Type.String()),
      subject: Nullable(Type.String()),
      valid_from: DateTimeOrNull(),
      valid_to: DateTimeOrNull(),
      serial_number: Nullable(Type.String()),
      fingerprint_sha256: Type.String(),
    }),
  ),
});

/** The create answer's domain. */
export const DomainCreatedSchema = Type.Pick(DomainListItemSchema, [
  'id',
  'hostname',
  'port',
  'ssl_grade',
  'ssl_score',
  'is_active',
  'monitoring_frequency',
  'notifications_enabled',
  'alert_days_before_expiry',
  'created_at',
]);

/** The update answer's domain: id, hostname, port, the fields given, updated_at. */
export const DomainUpdatedSchema = Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  port: Type.Integer(),
  monitoring_frequency: Type.Optional(Frequency),
  is_active: Type.Optional(Type.Boolean()),
  notifications_enabled: Type.Optional(Type.Boolean()),
  alert_days_before_expiry: Type.Optional(Type.Integer()),
  updated_at: DateTime(),
});

export const DomainListSchema = Type.Object({ domains: Type.Array(DomainListItemSchema), pagination: PaginationNavSchema });

/** A certificate as the scanner reported it (the leaf, or one of the chain). */
const CertificateFields = {
  subject: Type.String(),
  issuer: Type.String(),
  valid_from: DateTime(),
  valid_to: DateTime(),
  serial_number: Type.String(),
  fingerprint_sha256: Type.String(),
  key_type: Nullable(Type.String()),
  key_size: IntOrNull,
  signature_algorithm: Nullable(Type.String()),
  self_signed: Nullable(Type.Boolean()),
};
export const CertificateBaseSchema = Type.Object(CertificateFields);

const CertificateSource = {
  domain_id: Type.Integer(),
  hostname: Type.String(),
  port: Type.Integer(),
  scan_id: Type.Integer({ description: 'The latest completed scan that saw a certificate' }),
  scanned_at: DateTime(),
};

export const DomainCertificateSchema = Type.Object({
  ...CertificateSource,
  certificate: Type.Object({
    ...CertificateFields,
    sans: Type.Array(Type.String()),
    key_curve: Nullable(Type.String()),
    trusted: Nullable(Type.Boolean()),
    trust_error: Nullable(Type.String()),
    hostname_match: Nullable(Type.Boolean()),
    days_until_expiry: Type.Integer(),
  }),
});
export type DomainCertificateView = Static<typeof DomainCertificateSchema>;

export const DomainCertificateChainSchema = Type.Object({
  ...CertificateSource,
  trusted: Nullable(Type.Boolean()),
  chain: Type.Array(Type.Object({ position: Type.Integer(), role: StringEnum(['leaf', 'intermediate', 'root']), ...CertificateFields }), { description: 'Leaf first, as the server sent them' }),
});
export type DomainCertificateChainView = Static<typeof DomainCertificateChainSchema>;
