import { DelayedError, type Job } from 'bullmq';

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
