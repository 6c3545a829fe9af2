import type { JobsOptions, Queue } from 'bullmq';
import type { RedisClient } from '../queue/redis-client.js';
import type { JobPayloads } from '../queue/job-payloads.js';
import type { JobName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { runInLanes } from '../runtime/limiter.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';

/**
 * Periodic work on BullMQ job schedulers, one scheduler per row (a domain's rescans, whatever
 * gets a schedule next; monitors' checks are grouped in interval buckets, monitor-buckets.ts,
 * which share the phases, due times and scheduler reads below). A scheduler is keyed `<kind>-<row id>` (no ':'),
 * fires every `everyMs` at multiples of the period plus an offset derived from the row id, so
 * rows of one period spread over it and whoever (re)creates a scheduler (the API, the
 * reconciler after Redis lost its data) gets the same phase. Each run's job id is
 * `repeat:<kind>-<id>:<due ms>`, unique per due time.
 */
export interface ScheduleKind<J extends JobName = JobName> {
  /** Scheduler ids are `<name>-<row id>`. */
  name: string;
  job: J;
  payload(id: number): JobPayloads[J];
  jobOptions: JobsOptions;
}

/** What a row wants: a scheduler with this period. */
export interface WantedSchedule {
  id: number;
  everyMs: number;
}

/** A scheduler as found in Redis. */
export interface FoundSchedule {
  everyMs: number;
  offsetMs: number | null;
  /**
   * Whether the job of its next run exists (delayed, waiting or active). A scheduler without it
   * never fires again (e.g. its delayed job was deleted, or a worker failed to add the next
   * iteration): the reconciler re-adds it.
   */
  hasNextJob: boolean;
}

export interface SchedulePlan {
  upsert: WantedSchedule[];
  remove: string[];
}

export interface ReconcileResult {
  added: number;
  removed: number;
}

/** Template options of scheduled runs: no retries (the next run is the retry), bounded history. */
export const SCHEDULED_JOB_OPTIONS: JobsOptions = {
  attempts: 1,
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86_400, count: 5000 },
};

const GOLDEN_RATIO_32 = 0x9e3779b1;

export function schedulerId(kind: ScheduleKind, id: number): string {
  return `${kind.name}-${id}`;
}

/** The row id of a scheduler of this kind, or null for any other scheduler. */
export function idOfScheduler(kind: ScheduleKind, scheduler: string): number | null {
  if (!scheduler.startsWith(`${kind.name}-`)) return null;
  const rest = scheduler.slice(kind.name.length + 1);
  return /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : null;
}

/**
 * The row's phase within its period, in ms, in [1, everyMs - 1]: the fractional part of
 * id × golden ratio (Fibonacci hashing), which spreads consecutive ids evenly over the period.
 * Never 0, because BullMQ treats offset 0 as "no offset" (fire now, phase = creation time).
 */
export function scheduleOffsetMs(id: number, everyMs: number): number {
  const fraction = (Math.imul(id, GOLDEN_RATIO_32) >>> 0) / 2 ** 32;
  return 1 + Math.floor(fraction * (everyMs - 1));
}

/** The first due time strictly after `nowMs` of a row's scheduler (what BullMQ computes). */
export function nextDueMs(id: number, everyMs: number, nowMs: number): number {
  const due = Math.floor(nowMs / everyMs) * everyMs + scheduleOffsetMs(id, everyMs);
  return due <= nowMs ? due + everyMs : due;
}

/**
 * What makes Redis match PostgreSQL: upsert every wanted row whose scheduler is missing, has
 * another period or phase, or lost its next run's job; remove every scheduler of this kind that
 * no wanted row owns. Other schedulers on the queue are not touched.
 */
export function planReconcile(kind: ScheduleKind, wanted: WantedSchedule[], actual: Map<string, FoundSchedule>): SchedulePlan {
  const upsert: WantedSchedule[] = [];
  const keep = new Set<string>();
  for (const w of wanted) {
    const id = schedulerId(kind, w.id);
    keep.add(id);
    const found = actual.get(id);
    if (!found || !found.hasNextJob || found.everyMs !== w.everyMs || found.offsetMs !== scheduleOffsetMs(w.id, w.everyMs)) {
      upsert.push({ id: w.id, everyMs: w.everyMs });
    }
  }
  const remove = [...actual.keys()].filter((id) => idOfScheduler(kind, id) !== null && !keep.has(id));
  return { upsert, remove };
}

