import type { Queryable } from '../db/queryable.js';
import { scheduledDomains } from '../domains/domain-store.js';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';
import { runInLanes } from '../runtime/limiter.js';
import { MONITORING_FREQUENCIES, type MonitoringFrequency } from '../tiers/tiers.js';
import { bucketIndexKey, bucketMembersKey, bucketOf, bucketSchedulerId, upsertBucketScheduler, type BucketKind, type IntervalBucket } from './interval-buckets.js';
import type { WantedSchedule } from './periodic-schedules.js';

/**
 * Periodic domain rescans in interval buckets (interval-buckets.ts) on the scans queue: a domain
 * is a member of the bucket of its monitoring_frequency; a bucket's run (DomainBucket) queues one
 * DomainScan per member at the member's own due time, job id `repeat:domain-<id>:<due ms>` (what
 * the domain's own scheduler `domain-<id>` of releases before buckets named its runs), whose
 * handler creates the scan row once per run.
 */
export const DOMAIN_BUCKETS: BucketKind = { job: JobName.DomainBucket, isLegacyScheduler: isPerDomainScheduler };

/** Whether a scheduler is a domain's own (`domain-<id>`), as releases before buckets made them: the reconciler removes them. */
export function isPerDomainScheduler(scheduler: string): boolean {
  return /^domain-[1-9]\d{0,9}$/.test(scheduler);
}

export const FREQUENCY_MS: Record<MonitoringFrequency, number> = {
  '5min': 5 * 60_000,
  '15min': 15 * 60_000,
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

/** What decides whether (and how often) a domain is rescanned. */
export interface DomainScheduleFacts {
  id: number;
  monitoringFrequency: MonitoringFrequency;
  isActive: boolean;
}

/** The bucket of a domain rescanned at `frequency`. */
export function domainBucket(domainId: number, frequency: MonitoringFrequency): IntervalBucket {
  return bucketOf(domainId, FREQUENCY_MS[frequency]);
}

/** The job id of the domain's rescan due at `dueMs`: one per due time, whichever bucket run (or re-run) queues it. */
export function domainScanRunJobId(domainId: number, dueMs: number): string {
  return `repeat:domain-${domainId}:${dueMs}`;
}

/**
 * Makes the domain's buckets match its row: a member of its frequency's bucket while active (the
 * bucket's scheduler made sure of), of no other frequency's bucket; of none while inactive. A
 * domain has four possible buckets, so each is written, whatever the change was: nothing needs
 * to remember the frequency it had. One MULTI, then the scheduler.
 */
export async function syncDomainSchedule(queues: Queues, d: DomainScheduleFacts): Promise<'scheduled' | 'unscheduled'> {
  await syncDomainSchedules(queues, [d]);
  return d.isActive ? 'scheduled' : 'unscheduled';
}

/** Takes the domain out of every bucket (deleted); a no-op where it is not a member. An emptied bucket's scheduler is left to the reconciler. */
export async function removeDomainSchedule(queues: Queues, domainId: number): Promise<void> {
  await syncDomainSchedules(queues, [], [domainId]);
}

/** Bucket scheduler upserts in flight at once (each is one short Redis script). */
const SCHEDULER_LANES = 50;

/**
 * syncDomainSchedule for many domains, and removeDomainSchedule for the `gone` ids, at once
 * (issue 35: grouped applies): every member change in one MULTI, then each bucket's scheduler
 * once, where each domain made two or three round trips.
 */
export async function syncDomainSchedules(queues: Queues, domains: readonly DomainScheduleFacts[], gone: readonly number[] = []): Promise<void> {
  if (!domains.length && !gone.length) return;
  const queue = queues.queueOf(JobName.DomainBucket);
  const multi = queues.connection.multi();
  const schedulers = new Map<string, IntervalBucket>();
  for (const id of gone) for (const frequency of MONITORING_FREQUENCIES) multi.srem(bucketMembersKey(queue, domainBucket(id, frequency)), String(id));
  for (const d of domains) {
    for (const frequency of MONITORING_FREQUENCIES) {
      const b = domainBucket(d.id, frequency);
      if (d.isActive && frequency === d.monitoringFrequency) {
        multi.sadd(bucketMembersKey(queue, b), String(d.id)).sadd(bucketIndexKey(queue), bucketSchedulerId(b));
        schedulers.set(bucketSchedulerId(b), b);
      } else multi.srem(bucketMembersKey(queue, b), String(d.id));
    }
  }
  // exec() reports a failed command in its replies instead of throwing: pipelineReplies throws it.
  pipelineReplies(await multi.exec());
  await runInLanes(
    [...schedulers.values()].map((b) => () => upsertBucketScheduler(queue, DOMAIN_BUCKETS, b)),
    SCHEDULER_LANES,
  );
}

/** Domains that should be rescanned periodically: active, of an active account. */
export async function wantedDomainSchedules(db: Queryable): Promise<WantedSchedule[]> {
  const rows = await scheduledDomains(db);
  return rows.map((r) => ({ id: r.id, everyMs: FREQUENCY_MS[r.monitoring_frequency] }));
}
