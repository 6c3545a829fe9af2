import type { DataSource } from 'typeorm';
import type { AlertEventPayload, AlertSubjectRefs } from '@vigil/core';

export interface MonitorFacts {
  id: number;
  name: string;
  url: string;
}

export interface DomainFacts {
  id: number;
  hostname: string;
  port: number;
  notificationsEnabled: boolean;
}

/** Each null when the event names none, or when it no longer exists in the event's account. */
export interface EventSubject {
  monitor: MonitorFacts | null;
  domain: DomainFacts | null;
}

/** The monitor and domain an event is about, read within the event's account. */
export async function loadEventSubject(db: DataSource, p: AlertEventPayload): Promise<EventSubject> {
  let monitor: MonitorFacts | null = null;
  let domain: DomainFacts | null = null;
  if (p.monitorId !== undefined) {
    const rows = (await db.query('SELECT id, name, url FROM monitors WHERE id = $1 AND account_id = $2', [
      p.monitorId,
      p.accountId,
    ])) as MonitorFacts[];
    monitor = rows[0] ?? null;
  }
  if (p.domainId !== undefined) {
    const rows = (await db.query(
      `SELECT id, hostname, port, notifications_enabled AS "notificationsEnabled"
       FROM domains WHERE id = $1 AND account_id = $2`,
      [p.domainId, p.accountId],
    )) as DomainFacts[];
    domain = rows[0] ?? null;
  }
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
