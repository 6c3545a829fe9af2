import { Type, type Static, type TObject } from '@sinclair/typebox';
import {
  CHECK_DETAILS_SCHEMAS,
  CONFIGURED_MONITOR_TYPES,
  MONITOR_TYPE_SPECS,
  MONITOR_TYPES,
  type AlertSent,
  type Assertion,
  type CheckDetails,
  type CheckTimings,
  type MonitorConfig,
} from '@vigil/core';
import { DateTime, DateTimeOrNull, MapOf, Nullable, StringEnum } from '../http/schema.js';
import { PaginationSchema } from '../http/pagination.js';
import { ASSERTIONS_PROPERTY } from './assertions-openapi.js';
import { component } from '../http/components.js';
import { requestSchema } from '../http/joi-schema.js';

/** Response schemas of the uptime monitor endpoints; the views in monitor-views.ts return their Static types. */

const HTTP_ONLY = 'http monitors only';
const IN_MAINTENANCE = 'A maintenance window covers the monitor now (or covered it when the check ran)';

export const MonitorStatusSchema = StringEnum(['pending', 'up', 'down', 'degraded', 'paused']);
export const RegionNameSchema = Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$' });
const IntOrNull = Nullable(Type.Integer());
const NumOrNull = Nullable(Type.Number());
const CheckStatus = StringEnum(['success', 'failure']);

/** The `config` of each type other than http (docs/decisions.md "Monitor types"); also documents the request field. */
export const TypeConfigSchema = component(
  'MonitorTypeConfig',
  Type.Unsafe<MonitorConfig>({
    description: `The configuration of a ${CONFIGURED_MONITOR_TYPES.slice(0, -1).join(', ')} or ${CONFIGURED_MONITOR_TYPES.at(-1)} monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones.`,
    // Each type's own joi spec, derived (the validator is the source). anyOf, not oneOf: a
    // config without a required field (heartbeat) also matches every other type's config; the
    // serializer takes the first branch that matches, so those come last.
    anyOf: Object.entries(MONITOR_TYPE_SPECS)
      .map(([type, spec]) => ({ title: type, ...requestSchema(spec.schema) }))
      .sort((a, b) => Number(!('required' in a)) - Number(!('required' in b))),
  }),
);

const UrlSchema = Type.String({
  description: 'http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`',
  examples: ['https://example.com/health'],
});
const MethodSchema = StringEnum(['GET', 'POST', 'HEAD'], { description: HTTP_ONLY });
const EscalationSchema = Type.Array(
  Type.Object({ after_minutes: Type.Integer(), integration_ids: Type.Array(Type.Integer()) }),
  { description: 'Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations' },
);

/** Fields of the type: http its own (url, method, ...); the other types url and config. */
const typeFields = {
  url: UrlSchema,
  config: Type.Optional(TypeConfigSchema),
  method: Type.Optional(MethodSchema),
  expected_status_codes: Type.Optional(Type.Array(Type.Integer(), { description: HTTP_ONLY })),
  expected_content: Type.Optional(Nullable(Type.String(), { description: HTTP_ONLY })),
};

/** The type's own fields in a create answer. */
export type CreatedTypeFields = Static<TObject<typeof typeFields>>;

/** Where every monitor is checked (`["default"]` for a one-region deployment) and its quorum. */
const RegionFieldsSchema = {
  regions: Type.Array(RegionNameSchema, { description: 'Regions whose checkers check the monitor' }),
  min_failing_regions: Type.Integer({ description: 'How many regions must fail in the same round for the round to fail (effective number)' }),
};

