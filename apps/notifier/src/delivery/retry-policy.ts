import { Backoffs, type BackoffStrategy, type JobsOptions } from 'bullmq';

/**
 * How a delivery is retried. Each attempt is one run of the AlertDelivery job; BullMQ keeps
 * the job (durably, in Redis) between attempts and schedules the next one with its built-in
 * exponential backoff and jitter: attempt n+1 starts after a random delay in
 * [(1 - jitter) × d, d] with d = baseDelayMs × 2^(n-1). With the defaults: ≤ 30 s, ≤ 60 s,
 * ≤ 120 s, ≤ 240 s, i.e. 5 attempts within about 7.5 minutes. A receiver's Retry-After (429,
 * 503; capped at 15 minutes) makes the next attempt wait at least that long (deliveryBackoff).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (decisions §4: 5). */
  attempts: number;
  baseDelayMs: number;
  /** 0..1: the share of each delay that is random. */
  jitter: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 5, baseDelayMs: 30_000, jitter: 0.5 };

/** The backoff type of delivery jobs: exponential with jitter, at least the receiver's Retry-After. */
export const DELIVERY_BACKOFF = 'delivery';

/** Thrown to hand a failed attempt back to BullMQ, which schedules the next one (deliveryBackoff). */
export class DeliveryRetryError extends Error {
  constructor(
    message: string,
    /** The receiver's Retry-After, in ms (already capped), when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryRetryError';
  }
}

/**
 * The delay before the next attempt of a delivery job: BullMQ's exponential backoff with jitter
 * over the job's delay, or the receiver's Retry-After (429, 503) when that is longer.
 */
export function nextDeliveryDelay(attemptsMade: number, backoff: { delay?: number; jitter?: number } | undefined, err: Error | undefined): number {
  const exponential = Backoffs.builtinStrategies.exponential(backoff?.delay ?? DEFAULT_RETRY_POLICY.baseDelayMs, backoff?.jitter ?? 0);
  const base = Number(exponential(attemptsMade));
  const asked = err instanceof DeliveryRetryError ? (err.retryAfterMs ?? 0) : 0;
  return Math.max(base, asked);
}

/** nextDeliveryDelay as the BullMQ backoff strategy of the alerts queue's workers. */
export const deliveryBackoff: BackoffStrategy = (attemptsMade, _type, err, job) => {
  const backoff = job?.opts.backoff;
  return nextDeliveryDelay(attemptsMade, backoff === undefined ? undefined : Backoffs.normalize(backoff), err);
};

/** The settings of every worker of the alerts queue: delivery jobs back off with deliveryBackoff. */
export const ALERT_WORKER_SETTINGS = { backoffStrategy: deliveryBackoff };

/** The job id of a delivery's job: adding it twice (fan-out run twice) is a no-op in BullMQ. */
export function deliveryJobId(deliveryId: number): string {
  return `alert-delivery-${deliveryId}`;
}

export function deliveryJobOptions(deliveryId: number, policy: RetryPolicy): JobsOptions {
  return {
    jobId: deliveryJobId(deliveryId),
    attempts: policy.attempts,
    backoff: { type: DELIVERY_BACKOFF, delay: policy.baseDelayMs, jitter: policy.jitter },
  };
}

/** Whether an attempt that just failed gets another one. */
export function shouldRetry(outcome: { ok: boolean; retryable: boolean }, attempt: number, maxAttempts: number): boolean {
  return !outcome.ok && outcome.retryable && attempt < maxAttempts;
}
