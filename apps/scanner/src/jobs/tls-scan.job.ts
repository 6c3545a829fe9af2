import {
  BlockedAddressError,
  UpstreamError,
  completeScan,
  failScan,
  markScanRunning,
  outboundPolicy,
  type Context,
  type JobHandler,
  type JobName,
  type Scan,
} from '@vigil/core';
import { scanTls, type ScanTlsOptions, type TlsScanReport } from '../tls/index.js';
import { runDomainHeaderCheck, type HeaderEngine } from './domain-header-check.js';

/** The TLS engine a scan job runs: scanTls, or another with its signature. */
export type TlsEngine = (opts: ScanTlsOptions) => Promise<TlsScanReport>;

/** Per connection of the engine (connect and answer). */
export const SCAN_CONNECTION_TIMEOUT_MS = 10_000;

/**
 * The error text a failed scan carries: the engine's own clear text for what it expects
 * (unreachable, refused, timed out, not TLS, DNS, blocked private address); anything else is
 * a scanner fault, logged in full and summarised.
 */
export function scanErrorText(ctx: Pick<Context, 'logger'>, e: unknown, scanId: number): string {
  if (e instanceof UpstreamError || e instanceof BlockedAddressError) return e.message;
  ctx.logger.error('scan failed unexpectedly', { scanId, error: e });
  return `Scan failed: ${(e as Error)?.message ?? String(e)}`;
}

/** The error text of a scan whose report PostgreSQL refused. */
export const REPORT_NOT_STORED = 'Scan failed: the report could not be stored';

/** The engines a scan runs: TLS, and the security-header check of a monitored domain. */
export interface ScanEngines {
  tls?: TlsEngine;
  headers?: HeaderEngine;
  /** Called after a transaction that may have written alert events to the outbox committed (wakes the relay). */
  onOutboxWritten?: () => void;
}

/**
 * Runs one scan row: queued -> running, the engine through the outbound policy
 * (VIGIL_ALLOW_PRIVATE_TARGETS, VIGIL_DNS_SERVERS), then completed with its report (domain
 * updated, events written to the outbox) or failed with a clean error text. A report that cannot be stored
 * fails the scan rather than leaving it running (holding a concurrency slot until the
 * reconciler gives up on it). A scan that is gone or already finished is left alone. A scan
 * of a monitored domain then checks its security headers too (history and alerts).
 */
export async function runTlsScan(ctx: Context, scanId: number, engines: ScanEngines = {}): Promise<void> {
  const engine = engines.tls ?? scanTls;
  const scan = await markScanRunning(ctx.db.manager, scanId, ctx.clock.now());
  if (!scan) {
    ctx.logger.info('scan skipped: gone or already finished', { scanId });
    return;
  }
  let report: TlsScanReport;
  try {
    report = await engine({ host: scan.hostname, port: scan.port, policy: outboundPolicy(ctx.config), timeoutMs: SCAN_CONNECTION_TIMEOUT_MS });
  } catch (e) {
    await failScan(ctx, scan, scanErrorText(ctx, e, scan.id), ctx.clock.now());
    engines.onOutboxWritten?.();
    await checkDomainHeaders(ctx, scan, engines);
    return;
  }
  try {
    await completeScan(ctx, scan, report, ctx.clock.now());
  } catch (e) {
    ctx.logger.error('scan report not stored', { scanId, error: e });
    await failScan(ctx, scan, REPORT_NOT_STORED, ctx.clock.now());
  }
  engines.onOutboxWritten?.();
  await checkDomainHeaders(ctx, scan, engines);
}

async function checkDomainHeaders(ctx: Context, scan: Scan, engines: ScanEngines): Promise<void> {
  const { domainId } = scan;
  if (domainId === null) return;
  await runDomainHeaderCheck(ctx, { ...scan, domainId }, engines.headers);
  engines.onOutboxWritten?.();
}

/** TlsScan {scanId}: a scan the API queued (domain created, rescan, on-demand). */
export function tlsScanJob(ctx: Context, engines: ScanEngines = {}): JobHandler<JobName.TlsScan> {
  return async ({ scanId }) => {
    await runTlsScan(ctx, scanId, engines);
  };
}
