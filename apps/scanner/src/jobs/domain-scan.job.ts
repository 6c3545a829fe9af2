import { createScheduledScan, removeDomainSchedule, type Context, type JobHandler, type JobName } from '@vigil/core';
import { runTlsScan, type ScanEngines } from './tls-scan.job.js';

/**
 * DomainScan {domainId}: a scheduled rescan (queued by its bucket, domain-bucket.job.ts). Creates the scan row
 * (once per run), then runs it like any scan. A domain that no longer exists leaves its
 * buckets at once; inactive ones and ones still being scanned are skipped.
 */
export function domainScanJob(ctx: Context, engines: ScanEngines = {}): JobHandler<JobName.DomainScan> {
  return async ({ domainId }, job) => {
    const outcome = await createScheduledScan(ctx.db, domainId, String(job.id), ctx.clock.now());
    if (outcome.kind === 'skip') {
      ctx.logger.info('scheduled scan skipped', { domainId, reason: outcome.reason });
      if (outcome.reason === 'domain gone') await removeDomainSchedule(ctx.queues, domainId);
      return;
    }
    await runTlsScan(ctx, outcome.scan.id, engines);
  };
}
