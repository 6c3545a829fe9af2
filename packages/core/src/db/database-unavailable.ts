import { classifyOutage } from '../dependencies/classify-outage.js';

/**
 * Whether an error means PostgreSQL could not be reached (so the same work may succeed later:
 * the checker keeps the result and writes it then), as opposed to an error of the statement.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return classifyOutage(error)?.dependency === 'postgres';
}
