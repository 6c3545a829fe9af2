import type { EntityManager } from 'typeorm';
import type { AlertEventPayload } from '../queue/alert-events.js';
import { JOB_QUEUE, JobName } from '../queue/queue-names.js';
import type { JobPayloads } from '../queue/job-payloads.js';

/** The job options an outbox message may carry (what survives a trip through JSON). */
export interface OutboxJobOptions {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  /** Run no earlier than this many ms after the relay adds it (a round's deadline). */
  delay?: number;
}

/**
 * One job to add to BullMQ once the transaction that decided it has committed. `jobId` is
 * required: it is what makes a second relay of the same message (a crash between the add and
 * the delete, two relays racing) collapse into one job.
 */
export type OutboxMessage = {
  [J in JobName]: { job: J; payload: JobPayloads[J]; jobId: string; options?: OutboxJobOptions };
}[JobName];

/** Writes messages in the caller's transaction (one statement); the relay moves them to BullMQ. */
export async function writeOutbox(em: EntityManager, messages: readonly OutboxMessage[]): Promise<void> {
  if (!messages.length) return;
  await em.query(
    `INSERT INTO outbox (queue, job_name, job_id, payload, options)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[])`,
    [
      messages.map((m) => JOB_QUEUE[m.job]),
      messages.map((m) => m.job),
      messages.map((m) => m.jobId),
      messages.map((m) => JSON.stringify(m.payload)),
      messages.map((m) => JSON.stringify(m.options ?? {})),
    ],
  );
}

/** An alert event as an outbox message: the event id is the job id, so relaying it twice adds one job. */
export function alertOutboxMessage(alert: AlertEventPayload): OutboxMessage {
  return { job: JobName.AlertEvent, payload: alert, jobId: alert.eventId, options: { attempts: 5, backoff: { type: 'exponential', delay: 1_000 } } };
}
