import Joi from 'joi';
import {
  assertionsSchema,
  CHECK_DEFAULTS,
  CHECK_INTERVALS,
  MONITOR_METHODS,
  MONITOR_TYPES,
  REGION_NAME_PATTERN,
  parseMonitorUrl,
  ValidationError,
  type Assertion,
  type EscalationStep,
  type MonitorMethod,
  type MonitorType,
} from '@vigil/core';
import { annotated, documented, documentedAs } from '../http/joi-schema.js';
import { ASSERTIONS_PROPERTY } from './assertions-openapi.js';
import { TypeConfigSchema } from './monitor.schema.js';

/**
 * The 400 messages of monitor input. "Invalid URL" and "Invalid interval" are the seed's; the
 * others name the field and the rule.
 */
export const MONITOR_INPUT_MESSAGES = {
  body: 'Invalid request body: must be a JSON object',
  emptyUpdate: 'Invalid request body: give at least one field to update',
  name: 'Invalid name: must be a string of 1 to 200 characters',
  type: `Invalid type: must be one of ${MONITOR_TYPES.join(', ')}`,
  typeChange: 'Invalid type: the type of a monitor cannot be changed',
  configOfHttp: 'Invalid config: http monitors are configured by their own fields (url, method, headers, ...)',
  url: 'Invalid URL',
  method: 'Invalid method: must be one of GET, POST, HEAD',
  interval: 'Invalid interval',
  timeout: 'Invalid timeout: must be an integer from 1 to 60 (seconds)',
  expectedStatusCodes: 'Invalid expected_status_codes: must be a non-empty array of up to 50 integers from 100 to 599',
  expectedContent: 'Invalid expected_content: must be a string of at most 10000 characters, or null',
  headers: 'Invalid headers: must be an object of at most 50 header names (HTTP tokens) to string values of printable ASCII or Latin-1 characters (no line breaks)',
  requestBody: 'Invalid body: must be a string of at most 65536 characters, or null',
  alertThreshold: 'Invalid alert_threshold: must be an integer from 1 to 10',
  degradedThreshold: 'Invalid degraded_threshold_ms: must be an integer from 1 to 60000 (milliseconds)',
  followRedirects: 'Invalid follow_redirects: must be a boolean',
  verifySsl: 'Invalid verify_ssl: must be a boolean',
  isActive: 'Invalid is_active: must be a boolean',
  recoveryThreshold: 'Invalid recovery_threshold: must be an integer from 1 to 10',
  reminderInterval: 'Invalid reminder_interval_minutes: must be an integer from 5 to 1440 (minutes), or null',
  escalation:
    'Invalid escalation: must be an array of at most 5 steps {after_minutes, integration_ids}, after_minutes integers from 1 to 10080 in increasing order, integration_ids 1 to 10 distinct integration ids',
  regions: 'Invalid regions: must be a non-empty array of distinct region names (lower-case letters, digits and -, starting with a letter)',
  minFailingRegions: 'Invalid min_failing_regions: must be a positive integer, or null (a majority)',
  sloTarget: 'Invalid slo_target: must be a number above 0 and below 100 with at most 3 decimals (e.g. 99.9), or null',
} as const;

const M = MONITOR_INPUT_MESSAGES;
const fail = (message: string) => new ValidationError(message);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** An HTTP field value as Node sends it: tab, visible ASCII, space and Latin-1 (obs-text); no controls. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Every configuration field, as the API names them. */
export interface MonitorFields {
  name: string;
  /** What the monitor checks (default http); fixed at create. */
  type: MonitorType;
  /** The configuration of a type other than http, as sent: validated against the type's spec (monitor-type-input.ts). */
  config: unknown;
  url: string;
  method: MonitorMethod;
  check_interval: number;
  timeout: number;
  expected_status_codes: number[];
  expected_content: string | null;
  headers: Record<string, string>;
  body: string | null;
  alert_threshold: number;
  degraded_threshold_ms: number;
  follow_redirects: boolean;
  verify_ssl: boolean;
  slo_target: number | null;
  recovery_threshold: number;
  reminder_interval_minutes: number | null;
  escalation: EscalationStep[];
  assertions: Assertion[];
  is_active: boolean;
  /** Absent on create: the deployment's default regions (VIGIL_DEFAULT_REGIONS). */
  regions?: string[];
  /** null: a majority of the regions. */
  min_failing_regions?: number | null;
}

/** Fields only http monitors have (other types refuse them). */
export const HTTP_ONLY_FIELDS = ['url', 'method', 'expected_status_codes', 'expected_content', 'headers', 'body', 'follow_redirects', 'verify_ssl', 'assertions'] as const;

export type CreateMonitorInput = Omit<MonitorFields, 'is_active' | 'url' | 'type' | 'config'> & Partial<Pick<MonitorFields, 'url' | 'type' | 'config'>>;
export type UpdateMonitorInput = Partial<MonitorFields>;

