import type { Queryable } from '../db/queryable.js';

/**
 * Reads of the domains table that events and alerts need (issue 30: their SQL in one place; a
 * scan's and a header check's writes are in scan-store and header-check-store).
 */

export interface DomainOfAccount {
  id: number;
  hostname: string;
  port: number;
  notificationsEnabled: boolean;
}

/** A domain of the account (null when gone or another account's). */
export async function domainOfAccount(em: Queryable, domainId: number, accountId: number): Promise<DomainOfAccount | null> {
  const [row] = await em.query<DomainOfAccount[]>(
    `SELECT id, hostname, port, notifications_enabled AS "notificationsEnabled"
     FROM domains WHERE id = $1 AND account_id = $2`,
    [domainId, accountId],
  );
  return row ?? null;
}
