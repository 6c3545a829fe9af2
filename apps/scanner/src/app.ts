import { JobName, QueueName, createWorkerApp, type Context } from '@vigil/core';
import { domainScanJob } from './jobs/domain-scan.job.js';
import { headerCheckJob } from './jobs/header-check.job.js';
import { headerGradeJob } from './jobs/header-grade.job.js';
import { tlsScanJob } from './jobs/tls-scan.job.js';

/** The scanner fleet: TLS scans and security-header checks. */
export function createScannerApp(ctx: Context) {
  return createWorkerApp(ctx, {
    app: 'scanner',
    concurrency: ctx.config.concurrency.scanner,
    healthPort: ctx.config.healthPorts.scanner,
    handlers: {
      [QueueName.Scans]: { [JobName.TlsScan]: tlsScanJob(ctx), [JobName.DomainScan]: domainScanJob(ctx) },
      [QueueName.Headers]: { [JobName.HeaderCheck]: headerCheckJob(ctx), [JobName.HeaderGrade]: headerGradeJob(ctx) },
    },
  });
}
