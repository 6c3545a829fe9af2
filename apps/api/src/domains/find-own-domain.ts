import { domainEntityOfAccount, NotFoundError, type Domain, type Queryable } from '@vigil/core';
import { parseId } from '../http/validate.js';

export const DOMAIN_NOT_FOUND = 'Domain not found';

/** The caller's domain by path id; another account's domain is answered exactly like a missing one. */
export async function findOwnDomain(db: Queryable, accountId: number, rawId: string | string[] | undefined, lock = false): Promise<Domain> {
  const id = parseId(rawId, DOMAIN_NOT_FOUND);
  const domain = await domainEntityOfAccount(db, accountId, id, { lock });
  if (!domain) throw new NotFoundError(DOMAIN_NOT_FOUND);
  return domain;
}
