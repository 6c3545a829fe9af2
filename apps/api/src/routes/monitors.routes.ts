import {
  DNS_CONFIG_MESSAGES,
  DNS_MATCH_MODES,
  DNS_RECORD_TYPES,
  HEARTBEAT_CONFIG_MESSAGES,
  HEARTBEAT_CONFIG_OPENAPI,
  MAX_DNS_EXPECTED_VALUES,
  MONITOR_TYPES,
  TCP_CONFIG_MESSAGES,
  ValidationError,
  type Context,
} from '@vigil/core';
import { iso } from '../http/iso.js';
import { authOf } from '../http/request-auth.js';
import { route, type JsonSchema, type RouteDef } from '../http/route.js';
import { validate } from '../http/validate.js';
import { ASSERTIONS_PROPERTY } from '../monitors/assertions-openapi.js';
import { heartbeatFields, HEARTBEAT_FIELDS_SCHEMA } from '../heartbeats/heartbeat-store.js';
import { createMonitor } from '../monitors/create-monitor.js';
import { deleteMonitor } from '../monitors/delete-monitor.js';
import { findOwnMonitor } from '../monitors/find-own-monitor.js';
import { listChecks } from '../monitors/list-checks.js';
import { listIncidents } from '../monitors/list-incidents.js';
import { listMonitors } from '../monitors/list-monitors.js';
import type { RollupWindows } from '../monitors/rollup-totals.js';
import { PUSH_MONITOR_NOT_PROBED, runManualCheck } from '../monitors/manual-check.js';
import { monitorDetail } from '../monitors/monitor-detail.js';
import {
  assertObjectBody,
  canonicalFields,
  createMonitorSchema,
  MAX_ESCALATION_STEPS,
  MONITOR_INPUT_MESSAGES,
  updateMonitorSchema,
} from '../monitors/monitor-input.js';
import { acknowledgeIncident } from '../monitors/acknowledge-incident.js';
import { findOwnIncident } from '../monitors/find-own-incident.js';
import { createdMonitorView, incidentView } from '../monitors/monitor-views.js';
import { pauseMonitor, resumeMonitor } from '../monitors/pause-resume-monitor.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { updateMonitor } from '../monitors/update-monitor.js';
import { uptimeStatus } from '../monitors/uptime-status.js';

const TAG = 'Uptime monitors';
const BASE = '/api/v1/uptime/monitors';

const ts = { type: 'string', format: 'date-time' };
const tsOrNull = { type: ['string', 'null'], format: 'date-time' };
const numOrNull = { type: ['number', 'null'] };
const intOrNull = { type: ['integer', 'null'] };
const STATUS = { type: 'string', enum: ['pending', 'up', 'down', 'degraded', 'paused'] };

const HTTP_ONLY = 'http monitors only';

/** The `config` of each type other than http (docs/decisions.md "Monitor types"). */
const TYPE_CONFIG: JsonSchema = {
  description:
    'The configuration of a tcp, dns or heartbeat monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones.',
  oneOf: [
    {
      title: 'tcp',
      type: 'object',
      required: ['host', 'port'],
      properties: {
        host: { type: 'string', description: 'Host name or IP address' },
        port: { type: 'integer', minimum: 1, maximum: 65_535 },
        tls: { type: 'boolean', default: false, description: 'Complete a TLS handshake after connecting' },
        verify_tls: { type: 'boolean', default: true, description: 'With tls: verify the certificate chain and name' },
        servername: { type: ['string', 'null'], default: null, description: 'With tls: SNI and the name the certificate must cover; null = host' },
      },
    },
    {
      title: 'dns',
      type: 'object',
      required: ['name', 'record_type'],
      properties: {
        name: { type: 'string', description: 'DNS name to resolve' },
        record_type: { type: 'string', enum: [...DNS_RECORD_TYPES] },
        expected_values: { type: 'array', items: { type: 'string', maxLength: 512 }, maxItems: MAX_DNS_EXPECTED_VALUES, default: [], description: 'Empty: any non-empty answer passes' },
        match: { type: 'string', enum: [...DNS_MATCH_MODES], default: 'any', description: 'any / all of expected_values present, or none of them' },
        resolver: { type: ['string', 'null'], default: null, description: 'ip or ip:port ([v6]:port) of the resolver to ask; null = the service\'s resolvers' },
      },
    },
    { title: 'heartbeat', ...HEARTBEAT_CONFIG_OPENAPI },
  ],
};

