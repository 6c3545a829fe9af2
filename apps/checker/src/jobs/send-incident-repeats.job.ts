import { monitoredTiers, type Context, type JobHandler, type JobName } from '@vigil/core';
import { sendIncidentRepeats } from '../alerts/send-incident-repeats.js';

/** SendIncidentRepeats (every minute): reminders and escalation steps of open, unacknowledged incidents. */
export function sendIncidentRepeatsJob(ctx: Context): JobHandler<JobName.SendIncidentRepeats> {
  const tiers = monitoredTiers(ctx.config.tiers);
  return async () => {
    const sent = await sendIncidentRepeats(ctx, tiers);
    if (sent.reminders || sent.escalations) ctx.logger.info('sent incident reminders and escalations', sent);
    return sent;
  };
}
