import { sweepLocationPresence, type Context, type JobHandler, type JobName } from '@vigil/core';

/**
 * SweepLocationPresence (every 15 s): `location.offline` for each private location whose agents
 * have all been silent for its `offline_after_seconds`, once per silence, and `location.online`
 * when one polls again (both through the outbox: `onOutboxWritten` wakes the relay).
 */
export function sweepLocationPresenceJob(ctx: Context, onOutboxWritten: () => void): JobHandler<JobName.SweepLocationPresence> {
  return async () => {
    const outcome = await sweepLocationPresence(ctx, ctx.clock.now());
    if (outcome.offline || outcome.online) {
      onOutboxWritten();
      ctx.logger.info('private locations changed presence', { ...outcome });
    }
    return outcome;
  };
}
