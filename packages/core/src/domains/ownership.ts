import type { Queryable } from '../db/queryable.js';
import { coveringNames, nameCovers } from './hostname.js';
import { hasVerifiedClaim } from './verification-store.js';

/**
 * Whether an account may monitor a hostname (decisions §4): a verified name (DNS TXT or the
 * operator's override) equal to it or a parent of it, or the account's verified company email
 * domain equal to it or a parent of it.
 */
export async function accountOwnsHostname(
  db: Queryable,
  account: { id: number; verifiedEmailDomain: string | null },
  hostname: string,
): Promise<boolean> {
  if (account.verifiedEmailDomain && nameCovers(account.verifiedEmailDomain.toLowerCase(), hostname)) return true;
  return hasVerifiedClaim(db, account.id, coveringNames(hostname));
}