/** decisions §4/§6 and the seed's Monitor table (what a check does: core's CHECK_DEFAULTS, which `vigil test` uses too). */
export const MONITOR_DEFAULTS: Omit<CreateMonitorInput, 'name' | 'url' | 'type' | 'config'> = {
  ...CHECK_DEFAULTS,
  check_interval: 300,
  alert_threshold: 2,
  degraded_threshold_ms: 5000,
  slo_target: null,
  recovery_threshold: 1,
  reminder_interval_minutes: null,
  escalation: [],
};

const {
  method: _method,
  expected_status_codes: _expectedStatusCodes,
  expected_content: _expectedContent,
  headers: _headers,
  body: _body,
  follow_redirects: _followRedirects,
  verify_ssl: _verifySsl,
  assertions: _assertions,
  ...COMMON_DEFAULTS
} = MONITOR_DEFAULTS;

/** The defaults of a type: the http-only fields only for http. */
export function monitorDefaults(type: MonitorType): typeof COMMON_DEFAULTS {
  return type === 'http' ? MONITOR_DEFAULTS : COMMON_DEFAULTS;
}

/** Most escalation steps a monitor may have, and how late the last may come (a week). */
export const MAX_ESCALATION_STEPS = 5;
const MAX_ESCALATION_MINUTES = 10_080;

const HTTP_ONLY = 'http monitors only';
const D = MONITOR_DEFAULTS;

const fields = {
  name: Joi.string().min(1).max(200).pattern(/\S/).error(fail(M.name)),
  type: annotated(
    Joi.string()
      .valid(...MONITOR_TYPES)
      .error(fail(M.type))
      .description('What the monitor checks; fixed at create'),
    { default: 'http' },
  ),
  // `config` is checked once the type is known (monitor-type-input.ts, against the type's spec).
  config: documented(Joi.any(), TypeConfigSchema),
  // http monitors: required (create schema below); the other types refuse it.
  url: documentedAs(
    Joi.string()
      .custom((value: string, helpers) => (parseMonitorUrl(value) ? value.trim() : helpers.error('any.invalid')))
      .error(fail(M.url)),
    Joi.string()
      .description(
        'http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`',
      )
      .example('https://example.com/health'),
  ),
  method: annotated(
    Joi.string()
      .valid(...MONITOR_METHODS)
      .insensitive()
      .error(fail(M.method))
      .description(`${HTTP_ONLY}; any case (answers give it upper-case)`),
    { default: D.method },
  ),
  check_interval: annotated(
    Joi.number()
      .valid(...CHECK_INTERVALS)
      .error(fail(M.interval))
      .description('Seconds; the plan decides which are allowed'),
    { default: D.check_interval },
  ),
  timeout: annotated(Joi.number().integer().min(1).max(60).error(fail(M.timeout)).description('Seconds'), { default: D.timeout }),
  expected_status_codes: annotated(
    Joi.array()
      .items(Joi.number().integer().min(100).max(599))
      .min(1)
      .max(50)
      .error(fail(M.expectedStatusCodes))
      .description(HTTP_ONLY),
    { default: D.expected_status_codes },
  ),
  expected_content: Joi.string().max(10_000).allow('', null).error(fail(M.expectedContent)).description(`${HTTP_ONLY}: text the body must contain`),
  headers: annotated(
    Joi.object()
      .pattern(/^/, Joi.string().allow('').max(8192).pattern(HEADER_VALUE))
      .max(50)
      .custom((value: Record<string, string>, helpers) =>
        Object.keys(value).every((k) => HEADER_NAME.test(k)) ? value : helpers.error('any.invalid'),
      )
      .error(fail(M.headers))
      .description(`${HTTP_ONLY}: request headers`),
    // What the custom rule checks.
    { propertyNames: { pattern: HEADER_NAME.source }, maxProperties: 50 },
  ),
  body: Joi.string().max(65_536).allow('', null).error(fail(M.requestBody)).description(`${HTTP_ONLY}: request body`),
  alert_threshold: annotated(Joi.number().integer().min(1).max(10).error(fail(M.alertThreshold)).description('Consecutive failed checks (rounds) that open an incident'), {
    default: D.alert_threshold,
  }),
  degraded_threshold_ms: annotated(Joi.number().integer().min(1).max(60_000).error(fail(M.degradedThreshold)).description('A slower answer marks the monitor degraded'), {
    default: D.degraded_threshold_ms,
  }),
  follow_redirects: annotated(Joi.boolean().error(fail(M.followRedirects)).description(HTTP_ONLY), { default: D.follow_redirects }),
  verify_ssl: annotated(Joi.boolean().error(fail(M.verifySsl)).description(HTTP_ONLY), { default: D.verify_ssl }),
  slo_target: Joi.number()
    .greater(0)
    .less(100)
    .custom((v: number, helpers) => (Math.round(v * 1000) === v * 1000 ? v : helpers.error('any.invalid')))
    .allow(null)
    .error(fail(M.sloTarget))
    .description('Objective in percent (at most 3 decimals); SLA reports show its error budget')
    .example(99.9),
  recovery_threshold: annotated(
    Joi.number().integer().min(1).max(10).error(fail(M.recoveryThreshold)).description('Consecutive successful checks that resolve an open incident'),
    { default: D.recovery_threshold },
  ),
  reminder_interval_minutes: annotated(
    Joi.number()
      .integer()
      .min(5)
      .max(1440)
      .allow(null)
      .error(fail(M.reminderInterval))
      .description('Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never'),
    { default: D.reminder_interval_minutes },
  ),
  escalation: annotated(
    Joi.array()
      .items(
        Joi.object({
          after_minutes: Joi.number().integer().min(1).max(MAX_ESCALATION_MINUTES).required(),
          integration_ids: Joi.array().items(Joi.number().integer().min(1).max(2_147_483_647)).min(1).max(10).unique().required(),
        }),
      )
      .max(MAX_ESCALATION_STEPS)
      .allow(null)
      .custom((steps: EscalationStep[] | null, helpers) =>
        (steps ?? []).every((s, i, all) => i === 0 || s.after_minutes > all[i - 1].after_minutes) ? steps : helpers.error('any.invalid'),
      )
      .error(fail(M.escalation))
      .description(
        "Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations (the account's own; whatever their event and monitor filters). null or [] = none",
      ),
    { default: D.escalation },
  ),
  // Messages name the item and field (parse-assertions.ts); null is none. Checked by a custom rule: documented by core's joi shapes (assertions-openapi.ts).
  assertions: documented(assertionsSchema, ASSERTIONS_PROPERTY),
  is_active: Joi.boolean().error(fail(M.isActive)),
  regions: Joi.array()
    .items(Joi.string().pattern(REGION_NAME_PATTERN))
    .min(1)
    .max(32)
    .unique()
    .error(fail(M.regions))
    .description(
      'Regions whose checkers check the monitor, each due run one round in all of them (GET /api/v1/regions lists the known ones). Default: the deployment\'s default regions (VIGIL_DEFAULT_REGIONS, usually ["default"]). The plan caps how many. Present in answers for monitors placed outside the lone default region',
    ),
  min_failing_regions: Joi.number()
    .integer()
    .min(1)
    .max(32)
    .allow(null)
    .error(fail(M.minFailingRegions))
    .description(
      'How many regions must fail in the same round for the round to fail (alert_threshold counts failed rounds); at most the number of regions. null or absent: a majority. Answers give the effective number',
    ),
};

