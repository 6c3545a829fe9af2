import type { EntityAccess } from '../db/entity-access.js';
import { Account } from '../db/entities/account.entity.js';
import type { Queryable } from '../db/queryable.js';

/**
 * Reads of the accounts table that other aggregates' work needs (issue 30: their SQL in one
 * place); accounts are written through the Account entity.
 */

/** The account's verified company email domain (null when none, or no such account). */
export async function verifiedEmailDomainOf(em: Queryable, accountId: number): Promise<{ id: number; verifiedEmailDomain: string | null } | null> {
  const [row] = await em.query<{ id: number; verified_email_domain: string | null }[]>(`SELECT id, verified_email_domain FROM accounts WHERE id = $1`, [accountId]);
  return row ? { id: row.id, verifiedEmailDomain: row.verified_email_domain } : null;
}

/** The account by id (null when there is none). */
export function accountById(em: EntityAccess, id: number): Promise<Account | null> {
  return em.getRepository(Account).findOneBy({ id });
}
