import {
  outboundPolicy,
  recordHeaderCheck,
  UpstreamError,
  ValidationError,
  type Context,
  type DomainHeaderCheck,
  type HeaderReport,
  type OutboundPolicy,
  type Scan,
} from '@vigil/core';
import { checkHeaders } from '../headers/check.js';
import type { FetchOptions } from '../headers/fetch.js';

/** The header engine a domain check runs: checkHeaders, or another with its signature. */
export type HeaderEngine = (url: string, policy: OutboundPolicy, opts: FetchOptions) => Promise<HeaderReport>;

/** The page whose headers a monitored domain is graded on. */
export function domainHeaderUrl(hostname: string, port: number): string {
  return `https://${hostname}${port === 443 ? '' : `:${port}`}/`;
}

function failureText(ctx: Pick<Context, 'logger'>, e: unknown, scanId: number): string {
  if (e instanceof UpstreamError) return typeof e.details.detail === 'string' ? `${e.message}: ${e.details.detail}` : e.message;
  if (e instanceof ValidationError) return e.message;
  ctx.logger.error('header check failed unexpectedly', { scanId, error: e });
  return `Header check failed: ${(e as Error)?.message ?? String(e)}`;
}

/**
 * The security-header check that goes with every scan of a monitored domain (initial,
 * manual rescan, scheduled): grades https://hostname:port/ and records it in the domain's
 * history, with a headers.grade_changed alert when the grade moved.
 */
export async function runDomainHeaderCheck(ctx: Context, scan: Scan & { domainId: number }, engine: HeaderEngine = checkHeaders): Promise<void> {
  const url = domainHeaderUrl(scan.hostname, scan.port);
  let outcome: DomainHeaderCheck['outcome'];
  try {
    outcome = { status: 'completed', report: await engine(url, outboundPolicy(ctx.config), { now: () => ctx.clock.now() }) };
  } catch (e) {
    outcome = { status: 'failed', error: failureText(ctx, e, scan.id) };
  }
  const check: DomainHeaderCheck = {
    scanId: scan.id,
    accountId: scan.accountId,
    domainId: scan.domainId,
    hostname: scan.hostname,
    port: scan.port,
    url,
    checkedAt: ctx.clock.now(),
    outcome,
  };
  try {
    await recordHeaderCheck(ctx, check);
  } catch (e) {
    // A report PostgreSQL refuses is kept as a failed check, like a scan's.
    ctx.logger.error('header check not stored', { scanId: scan.id, error: e });
    await recordHeaderCheck(ctx, { ...check, outcome: { status: 'failed', error: 'Header check failed: the report could not be stored' } });
  }
}
