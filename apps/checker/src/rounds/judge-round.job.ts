import { accountsWithIncidentChanges, bumpStatusVersions, writeOutbox, type Context, type JobHandler, type JobName, type JudgeRoundPayload } from '@vigil/core';
import { alertOutboxMessage, applyStates, lockMonitors, openIncidentsOf, roundEntries } from '../persistence/record-checks.js';
import { judgeRounds } from './round-store.js';
import { warnSkippedRegions } from './warn-skipped-regions.js';

/**
 * JudgeRound, at a round's deadline: judges the round with the regions that answered (the
 * others are skipped and named in a warning), unless it was judged already (all regions
 * answered, or an earlier delivery of this job). In one transaction under the monitor's lock:
 * the claim, the state change and its alert events in the outbox, so a duplicate delivery or a
 * second checker judges nothing twice.
 */
export function judgeRoundJob(ctx: Context, onOutboxWritten: () => void = () => undefined): JobHandler<JobName.JudgeRound> {
  return ({ monitorId, jobKey }) => judgeRoundAtDeadline(ctx, { monitorId, jobKey }, onOutboxWritten);
}

/** What the JudgeRound job does (see judgeRoundJob). */
export async function judgeRoundAtDeadline(ctx: Context, { monitorId, jobKey }: JudgeRoundPayload, onOutboxWritten: () => void = () => undefined): Promise<{ judged: boolean }> {
  const { judged, alerts } = await ctx.db.transaction(async (em) => {
    const monitors = await lockMonitors(em, [monitorId]);
    const monitor = monitors.get(monitorId);
    if (!monitor?.is_active) return { judged: [], alerts: [] };
    const newest = (await em.query(`SELECT max(checked_at) AS at FROM checks WHERE monitor_id = $1 AND job_key = $2`, [monitorId, jobKey])) as { at: Date | null }[];
    const at = newest[0]?.at;
    if (!at) return { judged: [], alerts: [] };
    const decided = await judgeRounds(em, [{ monitorId, jobKey, at }], monitors, { force: true, now: ctx.clock.now() });
    const alerts: Parameters<typeof applyStates>[4] = [];
    if (decided.judged.length && monitor.status !== 'paused') {
      await applyStates(em, await roundEntries(em, decided.judged, monitors), monitors, await openIncidentsOf(em, [monitorId]), alerts, []);
    }
    await writeOutbox(em, alerts.map(alertOutboxMessage));
    return { judged: decided.judged, alerts };
  });
  warnSkippedRegions(ctx, judged);
  await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, accountsWithIncidentChanges(alerts));
  if (alerts.length) onOutboxWritten();
  return { judged: judged.length > 0 };
}
