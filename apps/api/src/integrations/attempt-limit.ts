import type { RequestHandler } from 'express';
import type { Context } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import { endpointLimit } from '../middleware/endpoint-limit.js';

/** Test deliveries, and redeliveries, an account may ask for per minute (each its own counter). */
export const INTEGRATION_ATTEMPTS_PER_MINUTE = 10;

/** What the 429 of these limits is documented as. */
export const ATTEMPT_LIMIT_DOC = {
  description: `More than ${INTEGRATION_ATTEMPTS_PER_MINUTE} per minute for this account {error, message, retry_after, limit_type: per_minute}`,
  headers: ['Retry-After'],
};

/**
 * The per-account limit of an endpoint that makes a delivery attempt now (`test`, `redeliver`):
 * each attempt holds a notifier slot up to the integration's timeout, so an account cannot point
 * a flood of them at a slow receiver. The 429 is the endpoint-limit shape.
 */
export function attemptLimit(ctx: Context, what: 'integration-test' | 'integration-redeliver'): RequestHandler {
  return endpointLimit(ctx, {
    name: what,
    windowSec: 60,
    limitType: 'per_minute',
    points: () => INTEGRATION_ATTEMPTS_PER_MINUTE,
    key: (req) => `account:${authOf(req).account.id}`,
    describe: (n) => `${what === 'integration-test' ? 'Test delivery' : 'Redelivery'} limit of ${n} per minute`,
  });
}
