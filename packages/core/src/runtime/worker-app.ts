import { Worker, type ConnectionOptions, type Job, type WorkerOptions } from 'bullmq';
import type { RedisClient } from '../queue/redis-client.js';
import type { Context } from './context.js';
import type { AppProcess } from './app-process.js';
import { HealthServer } from './health-server.js';
import { isDeferral } from '../queue/defer-job.js';
import { assertHandlers, type QueueHandlers } from '../queue/job-handlers.js';
import { QUEUE_OWNERS, type WorkerAppName } from '../queue/queue-names.js';
import { createRedisConnection } from '../queue/redis-connection.js';
import { holdLogContext, logContext, quietLogContextWhenIdle } from '../logging/request-context.js';
import { logConnectionError } from '../dependencies/log-connection-error.js';
import { classifyOutage } from '../dependencies/classify-outage.js';

/** Runs a job with `jobId` as its log context, held (holdLogContext) until the job ends. */
export async function withLogContext<T>(jobId: string, task: () => Promise<T>): Promise<T> {
  const release = holdLogContext();
  try {
    return await logContext.run({ jobId }, task);
  } finally {
    release();
  }
}

type OwnedQueues<A extends WorkerAppName> = (typeof QUEUE_OWNERS)[A][number];

export type WorkerHandlers<A extends WorkerAppName> = { [Q in OwnedQueues<A>]: QueueHandlers<Q> };

/** How fast a job of a dead worker is taken back (BullMQ's defaults: 30 s lock, 30 s stalled checks). */
export type StalledJobOptions = Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'>;

export interface WorkerAppOptions<A extends WorkerAppName> {
  app: A;
  handlers: WorkerHandlers<A>;
  concurrency: number;
  /** Per-queue lock and stalled-job settings; BullMQ's defaults where absent. */
  stalledJobs?: Partial<Record<OwnedQueues<A>, StalledJobOptions>>;
  /** Per-queue advanced settings, e.g. a custom backoff strategy (the notifier's Retry-After). */
  settings?: Partial<Record<OwnedQueues<A>, WorkerOptions['settings']>>;
  healthPort: number;
  /**
   * The BullMQ queue a logical queue is consumed from, where it is not the queue's own name
   * (a checker consumes its region's check queue, see checkQueueOf).
   */
  queueNames?: Partial<Record<OwnedQueues<A>, string>>;
  /** The BullMQ prefixes a queue is consumed under, one Worker each, where not just VIGIL_REDIS_PREFIX (the shards of a check queue). */
  prefixes?: Partial<Record<OwnedQueues<A>, string[]>>;
  /**
   * Queues whose jobs run without the per-job log context (the job id on every line they log,
   * through `logContext`, an AsyncLocalStorage). Before Node 24 an AsyncLocalStorage in use runs
   * a promise hook for every promise the process makes, whatever job it belongs to: for a queue of
   * many short jobs (the checks), whose lines name what they concern themselves. While no job
   * with a context runs, this app turns the storage off again (see `withLogContext`).
   */
  withoutLogContext?: readonly OwnedQueues<A>[];
  /** Runs after the workers are up (e.g. register maintenance schedulers). */
  onStarted?: () => Promise<void>;
  /** Runs after the workers have stopped taking jobs. */
  onStopping?: () => Promise<void>;
}

/**
 * A worker app: one BullMQ Worker per owned queue, each dispatching by job name to exactly
 * one handler (checked at boot), plus the health server. stop() lets current jobs finish,
 * bounded by VIGIL_SHUTDOWN_TIMEOUT_MS.
 */
