import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request (or per-job) facts that every log line inside it should carry. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  accountId?: number;
}

export const logContext = new AsyncLocalStorage<LogContext>();
