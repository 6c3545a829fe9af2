import type { EntityManager } from 'typeorm';
import { coveringNames, nameCovers } from './hostname.js';

/**
 * Whether an account may monitor a hostname (decisions §4): a verified name (DNS TXT or the
 * operator's override) equal to it or a parent of it, or the account's verified company email
 * domain equal to it or a parent of it.
 */
export async function accountOwnsHostname(
  db: EntityManager,
  account: { id: number; verifiedEmailDomain: string | null },
  hostname: string,
): Promise<boolean> {
  if (account.verifiedEmailDomain && nameCovers(account.verifiedEmailDomain.toLowerCase(), hostname)) return true;
  const rows = (await db.query(
    `SELECT 1 FROM domain_verifications WHERE account_id = $1 AND status = 'verified' AND hostname = ANY($2::text[]) LIMIT 1`,
    [account.id, coveringNames(hostname)],
  )) as unknown[];
  return rows.length > 0;
}
