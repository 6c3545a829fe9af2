import { Account } from './account.entity.js';
import { ApiKey } from './api-key.entity.js';
import { DailyUsage } from './daily-usage.entity.js';
import { TierChange } from './tier-change.entity.js';
import { Monitor } from './monitor.entity.js';
import { Check } from './check.entity.js';
import { Incident } from './incident.entity.js';
import { MonitorRollup } from './monitor-rollup.entity.js';
import { Integration } from './integration.entity.js';
import { AlertDelivery } from './alert-delivery.entity.js';
import { Invoice } from './invoice.entity.js';
import { InvoiceLine } from './invoice-line.entity.js';
import { Domain } from './domain.entity.js';
import { DomainVerification } from './domain-verification.entity.js';
import { Scan } from './scan.entity.js';
import { CertificateNotification } from './certificate-notification.entity.js';
import { StatusPage } from './status-page.entity.js';
import { StatusPageNotice } from './status-page-notice.entity.js';
import { IncidentUpdate } from './incident-update.entity.js';
import { BadgeToken } from './badge-token.entity.js';

export { Account, ApiKey, DailyUsage, TierChange, Monitor, Check, Incident, MonitorRollup };
export { Invoice, InvoiceLine };
export { Domain, DomainVerification, Scan, CertificateNotification };
export { SSL_GRADES, type SslGrade } from './domain.entity.js';
export type { VerificationMethod, VerificationStatus } from './domain-verification.entity.js';
export { SCAN_STATUSES, type ScanStatus, type ScanTrigger } from './scan.entity.js';
export { INVOICE_STATUSES, type InvoiceStatus } from './invoice.entity.js';
export { MONITOR_STATUSES, MONITOR_METHODS, type MonitorStatus, type MonitorMethod } from './monitor.entity.js';
export type { AlertSent } from './incident.entity.js';
export { Integration, AlertDelivery };
export { StatusPage, StatusPageNotice, IncidentUpdate, BadgeToken };
export { STATUS_PAGE_THEMES, type StatusPageTheme, type StatusPageSection } from './status-page.entity.js';
export { INCIDENT_UPDATE_STATUSES, type IncidentUpdateStatus } from './incident-update.entity.js';
export { INTEGRATION_TYPES, type IntegrationType } from './integration.entity.js';
export { DELIVERY_STATUSES, type DeliveryStatus, type AlertEnvelope } from './alert-delivery.entity.js';

/** Every entity the data source knows. Each feature appends its own. */
export const ENTITIES = [Account, ApiKey, DailyUsage, TierChange, Monitor, Check, Incident, MonitorRollup, Integration, AlertDelivery, Invoice, InvoiceLine, Domain, DomainVerification, Scan, CertificateNotification, StatusPage, StatusPageNotice, IncidentUpdate, BadgeToken];