const CONFIG_PROPERTIES: Record<string, JsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: 200 },
  type: { type: 'string', enum: [...MONITOR_TYPES], default: 'http', description: 'What the monitor checks; fixed at create' },
  config: TYPE_CONFIG,
  url: {
    type: 'string',
    description: 'http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`',
    examples: ['https://example.com/health'],
  },
  method: { type: 'string', enum: ['GET', 'POST', 'HEAD'], default: 'GET', description: HTTP_ONLY },
  check_interval: { type: 'integer', enum: [60, 300, 600, 1800, 3600], default: 300, description: 'Seconds; the plan decides which are allowed' },
  timeout: { type: 'integer', minimum: 1, maximum: 60, default: 30 },
  expected_status_codes: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 }, minItems: 1, maxItems: 50, default: [200, 201, 204], description: HTTP_ONLY },
  expected_content: { type: ['string', 'null'], maxLength: 10_000, description: HTTP_ONLY },
  headers: { type: 'object', additionalProperties: { type: 'string' }, maxProperties: 50, description: HTTP_ONLY },
  body: { type: ['string', 'null'], maxLength: 65_536, description: HTTP_ONLY },
  alert_threshold: { type: 'integer', minimum: 1, maximum: 10, default: 2 },
  degraded_threshold_ms: { type: 'integer', minimum: 1, maximum: 60_000, default: 5000 },
  follow_redirects: { type: 'boolean', default: true, description: HTTP_ONLY },
  verify_ssl: { type: 'boolean', default: true, description: HTTP_ONLY },
  slo_target: { type: ['number', 'null'], exclusiveMinimum: 0, exclusiveMaximum: 100, examples: [99.9], description: 'Objective in percent; SLA reports show its error budget' },
  recovery_threshold: { type: 'integer', minimum: 1, maximum: 10, default: 1, description: 'Consecutive successful checks that resolve an open incident' },
  reminder_interval_minutes: {
    type: ['integer', 'null'],
    minimum: 5,
    maximum: 1440,
    default: null,
    description: 'Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never',
  },
  escalation: {
    type: ['array', 'null'],
    maxItems: MAX_ESCALATION_STEPS,
    default: [],
    description:
      'Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations (the account\'s own; whatever their event and monitor filters). null or [] = none',
    items: {
      type: 'object',
      required: ['after_minutes', 'integration_ids'],
      properties: {
        after_minutes: { type: 'integer', minimum: 1, maximum: 10_080 },
        integration_ids: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 10, uniqueItems: true },
      },
    },
  },  regions: {
    type: 'array',
    items: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,31}$' },
    minItems: 1,
    uniqueItems: true,
    description:
      'Regions whose checkers check the monitor, each due run one round in all of them (GET /api/v1/regions lists the known ones). Default: the deployment\'s default regions (VIGIL_DEFAULT_REGIONS, usually ["default"]). The plan caps how many. Present in answers for monitors placed outside the lone default region',
  },
  min_failing_regions: {
    type: ['integer', 'null'],
    minimum: 1,
    description:
      'How many regions must fail in the same round for the round to fail (alert_threshold counts failed rounds); at most the number of regions. null or absent: a majority. Answers give the effective number',
  },
  assertions: ASSERTIONS_PROPERTY,
};

