import type { JobsOptions } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { QueueName } from '../queue/queue-names.js';
import type { Queues } from '../queue/queues.js';
import { withTimeout } from '../time/with-timeout.js';
import { relayScheduleChanges } from './schedule-changes.js';

export interface OutboxRelayOptions {
  /** How often the relay looks for messages nobody woke it for (another process's, a failed pass). */
  pollMs: number;
  /** Messages moved per transaction; entities whose schedule changes are applied per batch. */
  batch: number;
  /** A BullMQ add (or one entity's schedule change) that takes longer fails the pass (the messages stay and are relayed later). */
  enqueueTimeoutMs: number;
  /** How long relayed messages are kept, to be relayed again if Redis loses its data (replay). */
  keepMs: number;
  /**
   * How old a schedule change must be before a pass (polling or woken) applies it: the request
   * that wrote it applies it itself right after its commit, and the relay is for when that
   * failed. Younger ones left alone keep the relay from racing those applies (and making them
   * wait on its locks). relayNow() takes every change.
   */
  scheduleGraceMs: number;
}

export const OUTBOX_RELAY_DEFAULTS: OutboxRelayOptions = { pollMs: 1_000, batch: 500, enqueueTimeoutMs: 5_000, keepMs: 15 * 60_000, scheduleGraceMs: 5_000 };

/** Relayed messages older than keepMs are deleted at most this often. */
const PRUNE_EVERY_MS = 60_000;

export interface OutboxRelay {
  /** Starts polling (a pass every pollMs). */
  start(): void;
  /** Asks for a pass as soon as possible (after a commit that wrote messages, after Redis came back). */
  wake(): void;
  /** Runs passes until the outbox is empty; resolves with how many messages moved (and entities rescheduled). Rejects on failure. */
  relayNow(): Promise<number>;
  /**
   * Marks the messages relayed in the last keepMs as not relayed, and wakes the relay: after
   * Redis lost its data, jobs it held but no worker had finished are added again (their
   * consumers are idempotent per job id: the notifier's fan-out per event id).
   */
  replay(): Promise<number>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

interface Row {
  id: string;
  queue: string;
  job_name: string;
  job_id: string;
  payload: unknown;
  options: JobsOptions;
}

const QUEUES = new Set<string>(Object.values(QueueName));
const isQueueName = (q: string): q is QueueName => QUEUES.has(q);

/**
 * Moves one batch from the outbox to BullMQ: locks the oldest messages not relayed yet that no
 * other relay holds (`FOR UPDATE SKIP LOCKED`, so relays of several processes share the work),
 * adds them with their job ids, then marks them relayed, in one transaction. If the add fails
 * the transaction rolls back and the messages stay; if the process dies after the add, they are
 * added again later and BullMQ ignores an add whose job id exists (and the notifier's fan-out
 * is idempotent per event id after that job is gone).
 */
export async function relayOutboxBatch(db: DataSource, queues: Queues, opts: Pick<OutboxRelayOptions, 'batch' | 'enqueueTimeoutMs'>): Promise<number> {
  return db.transaction(async (em) => {
    const rows = await em.query<Row[]>(
      `SELECT id, queue, job_name, job_id, payload, options FROM outbox WHERE relayed_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [opts.batch],
    );
    if (!rows.length) return 0;
    const byQueue = new Map<QueueName, Row[]>();
    for (const row of rows) {
      if (!isQueueName(row.queue)) throw new Error(`Outbox message ${row.id} names an unknown queue ${row.queue}`);
      byQueue.set(row.queue, [...(byQueue.get(row.queue) ?? []), row]);
    }
    const adds = [...byQueue].map(([queue, list]) =>
      queues.queue(queue).addBulk(list.map((r) => ({ name: r.job_name, data: r.payload, opts: { ...r.options, jobId: r.job_id } }))),
    );
    await withTimeout(Promise.all(adds), opts.enqueueTimeoutMs, 'Outbox relay: adding jobs timed out');
    await em.query(`UPDATE outbox SET relayed_at = now() WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
    return rows.length;
  });
}

/** What a relay works with: `config.knownRegions` are the regions schedule changes visit besides those seen reporting. */
export interface OutboxRelayDeps {
  db: DataSource;
  queues: Queues;
  logger: Logger;
  config: Pick<Config, 'knownRegions' | 'agentRegions'>;
}

/**
 * The relay loop of one process: a pass when woken and every pollMs; a pass runs batches until
 * the outbox is empty: the jobs of `outbox`, then the changes of `schedule_outbox` (applied to
 * Redis from the rows' current state, schedule-changes.ts), each even when the other fails.
 * Failures (Redis or PostgreSQL down) are logged once when they start and once when relaying
 * works again, never per attempt.
 */
export function createOutboxRelay(deps: OutboxRelayDeps, options: Partial<OutboxRelayOptions> = {}): OutboxRelay {
  const opts = { ...OUTBOX_RELAY_DEFAULTS, ...options };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let failing = false;
  let prunedAt: number | undefined;

  const schedules = { db: deps.db, queues: deps.queues, regions: deps.config.knownRegions, agentRegions: deps.config.agentRegions, timeoutMs: opts.enqueueTimeoutMs };
  const untilEmpty = async (batch: () => Promise<number>): Promise<number> => {
    let moved = 0;
    for (;;) {
      const n = await batch();
      moved += n;
      if (n < opts.batch) return moved;
    }
  };

  const drain = async (graceMs: number): Promise<number> => {
    const [jobs, rescheduled] = await Promise.allSettled([
      untilEmpty(() => relayOutboxBatch(deps.db, deps.queues, opts)),
      untilEmpty(() => relayScheduleChanges(schedules, opts.batch, graceMs)),
    ]);
    if (jobs.status === 'rejected') throw jobs.reason;
    if (rescheduled.status === 'rejected') throw rescheduled.reason;
    const moved = jobs.value + rescheduled.value;
    if (prunedAt === undefined || performance.now() - prunedAt >= PRUNE_EVERY_MS) {
      await deps.db.query(`DELETE FROM outbox WHERE relayed_at < now() - make_interval(secs => $1)`, [opts.keepMs / 1000]);
      prunedAt = performance.now();
    }
    return moved;
  };

  const pass = (graceMs = opts.scheduleGraceMs): Promise<number> => {
    running = drain(graceMs)
      .then((moved) => {
        if (failing) deps.logger.info('outbox relay working again', { moved });
        failing = false;
        return moved;
      })
      .catch((e: unknown) => {
        if (!failing) deps.logger.warn('outbox relay failing; messages kept until it works again', { error: (e as Error).message });
        failing = true;
        throw e;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pass().catch(() => undefined);
        }
      });
    return running;
  };

  const wake = () => {
    if (running) again = true;
    else pass().catch(() => undefined);
  };

  return {
    start() {
      timer ??= setInterval(wake, opts.pollMs);
      timer.unref();
      wake();
    },
    wake,
    async relayNow() {
      while (running) await running.catch(() => undefined);
      return pass(0);
    },
    async replay() {
      const [{ n }] = await deps.db.query<{ n: number }[]>(
        `WITH again AS (UPDATE outbox SET relayed_at = NULL WHERE relayed_at >= now() - make_interval(secs => $1) RETURNING 1)
         SELECT count(*)::int AS n FROM again`,
        [opts.keepMs / 1000],
      );
      wake();
      return n;
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      again = false;
      await running?.catch(() => undefined);
    },
  };
}
