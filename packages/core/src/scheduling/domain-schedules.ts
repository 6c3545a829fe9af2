import type { JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import type { MonitoringFrequency } from '../tiers/tiers.js';

/**
 * Periodic domain rescans: one BullMQ job scheduler per domain on the scans queue, keyed
 * `domain-<id>` (no ':'), `every` = the monitoring_frequency. The phase within the period
 * (BullMQ's `offset`) is derived from the domain id, so domains of one frequency are spread
 * over the period instead of all scanning at once, and whoever (re)creates a scheduler (the
 * API, or the reconciler after Redis lost its data) gets the same phase. Each run is a
 * DomainScan job `repeat:domain-<id>:<due ms>`; the handler creates the scan row.
 */

const SCHEDULER_PREFIX = 'domain-';
const GOLDEN_RATIO_32 = 0x9e3779b1;

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

/** A scheduler as found in Redis. */
export interface ScheduledDomain {
  everyMs: number;
  offsetMs: number | null;
}

export interface DomainReconcilePlan {
  upsert: { id: number; monitoringFrequency: MonitoringFrequency }[];
  remove: string[];
}

/** Template options of scheduled rescans: no retries (the next run is the retry), bounded history. */
export const SCHEDULED_SCAN_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86_400, count: 5000 },
};

export function domainSchedulerId(domainId: number): string {
  return `${SCHEDULER_PREFIX}${domainId}`;
}

/** The domain id of a scheduler id of ours, or null for any other scheduler. */
export function domainIdOfScheduler(schedulerId: string): number | null {
  const m = /^domain-([1-9]\d{0,9})$/.exec(schedulerId);
  return m ? Number(m[1]) : null;
}

/**
 * The domain's phase within its period, in ms, in [1, every - 1] (Fibonacci hashing of the
 * id). Never 0: BullMQ reads offset 0 as "no offset" and would run at once.
 */
export function domainScheduleOffsetMs(domainId: number, frequency: MonitoringFrequency): number {
  const everyMs = FREQUENCY_MS[frequency];
  const fraction = (Math.imul(domainId, GOLDEN_RATIO_32) >>> 0) / 2 ** 32;
  return 1 + Math.floor(fraction * (everyMs - 1));
}

/**
 * What makes Redis match PostgreSQL: upsert every wanted domain whose scheduler is missing or
 * has another period or phase; remove every scheduler of ours that no wanted domain owns.
 * Other schedulers on the queue are not touched.
 */
export function planDomainReconcile(
  wanted: { id: number; monitoringFrequency: MonitoringFrequency }[],
  actual: Map<string, ScheduledDomain>,
): DomainReconcilePlan {
  const upsert: DomainReconcilePlan['upsert'] = [];
  const keep = new Set<string>();
  for (const d of wanted) {
    const id = domainSchedulerId(d.id);
    keep.add(id);
    const found = actual.get(id);
    if (!found || found.everyMs !== FREQUENCY_MS[d.monitoringFrequency] || found.offsetMs !== domainScheduleOffsetMs(d.id, d.monitoringFrequency)) {
      upsert.push({ id: d.id, monitoringFrequency: d.monitoringFrequency });
    }
  }
  const remove = [...actual.keys()].filter((id) => domainIdOfScheduler(id) !== null && !keep.has(id));
  return { upsert, remove };
}

/** Creates or re-times the domain's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertDomainSchedule(queues: Queues, d: { id: number; monitoringFrequency: MonitoringFrequency }): Promise<void> {
  await queues.queueOf(JobName.DomainScan).upsertJobScheduler(
    domainSchedulerId(d.id),
    { every: FREQUENCY_MS[d.monitoringFrequency], offset: domainScheduleOffsetMs(d.id, d.monitoringFrequency) },
    { name: JobName.DomainScan, data: { domainId: d.id }, opts: SCHEDULED_SCAN_JOB_OPTIONS },
  );
}

/** Removes the domain's scheduler and its next (delayed) run; a no-op when there is none. */
export async function removeDomainSchedule(queues: Queues, domainId: number): Promise<void> {
  await queues.queueOf(JobName.DomainScan).removeJobScheduler(domainSchedulerId(domainId));
}

/** Makes the domain's scheduler match its row: scheduled while active, else none. */
export async function syncDomainSchedule(queues: Queues, d: DomainScheduleFacts): Promise<'scheduled' | 'unscheduled'> {
  if (d.isActive) {
    await upsertDomainSchedule(queues, d);
    return 'scheduled';
  }
  await removeDomainSchedule(queues, d.id);
  return 'unscheduled';
}

const READ_BATCH = 1000;

/** Every scheduler of the scans queue with its period and phase, read in pipelined batches. */
export async function readDomainSchedules(redis: Redis, queues: Queues): Promise<Map<string, ScheduledDomain>> {
  const queue = queues.queueOf(JobName.DomainScan);
  const client = redis;
  const ids = await client.zrange(queue.keys.repeat, 0, -1);
  const found = new Map<string, ScheduledDomain>();
  for (let i = 0; i < ids.length; i += READ_BATCH) {
    const batch = ids.slice(i, i + READ_BATCH);
    const pipeline = client.pipeline();
    for (const id of batch) pipeline.hmget(`${queue.keys.repeat}:${id}`, 'every', 'offset');
    const replies = (await pipeline.exec()) ?? [];
    batch.forEach((id, j) => {
      const [err, value] = replies[j] ?? [];
      if (err) throw err;
      const [every, offset] = (value as (string | null)[] | null) ?? [null, null];
      found.set(id, { everyMs: Number(every ?? 0), offsetMs: offset === null ? null : Number(offset) });
    });
  }
  return found;
}

/** Domains that should be rescanned periodically: active, of an active account. */
export async function wantedDomainSchedules(db: EntityManager | DataSource): Promise<{ id: number; monitoringFrequency: MonitoringFrequency }[]> {
  const rows = (await db.query(
    `SELECT d.id, d.monitoring_frequency FROM domains d JOIN accounts a ON a.id = d.account_id
     WHERE d.is_active AND a.is_active`,
  )) as { id: number; monitoring_frequency: MonitoringFrequency }[];
  return rows.map((r) => ({ id: r.id, monitoringFrequency: r.monitoring_frequency }));
}

/** Applies a plan with a bounded number of Redis calls in flight. */
export async function applyDomainReconcilePlan(queues: Queues, plan: DomainReconcilePlan, concurrency = 200): Promise<void> {
  const queue = queues.queueOf(JobName.DomainScan);
  const tasks: (() => Promise<unknown>)[] = [
    ...plan.remove.map((id) => () => queue.removeJobScheduler(id)),
    ...plan.upsert.map((d) => () => upsertDomainSchedule(queues, d)),
  ];
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
    while (next < tasks.length) await tasks[next++]();
  });
  await Promise.all(lanes);
}

/** Makes Redis agree with PostgreSQL about domain rescans; returns what it changed. */
export async function reconcileDomainSchedules(
  ctx: { db: EntityManager | DataSource; redis: Redis; queues: Queues },
): Promise<{ added: number; removed: number }> {
  const { queues } = ctx;
  // Redis first, then PostgreSQL: a domain created in between is upserted again (harmless),
  // never has its brand-new scheduler removed.
  const actual = await readDomainSchedules(ctx.redis, queues);
  const wanted = await wantedDomainSchedules(ctx.db);
  const plan = planDomainReconcile(wanted, actual);
  await applyDomainReconcilePlan(queues, plan);
  return { added: plan.upsert.length, removed: plan.remove.length };
}