/** Every configuration field of a monitor, in the order of configView(). */
export const MonitorConfigFields = {
  name: Type.String(),
  type: StringEnum(MONITOR_TYPES, { description: 'What the monitor checks; fixed at create' }),
  ...typeFields,
  headers: Type.Optional(MapOf(Type.String(), { description: HTTP_ONLY, examples: [{ Accept: 'application/json', 'X-Probe': 'vigil' }] })),
  body: Type.Optional(Nullable(Type.String(), { description: HTTP_ONLY })),
  follow_redirects: Type.Optional(Type.Boolean({ description: HTTP_ONLY })),
  verify_ssl: Type.Optional(Type.Boolean({ description: HTTP_ONLY })),
  assertions: Type.Optional(Type.Unsafe<Assertion[]>(ASSERTIONS_PROPERTY)),
  check_interval: Type.Integer({ description: 'Seconds' }),
  timeout: Type.Integer(),
  alert_threshold: Type.Integer(),
  degraded_threshold_ms: Type.Integer(),
  slo_target: Nullable(Type.Number(), { description: 'Objective in percent; SLA reports show its error budget' }),
  recovery_threshold: Type.Integer({ description: 'Consecutive successful checks that resolve an open incident' }),
  reminder_interval_minutes: Nullable(Type.Integer(), { description: 'Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never' }),
  escalation: EscalationSchema,
  is_active: Type.Boolean(),
  ...RegionFieldsSchema,
};

/** The type's own fields in the configuration (detail and update answers). */
export type ConfigTypeFields = Pick<
  Static<TObject<typeof MonitorConfigFields>>,
  'url' | 'config' | 'method' | 'expected_status_codes' | 'expected_content' | 'headers' | 'body' | 'follow_redirects' | 'verify_ssl' | 'assertions'
>;
export type ConfigView = Static<TObject<typeof MonitorConfigFields>>;

export const HeartbeatFieldsSchema = {
  ping_url: Type.Optional(Type.String({ format: 'uri', description: 'heartbeat monitors: the secret URL the job calls (GET, HEAD or POST; /start, /fail, /{exit code} appended)' })),
  heartbeat: Type.Optional(
    Type.Object(
      {
        last_ping_at: DateTimeOrNull(),
        last_start_at: DateTimeOrNull(),
        last_success_at: DateTimeOrNull(),
        last_failure_at: DateTimeOrNull(),
        next_due_at: DateTimeOrNull(),
        deadline_at: DateTimeOrNull(),
      },
      { description: 'heartbeat monitors: where the schedule stands' },
    ),
  ),
};
export type HeartbeatFieldsView = Static<TObject<typeof HeartbeatFieldsSchema>>;

/** The monitor in a create answer (createdMonitorView). */
export const CreatedMonitorSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    type: MonitorConfigFields.type,
    ...typeFields,
    status: MonitorStatusSchema,
    check_interval: Type.Integer(),
    timeout: Type.Integer(),
    alert_threshold: Type.Integer(),
    is_active: Type.Boolean(),
    created_at: DateTime(),
    ...RegionFieldsSchema,
    ...HeartbeatFieldsSchema,
  },
  { description: 'http monitors carry method, expected_status_codes and expected_content; the other types config; heartbeat monitors ping_url and heartbeat' },
);
export type CreatedMonitorView = Static<typeof CreatedMonitorSchema>;

const TimingsSchema = Type.Object({ dns: IntOrNull, connect: IntOrNull, tls: IntOrNull, first_byte: IntOrNull, download: IntOrNull });

export const RegionStatisticsSchema = Type.Object({
  region: RegionNameSchema,
  uptime_24h: NumOrNull,
  avg_response_time_24h_ms: IntOrNull,
  total_checks_24h: Type.Integer(),
});

