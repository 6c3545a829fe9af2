import { JobName, QueueName, createOutboxRelay, createWorkerApp, type Context } from '@vigil/core';
import { domainBucketJob } from './jobs/domain-bucket.job.js';
import { domainScanJob } from './jobs/domain-scan.job.js';
import { headerCheckJob } from './jobs/header-check.job.js';
import { headerGradeJob } from './jobs/header-grade.job.js';
import { tlsScanJob } from './jobs/tls-scan.job.js';

/**
 * The scanner fleet: TLS scans and security-header checks. The alert events a scan decides are
 * written to the outbox with its outcome; this process's relay moves them to the alert queue
 * right after (and polls for what another process left).
 */
export function createScannerApp(ctx: Context) {
  const relay = createOutboxRelay(ctx);
  const engines = { onOutboxWritten: () => relay.wake() };
  return createWorkerApp(ctx, {
    app: 'scanner',
    concurrency: ctx.config.concurrency.scanner,
    healthPort: ctx.config.healthPorts.scanner,
    handlers: {
      [QueueName.Scans]: { [JobName.TlsScan]: tlsScanJob(ctx, engines), [JobName.DomainScan]: domainScanJob(ctx, engines), [JobName.DomainBucket]: domainBucketJob(ctx) },
      [QueueName.Headers]: { [JobName.HeaderCheck]: headerCheckJob(ctx), [JobName.HeaderGrade]: headerGradeJob(ctx) },
    },
    onStarted: async () => relay.start(),
    onStopping: () => relay.stop(),
  });
}
