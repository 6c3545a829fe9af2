import type { DataSource } from 'typeorm';
import type { AlertEventPayload } from '@vigil/core';

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
 * The `data` receivers get: the producer's data, plus the ids of what the event is about and
 * a `monitor` {id, name, url} or `domain` {id, hostname, port} object when the producer did
 * not send one (so every channel can name it).
 */
export function enrichData(p: AlertEventPayload, subject: EventSubject): Record<string, unknown> {
  const data: Record<string, unknown> = { ...p.data };
  if (p.monitorId !== undefined) data.monitor_id ??= p.monitorId;
  if (p.domainId !== undefined) data.domain_id ??= p.domainId;
  if (p.incidentId !== undefined) data.incident_id ??= p.incidentId;
  if (subject.monitor && !(data.monitor && typeof data.monitor === 'object')) {
    data.monitor = { id: subject.monitor.id, name: subject.monitor.name, url: subject.monitor.url };
  }
  if (subject.domain && !(data.domain && typeof data.domain === 'object')) {
    data.domain = { id: subject.domain.id, hostname: subject.domain.hostname, port: subject.domain.port };
  }
  return data;
}