export const StatisticsSchema = Type.Object({
  uptime_24h: NumOrNull,
  uptime_7d: NumOrNull,
  uptime_30d: NumOrNull,
  avg_response_time_24h_ms: IntOrNull,
  avg_response_time_7d_ms: IntOrNull,
  total_checks_24h: Type.Integer(),
  successful_checks_24h: Type.Integer(),
  failed_checks_24h: Type.Integer(),
  avg_timings_24h_ms: Type.Unsafe<CheckTimings | null>({
    ...TimingsSchema,
    type: ['object', 'null'],
    description: 'http monitors: average of each phase over the checks of the last 24 h where it happened; null without such checks',
  }),
  regions: Type.Optional(
    Type.Array(RegionStatisticsSchema, {
      description: 'Monitors placed outside the lone default region: each region\'s last 24 h from its own checks, in the monitor\'s region order',
    }),
  ),
});

export const CheckSchema = component('Check', Type.Object({
  timestamp: DateTime(),
  status: CheckStatus,
  response_time_ms: IntOrNull,
  status_code: IntOrNull,
  error: Type.Optional(Type.String({ description: 'Present on failures' })),
  in_maintenance: Type.Boolean({ description: IN_MAINTENANCE }),
  timings: Type.Unsafe<CheckTimings | null>({
    ...TimingsSchema,
    type: ['object', 'null'],
    description: 'http checks that got a response: milliseconds of each phase (null: the phase did not happen, e.g. tls on http://); null for other types',
  }),
  certificate_expires_at: DateTimeOrNull({ description: 'Expiry of the certificate an https or tcp+TLS check saw' }),
  details: Type.Unsafe<CheckDetails | null>(
    Type.Union([...CHECK_DETAILS_SCHEMAS, Type.Null()], { description: 'Type-specific facts of the check (each type\'s own shape, named by kind); null when the type has none' }),
  ),
  region: Type.String({ pattern: RegionNameSchema.pattern, description: 'The region whose checker made the check (`default` in a one-region deployment)' }),
  ping_body: Type.Optional(Type.String({ maxLength: 10_012, description: 'Heartbeat monitors: the request body of a failure ping (the first 10,000 bytes; "\\n[truncated]" marks a cut)' })),
}));
export type CheckView = Static<typeof CheckSchema>;

/** A check run on demand: the check record without in_maintenance (it is not stored yet). */
const ManualCheckFields = Type.Omit(CheckSchema, ['in_maintenance', 'region', 'ping_body']);
/** A manual check's record, with the region whose checker made it. */
export const ManualCheckSchema = Type.Object({
  ...ManualCheckFields.properties,
  region: Type.String({ pattern: RegionNameSchema.pattern, description: 'The region whose checker made it' }),
});

export const StatusCountsSchema = component('MonitorStatusCounts', Type.Object({
  total: Type.Integer(),
  up: Type.Integer(),
  down: Type.Integer(),
  degraded: Type.Integer(),
  paused: Type.Integer(),
  pending: Type.Integer(),
}));

