import { randomBytes } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { Scan, type ScanTrigger } from '../db/entities/scan.entity.js';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { failScansCreatedBefore, hasUnfinishedScan, lockDomainToScan } from './scan-store.js';

export interface NewScan {
  accountId: number;
  domainId: number | null;
  hostname: string;
  port: number;
  trigger: ScanTrigger;
  /** The scheduled run that creates it (dedupes a run delivered twice). */
  jobKey?: string | null;
}

/** Unfinished scans older than this are failed by the reconciler: no scanner holds them any more. */
export const SCAN_ABANDONED_AFTER_MS = 30 * 60_000;

/** A scan takes 30 to 120 s: how long a client told "too many concurrent scans" should wait. */
export const CONCURRENT_SCAN_RETRY_AFTER_SEC = 30;

/** Job options of TLS scan jobs: no automatic retry (a failed scan is a result), bounded history. */
export const TLS_SCAN_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86_400, count: 5000 },
};

/**
 * A queued scan, created at `now` of the injected clock: created_at is compared with clock
 * times (abandoned scans, stats, usage), so it must not be PostgreSQL's own now().
 */
export async function insertScan(m: EntityManager, s: NewScan, now: Date): Promise<Scan> {
  return m.getRepository(Scan).save({
    accountId: s.accountId,
    domainId: s.domainId,
    hostname: s.hostname,
    port: s.port,
    trigger: s.trigger,
    status: 'queued',
    jobKey: s.jobKey ?? null,
    createdAt: now,
  });
}

/**
 * A unique job id per enqueue: the scan id plus random bits, so a database whose sequences
 * started again never collides with a job id BullMQ still remembers.
 */
export function tlsScanJobId(scanId: number, suffix = tlsScanJobSuffix()): string {
  return `scan-${scanId}-${suffix}`;
}

/** tlsScanJobId's random bits, for a statement that makes the job id of a scan id it draws itself ('scan-' || id || '-' || suffix). */
export function tlsScanJobSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** Hands a queued scan to the scanner fleet; `jobId`: drawn before (a schedule outbox row's, so that each apply of it adds the same job). */
export async function enqueueTlsScan(queues: Queues, scanId: number, jobId = tlsScanJobId(scanId)): Promise<string> {
  const job = await queues.add(JobName.TlsScan, { scanId }, { ...TLS_SCAN_JOB_OPTIONS, jobId });
  return String(job.id);
}

/** Fails the scans that stayed queued or running past SCAN_ABANDONED_AFTER_MS (worker lost, Redis lost its jobs). */
export async function failAbandonedScans(m: EntityManager, now: Date): Promise<number> {
  return failScansCreatedBefore(
    m,
    new Date(now.getTime() - SCAN_ABANDONED_AFTER_MS),
    now,
    `Scan abandoned: no scanner finished it within ${SCAN_ABANDONED_AFTER_MS / 60_000} minutes`,
  );
}

export type ScheduledScanOutcome =
  | { kind: 'run'; scan: Scan }
  | { kind: 'skip'; reason: 'domain gone' | 'inactive' | 'already scanning' | 'already done' };

/**
 * The scan of a scheduled run (DomainScan job): created once per run (job key), skipped when
 * the domain is gone or inactive, its account deactivated, or a scan of it is still queued or
 * running (runs do not pile up behind a slow or stuck host).
 */
export async function createScheduledScan(db: DataSource, domainId: number, jobKey: string, now: Date): Promise<ScheduledScanOutcome> {
  return db.transaction(async (m) => {
    const domain = await lockDomainToScan(m, domainId);
    if (!domain) return { kind: 'skip', reason: 'domain gone' };
    const repo = m.getRepository(Scan);
    const existing = await repo.findOneBy({ domainId, jobKey });
    if (existing) {
      return existing.status === 'queued' || existing.status === 'running' ? { kind: 'run', scan: existing } : { kind: 'skip', reason: 'already done' };
    }
    if (!domain.active) return { kind: 'skip', reason: 'inactive' };
    if (await hasUnfinishedScan(m, domainId)) return { kind: 'skip', reason: 'already scanning' };
    const scan = await insertScan(m, {
      accountId: domain.account_id,
      domainId,
      hostname: domain.hostname,
      port: domain.port,
      trigger: 'scheduled',
      jobKey,
    }, now);
    return { kind: 'run', scan };
  });
}
