import {
  CHECK_DEFAULTS,
  MONITOR_METHODS,
  MONITOR_TYPES,
  parseAssertions,
  parseMonitorUrl,
  specOf,
  ValidationError,
  type ConfiguredMonitorType,
  type MonitorConfigs,
  type MonitorMethod,
} from '@vigil/core';
import type { ProbeTarget } from './probe-target.js';

/**
 * The probe target of a configuration document's monitor entry (its create-body fields, with
 * the create body's defaults: core's CHECK_DEFAULTS): what `vigil test` checks before the file
 * is applied. Only what the check uses is read and checked, each failure a ValidationError
 * naming the field (the API checks the rest on plan and apply). Types other than http, tcp and
 * dns answer null: `vigil test` does not run them.
 */
export function probeTargetOfEntry(fields: Record<string, unknown>): ProbeTarget | null {
  const type = fields.type ?? 'http';
  const timeoutSeconds = read(fields, 'timeout', isTimeout, 'must be an integer from 1 to 60 (seconds)', CHECK_DEFAULTS.timeout);
  if (type === 'http') return httpTarget(fields, timeoutSeconds);
  if (type === 'tcp') return { type: 'tcp', ...typeConfig('tcp', fields.config), timeoutSeconds };
  if (type === 'dns') return { type: 'dns', ...typeConfig('dns', fields.config), timeoutSeconds };
  if (!MONITOR_TYPES.some((t) => t === type)) throw new ValidationError(`Invalid type: must be one of ${MONITOR_TYPES.join(', ')}`);
  return null;
}

type Check<T> = (v: unknown) => v is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTimeout = (v: unknown): v is number => Number.isInteger(v) && Number(v) >= 1 && Number(v) <= 60;
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isMethod = (v: unknown): v is MonitorMethod => MONITOR_METHODS.some((m) => m === v);
const isStatusCodes = (v: unknown): v is number[] => Array.isArray(v) && v.length > 0 && v.length <= 50 && v.every((c) => Number.isInteger(c) && c >= 100 && c <= 599);
const isHeaders = (v: unknown): v is Record<string, string> => isObject(v) && Object.values(v).every((h) => typeof h === 'string');

/** A field of the entry, or its default when absent. */
function read<T>(fields: Record<string, unknown>, name: string, check: Check<T>, rule: string, fallback: T): T {
  const value = fields[name];
  if (value === undefined) return fallback;
  if (!check(value)) throw new ValidationError(`Invalid ${name}: ${rule}`);
  return value;
}

function httpTarget(fields: Record<string, unknown>, timeoutSeconds: number): ProbeTarget {
  const parsed = typeof fields.url === 'string' ? parseMonitorUrl(fields.url) : null;
  if (!parsed) throw new ValidationError('Invalid URL');
  const d = CHECK_DEFAULTS;
  return {
    type: 'http',
    url: parsed.url,
    method: read(fields, 'method', isMethod, `must be one of ${MONITOR_METHODS.join(', ')}`, d.method),
    headers: read(fields, 'headers', isHeaders, 'must be an object of header names to string values', d.headers),
    body: read(fields, 'body', isStringOrNull, 'must be a string, or null', d.body),
    timeoutSeconds,
    followRedirects: read(fields, 'follow_redirects', isBoolean, 'must be a boolean', d.follow_redirects),
    verifySsl: read(fields, 'verify_ssl', isBoolean, 'must be a boolean', d.verify_ssl),
    expectedStatusCodes: read(fields, 'expected_status_codes', isStatusCodes, 'must be a non-empty array of up to 50 integers from 100 to 599', d.expected_status_codes),
    expectedContent: read(fields, 'expected_content', isStringOrNull, 'must be a string, or null', d.expected_content),
    // The API's own parser: the same rules, messages and compiled conditions as a stored monitor's.
    assertions: fields.assertions === undefined ? d.assertions : parseAssertions(fields.assertions),
  };
}

/** A configured type's `config`, checked by the type's own schema (defaults applied), as the API checks it. */
function typeConfig<K extends ConfiguredMonitorType>(type: K, raw: unknown): MonitorConfigs[K] {
  const spec = specOf(type);
  if (!isObject(raw)) throw new ValidationError(spec.notAnObject);
  const { error, value } = spec.schema.validate(raw, { abortEarly: true, convert: false, stripUnknown: true, errors: { wrap: { label: false } } });
  if (error) throw error instanceof ValidationError ? error : new ValidationError(error.details[0]?.message ?? error.message);
  return value;
}
