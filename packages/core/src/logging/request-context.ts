import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request (or per-job) facts that every log line inside it should carry. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  accountId?: number;
}

export const logContext = new AsyncLocalStorage<LogContext>();

/** Contexts of this process in use (API requests and jobs) until their release. */
let held = 0;
let quietWhenIdle = false;

/**
 * Counts a log context in use (a request until its response closes, a job until it ends) and
 * answers its release. Once `quietLogContextWhenIdle` was called, the last release turns the
 * storage off (`disable`: before Node 24 that removes the promise hook an AsyncLocalStorage in use
 * runs on every promise of the process); the next `run` turns it on again. Counting every user of
 * the process — the API's requests as well as the jobs — is what lets a process that runs the API
 * and the checker together (`npm start`) turn it off without taking a live request's fields.
 */
export function holdLogContext(): () => void {
  held++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held === 0 && quietWhenIdle) logContext.disable();
  };
}

/** Called by an app whose hot jobs run without a log context (the checker's checks). */
export function quietLogContextWhenIdle(): void {
  quietWhenIdle = true;
}