const { is_active: _isActive, ...createFields } = fields;

/** POST body: name required, url too for http (the default type), the rest default (is_active is not a create field). */
export const createMonitorSchema = Joi.object<CreateMonitorInput>({
  ...createFields,
  name: createFields.name.required(),
  url: createFields.url.when('type', { is: Joi.exist().invalid('http'), otherwise: Joi.required() }),
})
  .description('url is required for http (the default type), config for the other types')
  .example({ name: 'Shop home page', url: 'https://shop.example.com/', check_interval: 60, expected_status_codes: [200], alert_threshold: 2 })
  .example({ name: 'Orders database', type: 'tcp', config: { host: 'db.example.com', port: 5432 }, check_interval: 300 })
  .example({ name: 'Nightly backup', type: 'heartbeat', config: { cron: '0 3 * * *', timezone: 'Europe/Berlin', grace: 600 } });

/** PUT/PATCH body: any configuration field, plus is_active; re-validated like create. */
export const updateMonitorSchema = annotated(Joi.object<UpdateMonitorInput>(fields), { minProperties: 1 }).example({
  check_interval: 60,
  alert_threshold: 3,
  is_active: true,
});

/** Throws the body 400 unless the JSON body is an object (not an array, string or number). */
export function assertObjectBody(body: unknown): void {
  if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) throw fail(M.body);
}

/** Canonical values: method upper-case, name trimmed, '' content/body as null, status codes deduplicated, null escalation as none. */
export function canonicalFields<T extends Partial<MonitorFields>>(input: T): T {
  const out: Partial<MonitorFields> = { ...input };
  if (out.name !== undefined) out.name = out.name.trim();
  if (out.method !== undefined) out.method = out.method.toUpperCase() as MonitorMethod;
  if (out.expected_content === '') out.expected_content = null;
  if (out.body === '') out.body = null;
  if (out.expected_status_codes) out.expected_status_codes = [...new Set(out.expected_status_codes)];
  if (out.escalation === null) out.escalation = [];
  return out as T;
}
