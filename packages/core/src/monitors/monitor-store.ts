import type { Queryable } from '../db/queryable.js';
import type { MonitorRef } from '../queue/alert-events.js';

/**
 * Reads of the monitors table that events and alerts need (issue 30: their SQL in one place;
 * the check writer and the API's monitor module hold the rest until they move here).
 */

/** A monitor as alert events name it (null when it is gone). */
export async function monitorRef(em: Queryable, monitorId: number): Promise<MonitorRef | null> {
  const [row] = await em.query<MonitorRef[]>(`SELECT id, name, url, status FROM monitors WHERE id = $1`, [monitorId]);
  return row ?? null;
}

/** A monitor of the account, as fan-out names it (null when gone or another account's). */
export async function monitorOfAccount(em: Queryable, monitorId: number, accountId: number): Promise<{ id: number; name: string; url: string } | null> {
  const [row] = await em.query<{ id: number; name: string; url: string }[]>('SELECT id, name, url FROM monitors WHERE id = $1 AND account_id = $2', [monitorId, accountId]);
  return row ?? null;
}
