import { accountById, NotFoundError, requireHostname, verifyHostnameManually } from '@vigil/core/admin';
import type { Context } from '@vigil/core';

/**
 * `vigil domain verify ACCOUNT_ID HOSTNAME`: the operator vouches that the account owns the
 * hostname (and so its subdomains). Idempotent. Throws ValidationError "Invalid hostname" and
 * NotFoundError "Account N not found". Needs only the database (a full Context also fits).
 */
export async function domainVerify(
  ctx: Pick<Context, 'db' | 'clock'>,
  accountId: number,
  hostname: string,
): Promise<{ account_id: number; hostname: string; verified: true }> {
  const name = requireHostname(hostname);
  const account = Number.isInteger(accountId) && accountId > 0 ? await accountById(ctx.db, accountId) : null;
  if (!account) throw new NotFoundError(`Account ${accountId} not found`);
  await verifyHostnameManually(ctx.db.manager, account.id, name, ctx.clock.now());
  return { account_id: account.id, hostname: name, verified: true };
}