const REGION_NAME = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,31}$' };
const TIMING_PHASES = Object.fromEntries(['dns', 'connect', 'tls', 'first_byte', 'download'].map((p) => [p, intOrNull]));

/** The monitor in a create answer (createdMonitorView). */
const CREATED_MONITOR = {
  type: 'object',
  description: 'http monitors carry method, expected_status_codes and expected_content; the other types config; heartbeat monitors ping_url and heartbeat',
  required: ['id', 'name', 'type', 'url', 'status', 'check_interval', 'timeout', 'alert_threshold', 'is_active', 'created_at'],
  properties: {
    id: { type: 'integer' },
    ...Object.fromEntries(['name', 'type', 'config', 'url', 'method', 'check_interval', 'timeout', 'expected_status_codes', 'expected_content', 'alert_threshold'].map((k) => [k, CONFIG_PROPERTIES[k]])),
    ...HEARTBEAT_FIELDS_SCHEMA,
    status: STATUS,
    is_active: { type: 'boolean' },
    created_at: ts,
  },
  additionalProperties: false,
};

const STATISTICS = {
  type: 'object',
  properties: {
    uptime_24h: numOrNull,
    uptime_7d: numOrNull,
    uptime_30d: numOrNull,
    avg_response_time_24h_ms: intOrNull,
    avg_response_time_7d_ms: intOrNull,
    total_checks_24h: { type: 'integer' },
    successful_checks_24h: { type: 'integer' },
    failed_checks_24h: { type: 'integer' },
    regions: {
      type: 'array',
      description: 'Monitors placed outside the lone default region: each region\'s last 24 h from its own checks, in the monitor\'s region order',
      items: {
        type: 'object',
        properties: { region: REGION_NAME, uptime_24h: numOrNull, avg_response_time_24h_ms: intOrNull, total_checks_24h: { type: 'integer' } },
      },
    },
    avg_timings_24h_ms: {
      type: ['object', 'null'],
      description: 'http monitors: average of each phase over the checks of the last 24 h where it happened; null without such checks',
      properties: TIMING_PHASES,
    },
  },
};

const CHECK = {
  type: 'object',
  properties: {
    timestamp: ts,
    status: { type: 'string', enum: ['success', 'failure'] },
    response_time_ms: intOrNull,
    status_code: intOrNull,
    error: { type: 'string', description: 'Present on failures' },
    in_maintenance: { type: 'boolean', description: 'A maintenance window covers the monitor now (or covered it when the check ran)' },
    region: { ...REGION_NAME, description: 'The region whose checker made the check; present for monitors placed outside the lone default region' },
    timings: {
      type: ['object', 'null'],
      description: 'http checks that got a response: milliseconds of each phase (null: the phase did not happen, e.g. tls on http://); null for other types',
      properties: TIMING_PHASES,
    },
    certificate_expires_at: { ...tsOrNull, description: 'Expiry of the certificate an https or tcp+TLS check saw' },
    details: {
      type: ['object', 'null'],
      description: 'dns checks: the answers (at most 50, each cut to 512 characters) and the server that gave them',
      properties: { kind: { type: 'string', enum: ['dns'] }, server: { type: 'string' }, answers: { type: 'array', items: { type: 'string' } }, truncated: { type: 'boolean' } },
    },
    ping_body: { type: 'string', maxLength: 10_012, description: 'Heartbeat monitors: the request body of a failure ping (the first 10,000 bytes; "\\n[truncated]" marks a cut)' },
  },
};

const PAGINATION = {
  type: 'object',
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } },
};

const SUMMARY = {
  type: 'object',
  properties: Object.fromEntries(['total', 'up', 'down', 'degraded', 'paused', 'pending'].map((k) => [k, { type: 'integer' }])),
};

