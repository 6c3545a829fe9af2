import { Type } from '@sinclair/typebox';
import { SCOPE_FAMILIES } from '@vigil/core';
import { component } from './components.js';
import { DateTime, OneOf, StringEnum } from './schema.js';

/** Every error answer: `{"error": "..."}` (components/schemas/Error of the document). */
export const ErrorSchema = component('Error', Type.Object(
  { error: Type.String({ description: 'What went wrong, in one sentence' }) },
  { additionalProperties: false, example: { error: 'Monitor not found' } },
));

const UpgradeUrl = () => Type.String({ format: 'uri', description: 'Where to see and change the plan (`/pricing`)' });
const TierName = () => Type.String({ description: 'The account\'s plan', examples: ['free'] });

/*
 * The 403 answers, one closed shape each (decisions: "Statuses every operation shares"). Which
 * of them an operation can give is in its own 403 description.
 */

/** 403 of any request with a key of a deactivated account. */
export const AccountInactiveSchema = component('AccountInactive', Type.Object(
  { error: Type.Literal('Account inactive') },
  { additionalProperties: false, description: 'The key\'s account is deactivated' },
));

/** The seed's tier-limit 403 (`tierLimitError`): monitors, domains, status pages, regions per monitor. */
export const TierLimitReachedSchema = component('TierLimitReached', Type.Object(
  {
    error: Type.String({ description: '`<What> limit reached`', examples: ['Monitor limit reached', 'Domain limit reached', 'Status page limit reached'] }),
    limit: Type.Integer({ description: 'What the plan allows' }),
    current: Type.Integer({ description: 'What the account has' }),
    remaining: Type.Integer({ minimum: 0 }),
    tier: TierName(),
    upgrade_url: UpgradeUrl(),
  },
  { additionalProperties: false, description: 'A limit of the plan is reached' },
));

/** 100 maintenance windows per account, whatever the plan. */
export const MaintenanceWindowLimitSchema = component('MaintenanceWindowLimitReached', Type.Object(
  { error: Type.Literal('Maintenance window limit reached'), limit: Type.Integer(), current: Type.Integer(), remaining: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, description: 'The account has as many maintenance windows as any account may have' },
));

/** Every `/api/v1/uptime/...` operation on a plan without uptime monitoring. */
export const FeatureNotAvailableSchema = component('FeatureNotAvailable', Type.Object(
  {
    error: Type.Literal('Feature not available'),
    message: Type.String({ examples: ['Uptime monitoring requires a Pro plan or above'] }),
    tier: TierName(),
    upgrade_url: UpgradeUrl(),
  },
  { additionalProperties: false, description: 'The plan does not include the feature' },
));

/** A monitor's check_interval the plan does not include. */
export const IntervalNotAllowedSchema = component('IntervalNotAllowed', Type.Object(
  {
    error: Type.Literal('Interval not allowed'),
    allowed_intervals: Type.Array(Type.Integer(), { description: 'Seconds, ascending' }),
    upgrade_url: UpgradeUrl(),
  },
  { additionalProperties: false, description: 'The plan does not include this check interval' },
));

/** A domain's monitoring_frequency the plan does not include. */
export const FrequencyNotAllowedSchema = component('FrequencyNotAllowed', Type.Object(
  {
    error: Type.Literal('Frequency not allowed'),
    message: Type.String({ examples: ['monitoring_frequency hourly is not available on the free plan'] }),
    allowed_frequencies: Type.Array(Type.String()),
    tier: TierName(),
    upgrade_url: UpgradeUrl(),
  },
  { additionalProperties: false, description: 'The plan does not include this monitoring frequency' },
));

/** A hostname the account has not proved it owns (domains, custom status-page hostnames). */
export const DomainNotVerifiedSchema = component('DomainNotVerified', Type.Object(
  {
    error: Type.Literal('Domain not verified'),
    hostname: Type.String(),
    verify_url: Type.String({ format: 'uri', description: 'Where to prove ownership (`/api/v1/verifications`)' }),
    message: Type.String({ description: 'What to do about it' }),
  },
  { additionalProperties: false, description: 'The account has not proved it owns the hostname (or a parent domain)' },
));

