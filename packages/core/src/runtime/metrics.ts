import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queues } from '../queue/queues.js';

/** One registry per context, so tests can build many apps in one process. */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobsProcessed: Counter<'queue' | 'job' | 'outcome'>;
  jobDuration: Histogram<'queue' | 'job'>;
  /** Checks started by interval buckets (scheduling/interval-buckets.ts), by outcome. */
  scheduledChecks: Counter<'outcome'>;
  /** How late after its due time a bucket started each check. */
  scheduledCheckLag: Histogram;
}

export function createMetrics(queues: Queues): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'vigil_' });
  new Gauge({
    name: 'vigil_queue_waiting_jobs',
    help: 'Jobs waiting in each queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const depths = await queues.depths().catch(() => null);
      if (depths) for (const [queue, n] of Object.entries(depths)) this.set({ queue }, n);
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'vigil_http_requests_total',
      help: 'HTTP requests by route and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'vigil_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobsProcessed: new Counter({
      name: 'vigil_jobs_processed_total',
      help: 'Jobs processed by queue, job name and outcome',
      labelNames: ['queue', 'job', 'outcome'],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'vigil_job_duration_seconds',
      help: 'Job processing time',
      labelNames: ['queue', 'job'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [registry],
    }),
    scheduledChecks: new Counter({
      name: 'vigil_scheduled_checks_total',
      help: 'Scheduled checks by outcome: checked, skipped (paused, in maintenance, no longer a member) or failed',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    scheduledCheckLag: new Histogram({
      name: 'vigil_scheduled_check_start_lag_seconds',
      help: 'How late after its due time each scheduled check started',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
  };
}
