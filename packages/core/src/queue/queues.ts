import { Queue, QueueEvents, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { RedisClient } from './redis-client.js';
import type { Logger } from '../logging/logger.js';
import { logConnectionError } from '../dependencies/log-connection-error.js';
import { closeRedisConnection } from './redis-connection.js';
import { shardOfBucket, shardPrefix } from '../scheduling/queue-shards.js';
import type { IntervalBucket } from '../scheduling/interval-buckets.js';
import { JOB_QUEUE, type JobName, QueueName } from './queue-names.js';
import type { JobPayloads, JobResults } from './job-payloads.js';
import { checkQueueOf, type CheckQueueName } from '../regions/region-names.js';
import { UnavailableError } from '../errors/errors.js';

/**
 * A queue asked for after Queues.close(): work that outlived its app (503 should it ever reach a
 * client). Opening the queue anyway would start BullMQ's handshake on a connection being closed,
 * whose failure BullMQ leaves unhandled (docs/decisions.md, "The checker after Redis lost its data").
 */
export class QueuesClosedError extends UnavailableError {
  constructor(readonly queue: string) {
    super('Service unavailable', { reason: `queue ${queue} asked for after the queues were closed` });
  }
}

/**
 * One Queue (and at most one QueueEvents) per queue name per process, created on first use
 * and shared by every request: never a Queue object per request.
 */
export class Queues {
  /** By name; a shard of a check queue other than shard 0 by `<name>@<shard>`. */
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<QueueName | CheckQueueName, QueueEvents>();
  /** The connections made for QueueEvents: BullMQ duplicates them again and never closes ours. */
  private readonly eventConnections: RedisClient[] = [];
  private closed = false;

  /**
   * `connection`: the fail-fast command connection every Queue shares; `blockingConnection`
   * makes a connection for each QueueEvents (it blocks on XREAD, so it must neither time out
   * nor give up while Redis is away).
   */
  constructor(
    /** Also for the keys beside a queue's (interval buckets' members). */
    readonly connection: RedisClient,
    readonly prefix: string,
    private readonly blockingConnection: () => RedisClient,
    private readonly logger: Logger,
    /** Shards of each check queue (VIGIL_QUEUE_SHARDS; see scheduling/queue-shards.ts). */
    readonly shards = 1,
  ) {}

  queue(name: QueueName | CheckQueueName): Queue {
    return this.queueOn(name, 0);
  }

  private queueOn(name: QueueName | CheckQueueName, shard: number): Queue {
    const key = shard === 0 ? name : `${name}@${shard}`;
    let queue = this.queues.get(key);
    if (!queue) {
      if (this.closed) throw new QueuesClosedError(key);
      queue = new Queue(name, {
        connection: this.connection as ConnectionOptions,
        prefix: shardPrefix(this.prefix, shard),
        defaultJobOptions: { removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 86_400 } },
      });
      queue.on('error', (e) => logConnectionError(this.logger, e, { queue: key }));
      // Each job run() waits on (Job.waitUntilFinished) holds a 'closing' listener on its Queue
      // until the job ends or its wait times out: as many as requests waiting on a worker (manual
      // checks, test deliveries), not a leak; Node's default of 10 warned under load.
      queue.setMaxListeners(0);
      this.queues.set(key, queue);
      // BullMQ keeps a failed handshake for good: every later call on that Queue fails with it
      // (and its job-scheduler calls never settle). A queue opened at the instant the connection
      // dropped is forgotten, so the next use opens a new one and the process heals by itself.
      const opened = queue;
      opened.waitUntilReady().catch(() => {
        if (this.queues.get(key) !== opened) return;
        this.queues.delete(key);
        opened.close().catch(() => undefined);
      });
    }
    return queue;
  }

  queueOf<J extends JobName>(job: J): Queue {
    return this.queue(JOB_QUEUE[job]);
  }

  /** A shard of the check queue of a region (the default region's is the Checks queue itself); shard 0 takes one-off checks. */
  checkQueue(region: string, shard = 0): Queue {
    return this.queueOn(checkQueueOf(region), shard);
  }

  /** The shard of the region's check queue that holds the bucket. */
  bucketQueue(region: string, b: IntervalBucket): Queue {
    return this.checkQueue(region, shardOfBucket(b, this.shards));
  }

  /** The BullMQ prefixes of the check queue's shards, shard 0 first. */
  checkQueuePrefixes(): string[] {
    return Array.from({ length: this.shards }, (_, s) => shardPrefix(this.prefix, s));
  }

  add<J extends JobName>(job: J, payload: JobPayloads[J], opts?: JobsOptions) {
    return this.queueOf(job).add(job, payload, opts);
  }

  addBulk<J extends JobName>(job: J, items: { payload: JobPayloads[J]; opts?: JobsOptions }[]) {
    return this.queueOf(job).addBulk(items.map((i) => ({ name: job, data: i.payload, opts: i.opts })));
  }

  /**
   * Adds a job (to `on`: a region's check queue; its own queue by default) and waits for its
   * result; resolves `undefined` when the deadline passes first.
   */
  async run<J extends JobName>(
    job: J,
    payload: JobPayloads[J],
    timeoutMs: number,
    opts?: JobsOptions,
    on: QueueName | CheckQueueName = JOB_QUEUE[job],
  ): Promise<{ jobId: string; result: JobResults[J] | undefined }> {
    const events = await this.queueEvents(on);
    const added = await this.queue(on).add(job, payload, opts);
    try {
      const result = (await added.waitUntilFinished(events, timeoutMs)) as JobResults[J];
      return { jobId: String(added.id), result };
    } catch (e) {
      if (/timed out/i.test((e as Error).message)) return { jobId: String(added.id), result: undefined };
      throw e;
    }
  }

  private async queueEvents(name: QueueName | CheckQueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      if (this.closed) throw new QueuesClosedError(name);
      const connection = this.blockingConnection();
      this.eventConnections.push(connection);
      events = new QueueEvents(name, {
        connection: connection as ConnectionOptions,
        prefix: this.prefix,
      });
      events.on('error', (e) => logConnectionError(this.logger, e, { queueEvents: name }));
      this.events.set(name, events);
      await events.waitUntilReady();
    }
    return events;
  }

  /** Waiting-job counts of every queue, for /metrics (the check queue's over all its shards). */
  async depths(): Promise<Record<QueueName, number>> {
    const waiting = async (name: QueueName) => {
      const counts = await Promise.all(Array.from({ length: name === QueueName.Checks ? this.shards : 1 }, (_, s) => this.queueOn(name, s).getWaitingCount()));
      return counts.reduce((a, b) => a + b, 0);
    };
    const entries = await Promise.all(Object.values(QueueName).map(async (name) => [name, await waiting(name)] as const));
    return Object.fromEntries(entries) as Record<QueueName, number>;
  }

  /** Closes every queue; from then on a queue not open yet is refused (QueuesClosedError), never opened on a closing connection. */
  async close(): Promise<void> {
    this.closed = true;
    const events = [...this.events.values()];
    const queues = [...this.queues.values()];
    this.events.clear();
    this.queues.clear();
    await Promise.all(events.map((e) => e.close()));
    await Promise.all(queues.map((q) => q.close()));
    await Promise.all(this.eventConnections.splice(0).map(closeRedisConnection));
  }
}