export const ListedMonitorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: StringEnum(MONITOR_TYPES),
  url: Type.String({ description: 'http: the URL; other types: the display form of the target' }),
  method: Type.Optional(Type.String({ description: HTTP_ONLY })),
  status: MonitorStatusSchema,
  check_interval: Type.Integer(),
  timeout: Type.Integer(),
  is_active: Type.Boolean(),
  last_check: DateTimeOrNull(),
  last_response_time_ms: IntOrNull,
  uptime_24h: NumOrNull,
  uptime_7d: NumOrNull,
  uptime_30d: NumOrNull,
  in_maintenance: Type.Boolean({ description: IN_MAINTENANCE }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type ListedMonitorView = Static<typeof ListedMonitorSchema>;

export const MonitorListSchema = Type.Object({ monitors: Type.Array(ListedMonitorSchema), summary: StatusCountsSchema, pagination: PaginationSchema });

export const LastCheckSchema = Nullable(Type.Object({ timestamp: DateTime(), status: Nullable(CheckStatus), response_time_ms: IntOrNull, status_code: IntOrNull }));

export const RecentIncidentSchema = Type.Object({ id: Type.Integer(), started_at: DateTime(), resolved_at: DateTimeOrNull(), duration_seconds: IntOrNull, cause: Type.String() });

export const MonitorDetailSchema = Type.Object({
  id: Type.Integer(),
  ...MonitorConfigFields,
  status: MonitorStatusSchema,
  in_maintenance: Type.Boolean({ description: IN_MAINTENANCE }),
  created_at: DateTime(),
  updated_at: DateTime(),
  paused_at: DateTimeOrNull(),
  resumed_at: DateTimeOrNull(),
  last_check: LastCheckSchema,
  statistics: StatisticsSchema,
  recent_incidents: Type.Array(RecentIncidentSchema),
  ...HeartbeatFieldsSchema,
});
export type MonitorDetailView = Static<typeof MonitorDetailSchema>;

/** The answer of update: id, name, the fields given (as configuration fields) and updated_at. */
export const UpdatedMonitorSchema = Type.Object({
  id: Type.Integer(),
  ...Object.fromEntries(Object.entries(MonitorConfigFields).map(([k, v]) => [k, k === 'name' ? v : Type.Optional(v)])),
  updated_at: DateTime(),
});

const AlertSentSchema = Type.Unsafe<AlertSent & { kind: NonNullable<AlertSent['kind']> }>(
  Type.Object({
    type: Type.String({ description: 'Integration type' }),
    sent_at: DateTime(),
    event: Type.Optional(Type.String({ description: 'monitor.down or monitor.up (absent on a few entries recorded before this field existed)' })),
    kind: StringEnum(['alert', 'reminder', 'escalation']),
    integration_id: Type.Optional(Type.Integer()),
  }),
);

export const IncidentSchema = component('Incident', Type.Object({
  id: Type.Integer(),
  status: StringEnum(['open', 'resolved']),
  started_at: DateTime(),
  resolved_at: DateTimeOrNull(),
  duration_seconds: IntOrNull,
  cause: Type.String({ description: 'For a multi-region monitor: the failing regions, each with its error' }),
  regions: Type.Optional(Type.Array(RegionNameSchema, { description: 'The failing regions of the round that opened the incident; present only for incidents of multi-region rounds' })),
  affected_checks: Type.Integer(),
  acknowledged_at: DateTimeOrNull(),
  acknowledged_by: Nullable(Type.String(), { description: 'Name of the API key that acknowledged the incident' }),
  alerts_sent: Type.Array(AlertSentSchema, { description: 'Successful deliveries, oldest first: first alerts, reminders and escalations' }),
}));
export type IncidentView = Static<typeof IncidentSchema>;

export const IncidentListSchema = Type.Object({
  monitor_id: Type.Integer(),
  incidents: Type.Array(IncidentSchema),
  summary: Type.Object({ total_incidents_30d: Type.Integer(), total_downtime_30d_seconds: Type.Integer(), mttr_seconds: IntOrNull }),
  pagination: PaginationSchema,
});

export const CheckListSchema = Type.Object({ monitor_id: Type.Integer(), checks: Type.Array(CheckSchema), pagination: PaginationSchema });

export const UptimeStatusSchema = Type.Object({
  status: StringEnum(['operational', 'degraded', 'outage']),
  summary: StatusCountsSchema,
  uptime_24h: NumOrNull,
  monitors: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      url: Type.String(),
      status: MonitorStatusSchema,
      last_check: DateTimeOrNull(),
      uptime_24h: NumOrNull,
      in_maintenance: Type.Boolean(),
    }),
  ),
});

/** 409 of a create or update whose target the account already monitors: which monitor has it. */
export const MonitorConflictSchema = component('MonitorConflict', Type.Object(
  {
    error: Type.String({ description: 'URL already monitored (http); TCP target already monitored (tcp); DNS record already monitored (dns)' }),
    monitor_id: Type.Integer({ description: 'The monitor of the account that already watches this target' }),
  },
  { additionalProperties: false, example: { error: 'URL already monitored', monitor_id: 42 } },
));
