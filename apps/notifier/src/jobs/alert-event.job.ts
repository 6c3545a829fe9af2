import type { Context, JobHandler, JobName } from '@vigil/core';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../delivery/retry-policy.js';
import { fanOutAlertEvent } from '../fanout/fan-out.js';

/** AlertEvent: fans an event out to the account's integrations (one AlertDelivery job each). */
export function alertEventJob(ctx: Context, opts: { retry?: RetryPolicy } = {}): JobHandler<JobName.AlertEvent> {
  const policy = opts.retry ?? DEFAULT_RETRY_POLICY;
  return (payload) => fanOutAlertEvent(ctx, payload, policy);
}