const LIST_MONITOR = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    type: { type: 'string', enum: [...MONITOR_TYPES] },
    url: { type: 'string', description: 'http: the URL; other types: the display form of the target' },
    method: { type: 'string', description: HTTP_ONLY },
    status: STATUS,
    check_interval: { type: 'integer' },
    timeout: { type: 'integer' },
    is_active: { type: 'boolean' },
    last_check: tsOrNull,
    last_response_time_ms: intOrNull,
    uptime_24h: numOrNull,
    uptime_7d: numOrNull,
    uptime_30d: numOrNull,
    in_maintenance: { type: 'boolean', description: 'A maintenance window covers the monitor now (or covered it when the check ran)' },
    created_at: ts,
    updated_at: ts,
  },
};

const DETAIL_MONITOR = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ...CONFIG_PROPERTIES,
    ...HEARTBEAT_FIELDS_SCHEMA,
    is_active: { type: 'boolean' },
    status: STATUS,
    in_maintenance: { type: 'boolean', description: 'A maintenance window covers the monitor now (or covered it when the check ran)' },
    created_at: ts,
    updated_at: ts,
    paused_at: tsOrNull,
    resumed_at: tsOrNull,
    last_check: {
      type: ['object', 'null'],
      properties: { timestamp: ts, status: { type: 'string', enum: ['success', 'failure'] }, response_time_ms: intOrNull, status_code: intOrNull },
    },
    statistics: STATISTICS,
    recent_incidents: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, started_at: ts, resolved_at: tsOrNull, duration_seconds: intOrNull, cause: { type: 'string' } } },
    },
  },
};

const INCIDENT = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    status: { type: 'string', enum: ['open', 'resolved'] },
    started_at: ts,
    resolved_at: tsOrNull,
    duration_seconds: intOrNull,
    cause: { type: 'string', description: 'For a multi-region monitor: the failing regions, each with its error' },
    regions: { type: 'array', items: REGION_NAME, description: 'The failing regions of the round that opened the incident; present only for incidents of multi-region rounds' },
    affected_checks: { type: 'integer' },
    acknowledged_at: tsOrNull,
    acknowledged_by: { type: ['string', 'null'], description: 'Name of the API key that acknowledged the incident' },
    alerts_sent: {
      type: 'array',
      description: 'Successful deliveries, oldest first: first alerts, reminders and escalations',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string', description: 'Integration type' },
          sent_at: ts,
          event: { type: 'string', description: 'monitor.down or monitor.up (absent on a few entries recorded before this field existed)' },
          kind: { type: 'string', enum: ['alert', 'reminder', 'escalation'] },
          integration_id: { type: 'integer' },
        },
      },
    },
  },
};

const INCIDENT_NOT_FOUND_404 = { description: 'Monitor not found, or Incident not found (missing, another monitor\'s or another account\'s)' };

const PAGE_QUERY = (defaultPerPage: number, max: number) => ({
  page: { type: 'integer', minimum: 1, description: 'Default 1' },
  per_page: { type: 'integer', minimum: 1, description: `Default ${defaultPerPage}; above ${max} is clamped to ${max}` },
});

const DATE_QUERY = (what: string) => ({
  from_date: { type: 'string', description: `ISO 8601 date or date-time; ${what} at or after it` },
  to_date: { type: 'string', description: `ISO 8601 date (the whole UTC day) or date-time; ${what} at or before it` },
});

const FREE_TIER_403 = { description: 'Feature not available (plan below Pro)' };
const NOT_FOUND = { description: 'Monitor not found (missing or another account\'s)' };

const VALIDATION_400 = `One of: ${[
  ...Object.values(MONITOR_INPUT_MESSAGES),
  'Invalid {field}: not a field of {type} monitors (configure them in config)',
  ...Object.values(TCP_CONFIG_MESSAGES),
  ...Object.values(DNS_CONFIG_MESSAGES),
  ...Object.values(HEARTBEAT_CONFIG_MESSAGES),
].join('; ')}`;

