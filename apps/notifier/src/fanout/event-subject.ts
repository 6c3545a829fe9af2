import type { DataSource } from 'typeorm';
import { domainOfAccount, monitorOfAccount, type AlertEventPayload, type AlertSubjectRefs, type DomainOfAccount } from '@vigil/core';

export interface MonitorFacts {
  id: number;
  name: string;
  url: string;
}

export type DomainFacts = DomainOfAccount;

/** Each null when the event names none, or when it no longer exists in the event's account. */
export interface EventSubject {
  monitor: MonitorFacts | null;
  domain: DomainFacts | null;
}

/** The monitor and domain an event is about, read within the event's account. */
export async function loadEventSubject(db: DataSource, p: AlertEventPayload): Promise<EventSubject> {
  const [monitor, domain] = await Promise.all([
    p.monitorId !== undefined ? monitorOfAccount(db, p.monitorId, p.accountId) : null,
    p.domainId !== undefined ? domainOfAccount(db, p.domainId, p.accountId) : null,
  ]);
  return { monitor, domain };
}

/**
 * What fan-out adds to the producer's `data` (AlertSubjectRefs): `monitor_id` on monitor events,
 * and the `domain` {id, hostname, port} as it is now when the event names one.
 */
export function subjectRefs(p: AlertEventPayload, subject: EventSubject): AlertSubjectRefs {
  return {
    ...(p.monitorId !== undefined ? { monitor_id: p.monitorId } : {}),
    ...(subject.domain ? { domain: { id: subject.domain.id, hostname: subject.domain.hostname, port: subject.domain.port } } : {}),
  };
}