/** A key whose scopes do not grant what the operation requires (decisions: "Scoped API keys"). */
export const InsufficientScopeSchema = component('InsufficientScope', Type.Object(
  {
    error: Type.Literal('Insufficient scope'),
    required: StringEnum([...SCOPE_FAMILIES.flatMap((f) => [`${f}:read`, `${f}:write`])], { description: 'The scope the key lacks' }),
  },
  { additionalProperties: false, description: 'The key does not hold the scope the operation requires', example: { error: 'Insufficient scope', required: 'monitors:write' } },
));

/** Every 403: exactly one of the shapes above. */
export const ForbiddenSchema = component('Forbidden', OneOf(
  [AccountInactiveSchema, InsufficientScopeSchema, TierLimitReachedSchema, MaintenanceWindowLimitSchema, FeatureNotAvailableSchema, IntervalNotAllowedSchema, FrequencyNotAllowedSchema, DomainNotVerifiedSchema],
  { example: { error: 'Account inactive' } },
));

/* The 429 answers, one closed shape each. */

/** The burst limit per client IP: `error` alone, with Retry-After and X-RateLimit-* headers. */
export const BurstLimitedSchema = component('BurstLimited', Type.Object(
  { error: Type.Literal('Rate limit exceeded') },
  { additionalProperties: false, description: 'Burst limit per client IP' },
));

/** The per-minute quota of a key, endpoint limits (per minute or hour) and concurrent scans. */
export const LimitExceededSchema = component('LimitExceeded', Type.Object(
  {
    error: Type.Literal('Rate limit exceeded'),
    message: Type.String({ description: 'Which limit, and when to retry' }),
    retry_after: Type.Integer({ minimum: 1, description: 'Seconds to wait (also in `Retry-After`)' }),
    limit_type: StringEnum(['per_minute', 'per_hour', 'concurrent']),
  },
  { additionalProperties: false, description: 'Per-minute quota, an endpoint limit or the concurrent-scan limit' },
));

/** The daily quota: of an account, or of header checks (per account with a key, per client IP without). */
export const DailyQuotaExceededSchema = component('DailyQuotaExceeded', Type.Object(
  {
    error: Type.Literal('Rate limit exceeded'),
    rate_limit: Type.Integer({ description: 'Requests allowed per UTC day' }),
    requests_today: Type.Integer({ description: 'Requests counted today' }),
    reset_at: DateTime({ description: 'Next UTC midnight' }),
  },
  { additionalProperties: false, description: 'Daily quota exhausted; `Retry-After` is the time to the next UTC midnight' },
));

/** Every 429 of the shared limits: exactly one of the shapes above. */
export const RateLimitedSchema = component('RateLimited', OneOf(
  [BurstLimitedSchema, LimitExceededSchema, DailyQuotaExceededSchema],
  { example: { error: 'Rate limit exceeded', message: 'Per-minute limit of 60 requests exceeded; retry in 12 seconds', retry_after: 12, limit_type: 'per_minute' } },
));

/** `POST /api/v1/domains` 409: the hostname and port that already exist in the account. */
export const DomainExistsSchema = component('DomainExists', Type.Object(
  { error: Type.Literal('Domain already exists'), hostname: Type.String(), port: Type.Integer() },
  { additionalProperties: false, example: { error: 'Domain already exists', hostname: 'www.example.com', port: 443 } },
));

/** An error that says more in `detail`. */
export const ErrorWithDetailSchema = component('ErrorWithDetail', Type.Object(
  { error: Type.String({ description: 'What went wrong, in one sentence' }), detail: Type.String({ description: 'The cause, or what to do' }) },
  { additionalProperties: false, example: { error: 'Site unreachable', detail: 'Connection refused by example.com' } },
));

/**
 * `/headers/check` 502: the site could not be reached, with `detail` naming the cause (refused,
 * DNS, timeout, TLS, too many redirects, blocked private address) when it is known.
 */
export const SiteUnreachableSchema = OneOf([ErrorWithDetailSchema, ErrorSchema]);
