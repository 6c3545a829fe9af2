import { DelayedError, type Job } from 'bullmq';
import type { FairLimiter } from '../runtime/fair-limiter.js';

/** How long a job waits off the worker while its account's share is full: 5 to 10 s. */
const ACCOUNT_BUSY_DEFER_MS = 5_000;

/**
 * Puts a running job back in its queue, delayed by `delayMs`, and ends this run of it: BullMQ
 * counts it neither completed nor failed, and its attempts stay as they were. For a job that
 * must not hold a worker slot while it could only wait (e.g. its account's share is full).
 */
export async function deferJob(job: Job, delayMs: number): Promise<never> {
  await job.moveToDelayed(Date.now() + delayMs, job.token);
  throw new DelayedError();
}

/** Whether a job run ended by deferJob (not a failure). */
export function isDeferral(e: unknown): boolean {
  return e instanceof DelayedError;
}

/**
 * Runs `task` in one of `account`'s slots of `limit`; while the account already runs its whole
 * share, the job goes back to the queue for 5 to 10 s instead (the same job and attempt), so
 * one account's hanging targets never hold the worker slots other accounts need.
 */
export function runInAccountShare<T>(limit: FairLimiter, account: string, job: Job, task: () => Promise<T>): Promise<T> {
  return limit.saturated(account) ? deferJob(job, ACCOUNT_BUSY_DEFER_MS * (1 + Math.random())) : limit(account, task);
}
