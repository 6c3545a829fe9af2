import type { EntityManager } from 'typeorm';
import type { Queryable } from '../db/queryable.js';

/**
 * Custom hostnames of status pages, as domain verification moves them (issue 30: their SQL in
 * one place). A page's hostname is released when the claim that covered it lapses.
 */

/** The account's status pages with a custom hostname, locked for the caller's transaction. */
export function lockPagesWithCustomHostname(em: EntityManager, accountId: number): Promise<{ id: number; custom_hostname: string }[]> {
  return em.query<{ id: number; custom_hostname: string }[]>(`SELECT id, custom_hostname FROM status_pages WHERE account_id = $1 AND custom_hostname IS NOT NULL FOR UPDATE`, [
    accountId,
  ]);
}

export async function releaseCustomHostname(em: Queryable, pageId: number): Promise<void> {
  await em.query(`UPDATE status_pages SET custom_hostname = NULL WHERE id = $1`, [pageId]);
}