export function createWorkerApp<A extends WorkerAppName>(ctx: Context, opts: WorkerAppOptions<A>): AppProcess & {
  workers: () => Worker[];
  healthPort: () => number | undefined;
} {
  const workers: Worker[] = [];
  // BullMQ does not close a connection it was handed; we close ours after the workers.
  const connections: RedisClient[] = [];
  const health = new HealthServer(ctx, opts.app, opts.healthPort);
  let boundPort: number | undefined;
  const queues = QUEUE_OWNERS[opts.app] as readonly OwnedQueues<A>[];
  // An app with queues run without the log context turns the storage off while no context is held.
  if ((opts.withoutLogContext?.length ?? 0) > 0) quietLogContextWhenIdle();

  const ownConnection = () => {
    const c = createRedisConnection(ctx.config.redis, 'worker');
    connections.push(c);
    return c;
  };

  return {
    name: opts.app,
    workers: () => workers,
    healthPort: () => boundPort,
    async start() {
      for (const queue of queues) assertHandlers(queue, opts.handlers[queue] as Record<string, unknown>);
      for (const queue of queues) {
        const handlers = opts.handlers[queue] as Record<string, (data: unknown, job: Job) => Promise<unknown>>;
        const inContext = !opts.withoutLogContext?.includes(queue);
        for (const prefix of opts.prefixes?.[queue] ?? [ctx.config.redisPrefix]) {
          const worker = new Worker(
            opts.queueNames?.[queue] ?? queue,
            async (job: Job) => {
              const handler = handlers[job.name];
              if (!handler) throw new Error(`No handler for job ${job.name} on queue ${queue}`);
              const end = ctx.metrics.jobDuration.startTimer({ queue, job: job.name });
              try {
                const result = inContext
                  ? await withLogContext(`${queue}:${job.id}`, () => handler(job.data, job))
                  : await handler(job.data, job);
                ctx.metrics.jobsProcessed.inc({ queue, job: job.name, outcome: 'completed' });
                return result;
              } catch (e) {
                ctx.metrics.jobsProcessed.inc({ queue, job: job.name, outcome: isDeferral(e) ? 'deferred' : 'failed' });
                throw e;
              } finally {
                end();
              }
            },
            {
              connection: ownConnection() as ConnectionOptions,
              prefix,
              concurrency: opts.concurrency,
              autorun: true,
              ...opts.stalledJobs?.[queue],
              settings: opts.settings?.[queue],
            },
          );
          // A job whose worker died (or stopped renewing its lock) goes back to waiting: say so.
          worker.on('stalled', (jobId) => ctx.logger.warn('stalled job taken back for another run', { queue, jobId }));
          // A job failed by an outage is already told by the DependencyWatch's one line.
          worker.on('failed', (job, err) =>
            ctx.logger.log(classifyOutage(err) ? 'debug' : 'warn', 'job failed', { queue, job: job?.name, jobId: job?.id, error: err.message }),
          );
          worker.on('error', (err) => logConnectionError(ctx.logger, err, { worker: queue }));
          workers.push(worker);
        }
      }
      await Promise.all(workers.map((w) => w.waitUntilReady()));
      boundPort = await health.listen();
      await opts.onStarted?.();
      ctx.logger.info('worker app started', { app: opts.app, queues, healthPort: boundPort });
    },
    async stop() {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), ctx.config.shutdownTimeoutMs).unref();
      });
      // pause() stops fetching and waits for active jobs. (A second close() returns the first
      // one's promise, so a graceful close could never be forced later: hence pause first.)
      const graceful = Promise.all(workers.map((w) => w.pause())).then(() => 'done' as const);
      const timedOut = (await Promise.race([graceful, deadline])) === 'timeout';
      clearTimeout(timer);
      if (timedOut) ctx.logger.warn('shutdown deadline passed; abandoning active jobs to other workers', { app: opts.app });
      await Promise.all(workers.map((w) => w.close(timedOut)));
      await opts.onStopping?.();
      await health.close();
      // disconnect, not quit: after a forced close a QUIT can wait on commands that never finish.
      for (const c of connections) c.disconnect();
      connections.length = 0;
      workers.length = 0;
      ctx.logger.info('worker app stopped', { app: opts.app });
    },
  };
}
