import type { AlertEventName } from '@vigil/core';

export interface Subscription {
  isActive: boolean;
  /** Empty = every event. */
  events: readonly string[];
  /** Empty = every monitor of the account. */
  monitorIds: readonly number[];
  /** Empty = every domain of the account. */
  domainIds: readonly number[];
}

export interface EventScope {
  event: AlertEventName;
  monitorId?: number;
  domainId?: number;
}

/**
 * Whether an integration receives an event: it is active, subscribes to the event (or to all),
 * and its scope includes the event's monitor and domain (an empty list is the whole account).
 * An event about neither a monitor nor a domain (e.g. a scan of an unmonitored host) passes
 * every scope. Pure.
 */
export function integrationWants(sub: Subscription, e: EventScope): boolean {
  if (!sub.isActive) return false;
  if (sub.events.length > 0 && !sub.events.includes(e.event)) return false;
  if (e.monitorId !== undefined && sub.monitorIds.length > 0 && !sub.monitorIds.includes(e.monitorId)) return false;
  if (e.domainId !== undefined && sub.domainIds.length > 0 && !sub.domainIds.includes(e.domainId)) return false;
  return true;
}