/** Creates or re-times the row's scheduler (idempotent; an unchanged one keeps its next run). */
export async function upsertSchedule<J extends JobName>(queues: Queues, kind: ScheduleKind<J>, w: WantedSchedule): Promise<void> {
  await queues.queueOf(kind.job).upsertJobScheduler(
    schedulerId(kind, w.id),
    { every: w.everyMs, offset: scheduleOffsetMs(w.id, w.everyMs) },
    { name: kind.job, data: kind.payload(w.id), opts: kind.jobOptions },
  );
}

/** Removes the row's scheduler and its next (delayed) run; a no-op when there is none. */
export async function removeSchedule(queues: Queues, kind: ScheduleKind, id: number): Promise<void> {
  await queues.queueOf(kind.job).removeJobScheduler(schedulerId(kind, id));
}

/** Makes the row's scheduler match the row: scheduled when `scheduled`, else none. */
export async function syncSchedule(
  queues: Queues,
  kind: ScheduleKind,
  w: WantedSchedule,
  scheduled: boolean,
): Promise<'scheduled' | 'unscheduled'> {
  if (scheduled) {
    await upsertSchedule(queues, kind, w);
    return 'scheduled';
  }
  await removeSchedule(queues, kind, w.id);
  return 'unscheduled';
}

const READ_BATCH = 1000;

/**
 * Every scheduler of the kind's queue with its period, offset and whether its next run's job
 * exists (`client`: the Redis connection of `queues`, i.e. ctx.redis).
 */
export function readSchedules(queues: Queues, client: RedisClient, kind: ScheduleKind): Promise<Map<string, FoundSchedule>> {
  return readQueueSchedules(client, queues.queueOf(kind.job));
}

/** Every scheduler of the queue, read straight from its scheduler set and hashes in pipelined batches. */
export async function readQueueSchedules(client: RedisClient, queue: Queue): Promise<Map<string, FoundSchedule>> {
  const flat = await client.zrange(queue.keys.repeat, 0, -1, 'WITHSCORES');
  const found = new Map<string, FoundSchedule>();
  for (let i = 0; i < flat.length; i += 2 * READ_BATCH) {
    const batch: { id: string; next: string }[] = [];
    for (let j = i; j < Math.min(flat.length, i + 2 * READ_BATCH); j += 2) batch.push({ id: flat[j], next: flat[j + 1] });
    const pipeline = client.pipeline();
    for (const { id, next } of batch) {
      pipeline.hmget(`${queue.keys.repeat}:${id}`, 'every', 'offset');
      pipeline.exists(queue.toKey(`repeat:${id}:${next}`));
    }
    const replies = pipelineReplies(await pipeline.exec());
    batch.forEach(({ id }, k) => {
      const hash = replies[2 * k]?.[1];
      const exists = replies[2 * k + 1]?.[1];
      const [every, offset] = (hash as (string | null)[] | null) ?? [null, null];
      found.set(id, {
        everyMs: Number(every ?? 0),
        offsetMs: offset === null ? null : Number(offset),
        hasNextJob: Number(exists) === 1,
      });
    });
  }
  return found;
}

/** Applies a plan with a bounded number of Redis calls in flight. */
export async function applyReconcilePlan(queues: Queues, kind: ScheduleKind, plan: SchedulePlan, concurrency = 200): Promise<void> {
  const queue = queues.queueOf(kind.job);
  const tasks: (() => Promise<unknown>)[] = [
    ...plan.remove.map((id) => () => queue.removeJobScheduler(id)),
    ...plan.upsert.map((w) => () => upsertSchedule(queues, kind, w)),
  ];
  await runInLanes(tasks, concurrency);
}

/**
 * The one reconciler: makes Redis agree with the rows `loadWanted` returns. Redis is read
 * first, then PostgreSQL, so a row created in between is upserted again (harmless) rather than
 * having its brand-new scheduler removed.
 */
export async function reconcileSchedules(
  queues: Queues,
  client: RedisClient,
  kind: ScheduleKind,
  loadWanted: () => Promise<WantedSchedule[]>,
): Promise<ReconcileResult & { wanted: number }> {
  const actual = await readSchedules(queues, client, kind);
  const wanted = await loadWanted();
  const plan = planReconcile(kind, wanted, actual);
  await applyReconcilePlan(queues, kind, plan);
  return { added: plan.upsert.length, removed: plan.remove.length, wanted: wanted.length };
}
