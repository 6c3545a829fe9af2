import { ForbiddenError, accountOwnsHostname, type Account, type Context } from '@vigil/core';

/** Where the unverified-domain 403 sends the client. */
export function verifyUrl(baseUrl: string): string {
  return `${baseUrl}/api/v1/verifications`;
}

/** The seed's 403 `Domain not verified {hostname, verify_url}` unless the account owns the hostname. */
export async function requireOwnedHostname(ctx: Context, account: Account, hostname: string): Promise<void> {
  if (await accountOwnsHostname(ctx.db.manager, account, hostname)) return;
  throw new ForbiddenError('Domain not verified', {
    hostname,
    verify_url: verifyUrl(ctx.config.baseUrl),
    message: `Prove ownership of ${hostname} (or a parent domain) through ${verifyUrl(ctx.config.baseUrl)} first`,
  });
}
