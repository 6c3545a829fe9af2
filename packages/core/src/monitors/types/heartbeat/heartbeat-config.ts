import Joi from 'joi';
import { ValidationError } from '../../../errors/errors.js';
import { cronProblem } from '../../../heartbeats/cron-schedule.js';
import type { MonitorTypeSpec } from '../monitor-type-spec.js';

/**
 * A `heartbeat` (push) monitor's `config`: when its job reports in and how long its runs may
 * take (docs/decisions.md "Heartbeat monitors"; the judging is packages/core/src/heartbeats).
 * Exactly one of `period` and `cron`.
 */
export interface HeartbeatConfig {
  /** Seconds between pings; null with a cron schedule. */
  period: number | null;
  /** Five-field cron expression; null with a period. */
  cron: string | null;
  /** IANA time zone of `cron` (UTC when absent); null with a period. */
  timezone: string | null;
  /** Seconds a ping may be late (or early) before it fails as missed (too often). */
  grace: number;
  min_duration: number | null;
  max_duration: number | null;
}

export const HEARTBEAT_LIMITS = {
  periodMin: 60,
  periodMax: 2_592_000,
  graceMin: 60,
  graceMax: 2_592_000,
  durationMax: 7 * 86_400,
} as const;

/** With neither period nor cron: a daily job. */
export const HEARTBEAT_DEFAULT_PERIOD = 86_400;
export const HEARTBEAT_DEFAULT_GRACE = 3_600;

const L = HEARTBEAT_LIMITS;

export const HEARTBEAT_CONFIG_MESSAGES = {
  config: 'Invalid config: a heartbeat monitor needs an object such as {"period": 3600, "grace": 300} or {"cron": "0 3 * * *", "timezone": "Europe/Berlin"}',
  period: `Invalid config.period: must be an integer from ${L.periodMin} to ${L.periodMax} (seconds), or null`,
  cron: 'Invalid config.cron: must be a five-field cron expression (minute hour day-of-month month day-of-week) of at most 200 characters, or null',
  timezone: 'Invalid config.timezone: must be an IANA time zone name such as Europe/Berlin, or null (UTC)',
  grace: `Invalid config.grace: must be an integer from ${L.graceMin} to ${L.graceMax} (seconds)`,
  minDuration: `Invalid config.min_duration: must be an integer from 0 to ${L.durationMax} (seconds), or null`,
  maxDuration: `Invalid config.max_duration: must be an integer from 1 to ${L.durationMax} (seconds), or null`,
  schedule: 'Invalid config: give period or cron, not both (set the other to null to switch)',
  durations: 'Invalid config: min_duration must be less than max_duration',
} as const;

const M = HEARTBEAT_CONFIG_MESSAGES;
const fail = (message: string) => new ValidationError(message);

/**
 * A configuration whose fields are each valid, normalised (neither schedule: the default
 * period; a time zone only with cron, UTC by default), or the message of what is wrong with it.
 */
export function normaliseHeartbeatConfig(c: HeartbeatConfig): HeartbeatConfig | string {
  if (c.period !== null && c.cron !== null) return M.schedule;
  if (c.min_duration !== null && c.max_duration !== null && c.min_duration >= c.max_duration) return M.durations;
  if (c.cron === null) return { ...c, period: c.period ?? HEARTBEAT_DEFAULT_PERIOD, timezone: null };
  const timezone = c.timezone ?? 'UTC';
  const problem = cronProblem(c.cron, timezone);
  if (problem) return problem.startsWith('timezone') ? M.timezone : `Invalid config.cron: ${problem}`;
  return { ...c, cron: c.cron.trim().split(/\s+/).join(' '), timezone };
}

/**
 * The `config` of a heartbeat monitor (validated against the stored one merged with the fields
 * given, so an update names only what changes).
 */
export const HEARTBEAT_CONFIG_SCHEMA: Joi.ObjectSchema<HeartbeatConfig> = Joi.object<HeartbeatConfig>({
  period: Joi.number()
    .integer()
    .min(L.periodMin)
    .max(L.periodMax)
    .allow(null)
    .default(null)
    .error(fail(M.period))
    .description(`Seconds between pings (default ${HEARTBEAT_DEFAULT_PERIOD} when cron is not given)`),
  cron: Joi.string().min(1).max(200).allow(null).default(null).error(fail(M.cron)).description('Five-field cron expression of when the job runs, instead of period'),
  timezone: Joi.string().min(1).max(64).allow(null).default(null).error(fail(M.timezone)).description('IANA time zone of cron (default UTC)'),
  grace: Joi.number()
    .integer()
    .min(L.graceMin)
    .max(L.graceMax)
    .default(HEARTBEAT_DEFAULT_GRACE)
    .error(fail(M.grace))
    .description('Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often'),
  min_duration: Joi.number()
    .integer()
    .min(0)
    .max(L.durationMax)
    .allow(null)
    .default(null)
    .error(fail(M.minDuration))
    .description('A run (start ping to success ping) shorter than this many seconds fails as too fast'),
  max_duration: Joi.number()
    .integer()
    .min(1)
    .max(L.durationMax)
    .allow(null)
    .default(null)
    .error(fail(M.maxDuration))
    .description('A run longer than this many seconds (or a start with no success or failure within it) fails as too slow'),
})
  .description(
    'type heartbeat: when the job pings (period or cron) and how long its runs may take. The job calls ping_url (GET, HEAD or POST; /start, /fail, /{exit code} too)',
  )
  .example({ period: 3600, grace: 300 })
  .example({ cron: '0 3 * * *', timezone: 'Europe/Berlin', grace: 600, max_duration: 1800 })
  .custom((value: HeartbeatConfig) => {
    const normal = normaliseHeartbeatConfig(value);
    if (typeof normal === 'string') throw fail(normal);
    return normal;
  })
  // The ValidationError thrown above, as it is (joi would wrap its message).
  .error((reports) => {
    const cause: unknown = reports[0]?.local?.error;
    return cause instanceof ValidationError ? cause : reports;
  });

export const HEARTBEAT_SPEC: MonitorTypeSpec<HeartbeatConfig, null> = {
  schema: HEARTBEAT_CONFIG_SCHEMA,
  kind: 'push',
  messages: M,
  notAnObject: M.config,
  naturalKey: () => null,
  target: () => 'heartbeat',
  alreadyMonitored: 'Heartbeat already monitored',
  details: null,
};
