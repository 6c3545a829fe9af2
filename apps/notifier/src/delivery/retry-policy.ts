import type { JobsOptions } from 'bullmq';

/**
 * How a delivery is retried. Each attempt is one run of the AlertDelivery job; BullMQ keeps
 * the job (durably, in Redis) between attempts and schedules the next one with its built-in
 * exponential backoff and jitter: attempt n+1 starts after a random delay in
 * [(1 - jitter) × d, d] with d = baseDelayMs × 2^(n-1). With the defaults: ≤ 30 s, ≤ 60 s,
 * ≤ 120 s, ≤ 240 s, i.e. 5 attempts within about 7.5 minutes.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (decisions §4: 5). */
  attempts: number;
  baseDelayMs: number;
  /** 0..1: the share of each delay that is random. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 30_000, jitter: 0.5 };

/** The job id of a delivery's job: adding it twice (fan-out run twice) is a no-op in BullMQ. */
export function deliveryJobId(deliveryId: number): string {
  return `alert-delivery-${deliveryId}`;
}

export function deliveryJobOptions(deliveryId: number, policy: RetryPolicy): JobsOptions {
  return {
    jobId: deliveryJobId(deliveryId),
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.baseDelayMs, jitter: policy.jitter },
  };
}

/** Whether an attempt that just failed gets another one. */
export function shouldRetry(outcome: { ok: boolean; retryable: boolean }, attempt: number, maxAttempts: number): boolean {
  return !outcome.ok && outcome.retryable && attempt < maxAttempts;
}
