import type { Job } from 'bullmq';
import { JOB_QUEUE, type JobName, type JobsOfQueue, type QueueName } from './queue-names.js';
import type { JobPayloads, JobResults } from './job-payloads.js';

export type JobHandler<J extends JobName> = (payload: JobPayloads[J], job: Job<JobPayloads[J]>) => Promise<JobResults[J]>;

/** Exactly one handler for every job of queue Q: the compiler checks it, assertHandlers again at boot. */
export type QueueHandlers<Q extends QueueName> = { [J in JobsOfQueue<Q>]: JobHandler<J> };

export function assertHandlers(queue: QueueName, handlers: Record<string, unknown>): void {
  const expected = (Object.keys(JOB_QUEUE) as JobName[]).filter((j) => JOB_QUEUE[j] === queue);
  const missing = expected.filter((j) => typeof handlers[j] !== 'function');
  const extra = Object.keys(handlers).filter((j) => !expected.includes(j as JobName));
  if (missing.length || extra.length) {
    throw new Error(
      `Queue ${queue}: ${missing.length ? `no handler for ${missing.join(', ')}` : ''}${
        missing.length && extra.length ? '; ' : ''
      }${extra.length ? `handlers for jobs of other queues: ${extra.join(', ')}` : ''}`,
    );
  }
}
