import { monitoredTiers, type Context, type JobHandler, type JobName } from '@vigil/core';
import { dueHeartbeats, recordPing, sweepMonitor } from '../heartbeats/record-heartbeat.js';

/** Monitors a sweep takes per query, and queries per run (a backlog is finished by the next run). */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 10;
/** Missed deadlines recorded per monitor and sweep (a checker fleet down for a day records this many, not thousands). */
export const MAX_LATE_PER_SWEEP = 10;

/** HeartbeatPing: judge a ping the API accepted and record its check. */
export function heartbeatPingJob(ctx: Context, onOutboxWritten: () => void): JobHandler<JobName.HeartbeatPing> {
  const tiers = monitoredTiers(ctx.config.tiers);
  return async (payload) => {
    const { recorded, alerts } = await recordPing(ctx.db, tiers, payload);
    if (alerts) onOutboxWritten();
    return { recorded };
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
        if (swept.alerts) onOutboxWritten();
      }
    }
    if (checks) ctx.logger.info('heartbeat sweep recorded failures', { monitors, checks });
    return { monitors, checks };
  };
}
