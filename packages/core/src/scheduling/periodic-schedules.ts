import type { JobsOptions, Queue } from 'bullmq';
import type { RedisClient } from '../queue/redis-client.js';
import { pipelineReplies } from '../queue/pipeline-replies.js';

/**
 * What every kind of periodic work shares (monitor checks and domain rescans, both in interval
 * buckets, interval-buckets.ts): a row's phase within its period, derived from its id so that
 * rows of one period spread over it and whoever schedules it (the API, a reconciler after Redis
 * lost its data) gets the same phase; its due times (multiples of the period plus the phase);
 * the options of scheduled runs; and the reading of a queue's BullMQ job schedulers.
 */

/** What a row wants: a run every `everyMs`. */
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

const READ_BATCH = 1000;

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
