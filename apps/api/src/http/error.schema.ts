import { Type } from '@sinclair/typebox';
import { component } from './components.js';
import { DateTime, StringEnum } from './schema.js';

/** Every error answer: `{"error": "..."}` (components/schemas/Error of the document). */
export const ErrorSchema = component('Error', Type.Object(
  { error: Type.String({ description: 'What went wrong, in one sentence' }) },
  { additionalProperties: false, example: { error: 'Monitor not found' } },
));

/** Every 429: the burst answer has only `error`; account, endpoint and concurrency limits add the rest. */
export const RateLimitedSchema = component('RateLimited', Type.Object(
  {
    error: Type.Literal('Rate limit exceeded'),
    message: Type.Optional(Type.String({ description: 'Which limit, and when to retry' })),
    retry_after: Type.Optional(Type.Integer({ minimum: 1, description: 'Seconds to wait (also in `Retry-After`)' })),
    limit_type: Type.Optional(StringEnum(['per_minute', 'per_hour', 'daily', 'concurrent'])),
    rate_limit: Type.Optional(Type.Integer({ description: 'Daily quota: requests allowed per UTC day' })),
    requests_today: Type.Optional(Type.Integer({ description: 'Daily quota: requests counted today' })),
    reset_at: Type.Optional(DateTime({ description: 'Daily quota: next UTC midnight' })),
  },
  {
    additionalProperties: false,
    example: { error: 'Rate limit exceeded', message: 'Per-minute limit of 60 requests exceeded; retry in 12 seconds', retry_after: 12, limit_type: 'per_minute' },
  },
));

/** A 403: `Account inactive`, or a tier limit with what the tier allows and where to upgrade. */
export const ForbiddenSchema = component('Forbidden', Type.Object(
  {
    error: Type.String(),
    message: Type.Optional(Type.String({ description: 'What to do about it (e.g. where to prove ownership)' })),
    limit: Type.Optional(Type.Integer()),
    current: Type.Optional(Type.Integer()),
    remaining: Type.Optional(Type.Integer()),
    tier: Type.Optional(Type.String()),
    upgrade_url: Type.Optional(Type.String({ format: 'uri' })),
    allowed_intervals: Type.Optional(Type.Array(Type.Integer())),
    allowed_frequencies: Type.Optional(Type.Array(Type.String())),
    verify_url: Type.Optional(Type.String({ format: 'uri' })),
    hostname: Type.Optional(Type.String()),
  },
  { additionalProperties: false, example: { error: 'Account inactive' } },
));
