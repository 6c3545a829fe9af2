import { randomUUID } from 'node:crypto';
import {
  monitorTargetOf,
  naturalKeyOf,
  openMonitorSecretsOrDrop,
  parseMonitorUrl,
  restoreEchoedMasks,
  sealMonitorSecrets,
  storedNormalizedUrl,
  type Monitor,
  type SecretBox,
  type TypedMonitorConfig,
} from '@vigil/core';
import type { MonitorFields } from './monitor-input.js';

/**
 * API field names -> entity properties, for create and partial update (`current`: the monitor
 * being updated). The URL's user info and the header values are sealed (`credentials`) and
 * stored masked; masks sent back mean "unchanged".
 */
export function monitorColumns(fields: Partial<MonitorFields>, box: SecretBox, current?: Monitor): Partial<Monitor> {
  const c: Partial<Monitor> = {};
  if (fields.name !== undefined) c.name = fields.name;
  if (fields.url !== undefined || fields.headers !== undefined) {
    const before = current ? openMonitorSecretsOrDrop(box, current) : { url: '', headers: {} };
    const sent = restoreEchoedMasks({ url: fields.url, headers: fields.headers }, before);
    const url = sent.url ?? before.url;
    const parsed = parseMonitorUrl(url);
    if (!parsed) throw new Error('monitorColumns: url was not validated');
    Object.assign(c, sealMonitorSecrets(box, { url: parsed.url, headers: sent.headers ?? before.headers }));
    if (fields.url !== undefined) c.normalizedUrl = storedNormalizedUrl(parsed.normalized, box.fingerprint);
  }
  if (fields.method !== undefined) c.method = fields.method;
  if (fields.check_interval !== undefined) c.checkInterval = fields.check_interval;
  if (fields.timeout !== undefined) c.timeout = fields.timeout;
  if (fields.expected_status_codes !== undefined) c.expectedStatusCodes = fields.expected_status_codes;
  if (fields.expected_content !== undefined) c.expectedContent = fields.expected_content;
  if (fields.body !== undefined) c.body = fields.body;
  if (fields.alert_threshold !== undefined) c.alertThreshold = fields.alert_threshold;
  if (fields.degraded_threshold_ms !== undefined) c.degradedThresholdMs = fields.degraded_threshold_ms;
  if (fields.follow_redirects !== undefined) c.followRedirects = fields.follow_redirects;
  if (fields.verify_ssl !== undefined) c.verifySsl = fields.verify_ssl;
  if (fields.slo_target !== undefined) c.sloTarget = fields.slo_target;
  if (fields.recovery_threshold !== undefined) c.recoveryThreshold = fields.recovery_threshold;
  if (fields.reminder_interval_minutes !== undefined) c.reminderIntervalMinutes = fields.reminder_interval_minutes;
  if (fields.escalation !== undefined) c.escalation = fields.escalation;
  if (fields.assertions !== undefined) c.assertions = fields.assertions;
  if (fields.is_active !== undefined) c.isActive = fields.is_active;
  return c;
}

/**
 * The columns of a configured type's configuration: `config`, `url` (the display form of its
 * target) and `normalized_url` (its uniqueness key; a random one for a type without).
 */
export function typedConfigColumns(typed: TypedMonitorConfig): Partial<Monitor> {
  const key = naturalKeyOf(typed);
  return { type: typed.type, config: typed.config, url: monitorTargetOf(typed), normalizedUrl: key ?? `${typed.type}:${randomUUID()}` };
}

/** PostgreSQL unique violation (e.g. the (account_id, normalized_url) index under a race). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  return err?.code === '23505' || err?.driverError?.code === '23505';
}
