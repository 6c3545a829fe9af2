import { bumpStatusVersions, outboundPolicy, policyResolver, reverifyDomains, type Context, type JobHandler, type JobName } from '@vigil/core';

/**
 * ReverifyDomains (daily): re-checks the TXT record of every verified DNS claim through the
 * outbound policy's resolver (VIGIL_DNS_SERVERS when set); a claim missing for the grace period
 * lapses with a `domain.verification_lapsed` alert (written to the outbox: `onOutboxWritten`
 * wakes the relay), and status pages that lost a custom hostname are rebuilt.
 */
export function reverifyDomainsJob(ctx: Context, onOutboxWritten: () => void): JobHandler<JobName.ReverifyDomains> {
  return async () => {
    const { releasedAccounts, ...outcome } = await reverifyDomains(ctx, policyResolver(outboundPolicy(ctx.config)), ctx.clock.now());
    if (outcome.lapsed) onOutboxWritten();
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, releasedAccounts);
    return outcome;
  };
}
