import type { Logger } from '../logging/logger.js';
import { classifyOutage } from './classify-outage.js';

/**
 * The `error` listener of every Redis connection and BullMQ object. Connection losses are
 * reported once per change by the DependencyWatch, so here they only reach the debug level
 * (a reconnect loop would otherwise log a line per attempt); anything else is a warning.
 */
export function logConnectionError(logger: Logger, err: unknown, where: Record<string, string>): void {
  const message = err instanceof Error ? err.message : String(err);
  if (classifyOutage(err)) logger.debug('connection error', { ...where, error: message });
  else logger.warn('connection error', { ...where, error: message });
}
