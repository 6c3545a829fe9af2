import {
  HEARTBEAT_PINGS_PER_JOB,
  JobName,
  accountsWithIncidentChanges,
  bumpStatusVersions,
  monitoredTiers,
  type AlertEventPayload,
  type Context,
  type HeartbeatPingPayload,
  type JobHandler,
} from '@vigil/core';
import { dueHeartbeats, sweepMonitor, type RecordedHeartbeat } from '../heartbeats/record-heartbeat.js';
import { recordPings } from '../heartbeats/record-pings.js';
import { GroupCommit, type GroupCommitOptions } from '../persistence/group-commit.js';

/** Monitors a sweep takes per query, and queries per run (a backlog is finished by the next run). */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 10;
/** Missed deadlines recorded per monitor and sweep (a checker fleet down for a day records this many, not thousands). */
export const MAX_LATE_PER_SWEEP = 10;

/**
 * After a commit that wrote alert events: the outbox relay woken, and the status pages of the
 * accounts whose incidents opened or resolved rebuilt on their next request (as the check
 * writer does for probed checks; before, a heartbeat incident waited for the page cache to expire).
 */
async function afterAlerts(ctx: Context, alerts: AlertEventPayload[], onOutboxWritten: () => void): Promise<void> {
  if (!alerts.length) return;
  onOutboxWritten();
  await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, accountsWithIncidentChanges(alerts));
}

/**
 * Pings recorded together: those of the jobs running at once (worker concurrency) go in one
 * transaction (recordPings), a whole HeartbeatPings job's at most; one waiting alone goes after
 * at most 2 ms. Two batches at most at a time: their locks are taken in id order, so they wait
 * on each other, never deadlock.
 */
const PING_BATCHING: GroupCommitOptions = { maxBatch: HEARTBEAT_PINGS_PER_JOB, maxDelayMs: 2, maxInFlight: 2 };

export interface HeartbeatPingJobs {
  /** A batch the API accepted in one turn: each ping judged and recorded; the job fails (and is retried) when one of them failed. */
  [JobName.HeartbeatPings]: JobHandler<JobName.HeartbeatPings>;
  /** One ping per job, as APIs before the batches queued them. */
  [JobName.HeartbeatPing]: JobHandler<JobName.HeartbeatPing>;
}

/**
 * The handlers of the pings the API accepted, sharing one group commit: each ping judged and its
 * check recorded with the pings judged at the same time. A batch delivered again records none of
 * its pings twice (each keeps its id), so retrying a batch for the one ping that failed is safe.
 */
export function heartbeatPingJobs(ctx: Context, onOutboxWritten: () => void, batching: GroupCommitOptions = PING_BATCHING): HeartbeatPingJobs {
  const tiers = monitoredTiers(ctx.config.tiers);
  const pings = new GroupCommit<HeartbeatPingPayload, RecordedHeartbeat>(async (batch) => {
    const { outcomes, alerts } = await recordPings(ctx.db, tiers, batch, ctx.logger);
    await afterAlerts(ctx, alerts, onOutboxWritten);
    return outcomes;
  }, batching);
  return {
    [JobName.HeartbeatPings]: async ({ pings: batch }) => {
      const settled = await Promise.allSettled(batch.map((p) => pings.submit(p)));
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      return { recorded: settled.filter((s) => s.status === 'fulfilled' && s.value.recorded).length };
    },
    [JobName.HeartbeatPing]: async (payload) => ({ recorded: (await pings.submit(payload)).recorded }),
  };
}

/**
 * SweepHeartbeats (every 15 s): a failure check for every deadline that passed without a ping
 * and every run that outlived max_duration, each exactly once whichever checker sweeps (the
 * monitor's row lock and the state it moves decide).
 */
export function sweepHeartbeatsJob(ctx: Context, onOutboxWritten: () => void): JobHandler<JobName.SweepHeartbeats> {
  const tiers = monitoredTiers(ctx.config.tiers);
  return async () => {
    const now = ctx.clock.now();
    let monitors = 0;
    let checks = 0;
    const seen = new Set<number>();
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const ids = (await dueHeartbeats(ctx.db, tiers, now, SWEEP_BATCH)).filter((id) => !seen.has(id));
      if (!ids.length) break;
      for (const id of ids) {
        seen.add(id);
        const swept = await sweepMonitor(ctx.db, tiers, id, now, MAX_LATE_PER_SWEEP);
        monitors++;
        checks += swept.checks;
        await afterAlerts(ctx, swept.alerts, onOutboxWritten);
      }
    }
    if (checks) ctx.logger.info('heartbeat sweep recorded failures', { monitors, checks });
    return { monitors, checks };
  };
}