function updateRoute(ctx: Context, method: 'put' | 'patch'): RouteDef {
  return route({
    method,
    path: `${BASE}/:id`,
    summary: `Update a monitor (${method.toUpperCase()}; PUT and PATCH both apply the given fields only)`,
    tag: TAG,
    auth: 'api-key',
    before: [requireUptimeFeature(ctx)],
    handler: async (req, res) => {
      const { account } = authOf(req);
      // 404 before 400: another account's monitor is never told apart by its validation answers.
      await findOwnMonitor(ctx.db, account.id, req.params.id);
      assertObjectBody(req.body);
      const input = canonicalFields(validate(updateMonitorSchema, req.body));
      if (!Object.keys(input).length) throw new ValidationError(MONITOR_INPUT_MESSAGES.emptyUpdate);
      const monitor = await updateMonitor(ctx, account, req.params.id, input);
      res.json({ monitor, message: 'Monitor updated' });
    },
    docs: {
      body: { type: 'object', minProperties: 1, properties: { ...CONFIG_PROPERTIES, is_active: { type: 'boolean' } } },
      responses: {
        200: {
          description: 'Updated: id, name, the fields given and updated_at',
          schema: { type: 'object', properties: { monitor: { type: 'object' }, message: { type: 'string' } } },
        },
        400: { description: VALIDATION_400 },
        403: { description: 'Feature not available; Interval not allowed ({allowed_intervals, upgrade_url})' },
        404: NOT_FOUND,
        409: { description: 'URL already monitored' },
      },
    },
  });
}

