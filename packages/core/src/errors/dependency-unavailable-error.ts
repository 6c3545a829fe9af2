import { UnavailableError } from './errors.js';

export type Dependency = 'postgres' | 'redis';

/** Seconds a client should wait before retrying during a dependency outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL or Redis cannot be reached (503 `{"error":"Service unavailable"}` with
 * Retry-After). Which one stays in the logs and /readyz: clients learn nothing internal.
 */
export class DependencyUnavailableError extends UnavailableError {
  constructor(
    readonly dependency: Dependency,
    readonly reason: string,
  ) {
    super('Service unavailable', {}, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
  }
}