export function monitorRoutes(ctx: Context, windows: RollupWindows): RouteDef[] {
  const gate = [requireUptimeFeature(ctx)];
  return [
    route({
      method: 'get',
      path: '/api/v1/uptime/status',
      summary: 'Aggregate status of the account\'s monitors: operational, degraded or outage',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json(await uptimeStatus(ctx, authOf(req).account.id));
      },
      docs: {
        responses: {
          200: {
            description: 'outage when any active monitor is down, degraded when none is down and any is degraded or (multi-region monitors) failed in some regions but fewer than min_failing_regions in its latest round, else operational',
            schema: {
              type: 'object',
              properties: {
                status: { type: 'string', enum: ['operational', 'degraded', 'outage'] },
                summary: SUMMARY,
                uptime_24h: numOrNull,
                monitors: {
                  type: 'array',
                  items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, url: { type: 'string' }, status: STATUS, last_check: tsOrNull, uptime_24h: numOrNull, in_maintenance: { type: 'boolean' } } },
                },
              },
            },
          },
          403: FREE_TIER_403,
        },
      },
    }),
    route({
      method: 'get',
      path: BASE,
      summary: 'List monitors with uptime over 24 h, 7 d and 30 d',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json(await listMonitors(ctx, windows, authOf(req).account.id, req.query));
      },
      docs: {
        query: { status: { type: 'string', enum: ['up', 'down', 'degraded', 'paused', 'pending'] }, ...PAGE_QUERY(20, 100) },
        responses: {
          200: {
            description: 'A page of monitors (oldest first); summary counts all of the account\'s monitors',
            schema: { type: 'object', properties: { monitors: { type: 'array', items: LIST_MONITOR }, summary: SUMMARY, pagination: PAGINATION } },
          },
          400: { description: 'Invalid status, page or per_page' },
          403: FREE_TIER_403,
        },
      },
    }),
    route({
      method: 'post',
      path: BASE,
      summary: 'Create a monitor; its first check runs shortly',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        assertObjectBody(req.body);
        const input = canonicalFields(validate(createMonitorSchema, req.body));
        const monitor = await createMonitor(ctx, authOf(req).account, input);
        res.status(201).json({ monitor: { ...createdMonitorView(monitor), ...(await heartbeatFields(ctx, ctx.db.manager, monitor)) }, message: 'Monitor created. The first check runs shortly.' });
      },
      docs: {
        body: { type: 'object', required: ['name'], properties: CONFIG_PROPERTIES, description: 'url is required for http (the default type), config for the other types' },
        responses: {
          201: {
            description: 'Created (status pending); a heartbeat monitor with its ping_url',
            schema: { type: 'object', required: ['monitor', 'message'], properties: { monitor: CREATED_MONITOR, message: { type: 'string', examples: ['Monitor created. The first check runs shortly.'] } }, additionalProperties: false },
          },
          400: { description: VALIDATION_400 },
          403: { description: 'Feature not available; Interval not allowed ({allowed_intervals, upgrade_url}); Monitor limit reached ({limit, current, remaining, tier, upgrade_url})' },
          409: { description: 'URL already monitored (http); TCP target already monitored (tcp: host, port, tls); DNS record already monitored (dns: name, record type, resolver)' },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id`,
      summary: 'A monitor in detail: configuration, last check, statistics, recent incidents',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json({ monitor: await monitorDetail(ctx, windows, authOf(req).account.id, req.params.id) });
      },
      docs: {
        responses: { 200: { description: 'The monitor', schema: { type: 'object', properties: { monitor: DETAIL_MONITOR } } }, 403: FREE_TIER_403, 404: NOT_FOUND },
      },
    }),
    updateRoute(ctx, 'put'),
    updateRoute(ctx, 'patch'),
    route({
      method: 'delete',
      path: `${BASE}/:id`,
      summary: 'Delete a monitor with all its checks and incidents, and stop checking it (irreversible)',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        const id = await deleteMonitor(ctx, authOf(req).account, req.params.id);
        res.json({ message: 'Monitor deleted', deleted_monitor_id: id });
      },
      docs: {
        responses: {
          200: { description: 'Deleted', schema: { type: 'object', properties: { message: { type: 'string' }, deleted_monitor_id: { type: 'integer' } } } },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/pause`,
      summary: 'Pause a monitor (from any state; pausing again changes nothing)',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        const m = await pauseMonitor(ctx, authOf(req).account, req.params.id);
        res.json({ monitor: { id: m.id, status: m.status, paused_at: iso(m.pausedAt) }, message: 'Monitor paused' });
      },
      docs: {
        responses: {
          200: { description: 'Paused', schema: { type: 'object', properties: { monitor: { type: 'object', properties: { id: { type: 'integer' }, status: STATUS, paused_at: ts } }, message: { type: 'string' } } } },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/resume`,
      summary: 'Resume a paused monitor: status up, and a check runs at once',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        const m = await resumeMonitor(ctx, authOf(req).account, req.params.id);
        res.json({ monitor: { id: m.id, status: m.status, resumed_at: iso(m.resumedAt) }, message: 'Monitor resumed' });
      },
      docs: {
        responses: {
          200: { description: 'Resumed', schema: { type: 'object', properties: { monitor: { type: 'object', properties: { id: { type: 'integer' }, status: STATUS, resumed_at: ts } }, message: { type: 'string' } } } },
          403: FREE_TIER_403,
          404: NOT_FOUND,
          409: { description: 'Monitor is not paused' },
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/checks`,
      summary: 'Check records of a monitor, newest first',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json(await listChecks(ctx, authOf(req).account.id, req.params.id, req.query));
      },
      docs: {
        query: {
          ...DATE_QUERY('checks'),
          status: { type: 'string', enum: ['success', 'failure'] },
          region: { ...REGION_NAME, description: 'Only the checks of this region' },
          ...PAGE_QUERY(100, 1000),
        },
        responses: {
          200: { description: 'A page of checks', schema: { type: 'object', properties: { monitor_id: { type: 'integer' }, checks: { type: 'array', items: CHECK }, pagination: PAGINATION } } },
          400: { description: 'Invalid from_date, to_date, date range, status, page or per_page' },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/incidents`,
      summary: 'Incidents of a monitor, newest first, with a 30-day summary',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json(await listIncidents(ctx, authOf(req).account.id, req.params.id, req.query));
      },
      docs: {
        query: { status: { type: 'string', enum: ['open', 'resolved'] }, ...DATE_QUERY('incidents started'), ...PAGE_QUERY(20, 100) },
        responses: {
          200: {
            description: 'A page of incidents; the summary covers the last 30 days whatever the filters',
            schema: {
              type: 'object',
              properties: {
                monitor_id: { type: 'integer' },
                incidents: { type: 'array', items: INCIDENT },
                summary: {
                  type: 'object',
                  properties: { total_incidents_30d: { type: 'integer' }, total_downtime_30d_seconds: { type: 'integer' }, mttr_seconds: intOrNull },
                },
                pagination: PAGINATION,
              },
            },
          },
          400: { description: 'Invalid status, from_date, to_date, date range, page or per_page' },
          403: FREE_TIER_403,
          404: NOT_FOUND,
        },
      },
    }),
    route({
      method: 'get',
      path: `${BASE}/:id/incidents/:incident_id`,
      summary: 'One incident of a monitor',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        res.json({ incident: incidentView(await findOwnIncident(ctx.db, authOf(req).account.id, req.params.id, req.params.incident_id)) });
      },
      docs: {
        responses: { 200: { description: 'The incident', schema: { type: 'object', properties: { incident: INCIDENT } } }, 403: FREE_TIER_403, 404: INCIDENT_NOT_FOUND_404 },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/incidents/:incident_id/acknowledge`,
      summary: 'Acknowledge an open incident: no more reminders or escalation steps; records the API key name and time',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        const { account, apiKey } = authOf(req);
        const { incident, changed } = await acknowledgeIncident(ctx, account.id, apiKey.name, req.params.id, req.params.incident_id);
        res.json({ incident: incidentView(incident), message: changed ? 'Incident acknowledged' : 'Incident already acknowledged' });
      },
      docs: {
        responses: {
          200: {
            description: 'Acknowledged; acknowledging again answers the first acknowledgement unchanged',
            schema: { type: 'object', properties: { incident: INCIDENT, message: { type: 'string' } } },
          },
          403: FREE_TIER_403,
          404: INCIDENT_NOT_FOUND_404,
          409: { description: 'Incident is already resolved (and was never acknowledged)' },
        },
      },
    }),
    route({
      method: 'post',
      path: `${BASE}/:id/check`,
      summary: 'Run one check now through the checker fleet',
      tag: TAG,
      auth: 'api-key',
      before: gate,
      handler: async (req, res) => {
        const outcome = await runManualCheck(ctx, authOf(req).account.id, req.params.id);
        if (outcome.done) {
          res.json({ check: outcome.check, ...(outcome.checks ? { checks: outcome.checks } : {}) });
          return;
        }
        res.status(202).json({
          message: outcome.failed
            ? 'The check could not be completed; scheduled checks continue as usual'
            : 'Check queued; its result will appear in the checks list',
          job_id: outcome.jobId,
        });
      },
      docs: {
        responses: {
          200: {
            description:
              'The check record. A monitor with several regions is checked in one round across its regions with a live checker (judged by quorum like a scheduled round): `check` is the check of the default region if the monitor has it, else of its first region (else of the first that answered), and `checks` every region\'s check that answered in time',
            schema: {
              type: 'object',
              properties: {
                check: CHECK,
                checks: { type: 'array', items: CHECK, description: 'Monitors with several regions only: the check of each region that answered within the timeout + 5 s, in the monitor\'s order of regions' },
              },
            },
          },
          202: { description: 'No result within the monitor\'s timeout + 5 s', schema: { type: 'object', properties: { message: { type: 'string' }, job_id: { type: 'string' } } } },
          403: FREE_TIER_403,
          404: NOT_FOUND,
          409: { description: `Monitor is not active (is_active false); ${PUSH_MONITOR_NOT_PROBED}` },
        },
      },
    }),
  ];
}
