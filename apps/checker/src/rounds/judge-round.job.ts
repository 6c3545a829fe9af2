import { accountsWithIncidentChanges, type AlertEventPayload, alertOutboxMessage, bumpStatusVersions, type Context, type JobHandler, type JobName, type JudgeRoundPayload, lockWriterMonitors, newestRoundCheckAt, openIncidentsOf, writeOutbox } from '@vigil/core';
import { applyStates } from '../persistence/apply-states.js';
import { loadMaintenance } from '../persistence/load-maintenance.js';
import { roundEntries } from '../persistence/state-entries.js';
import type { RoundDeadline } from './round-deadlines.js';
import { judgeRounds } from './judge-rounds.js';
import { warnSkippedRegions } from './warn-skipped-regions.js';

/**
 * JudgeRound, at a round's deadline (the outbox path, when Redis could not keep the deadline):
 * judges the round with the regions that answered; see judgeDueRounds.
 */
export function judgeRoundJob(ctx: Context, onOutboxWritten: () => void = () => undefined): JobHandler<JobName.JudgeRound> {
  return ({ monitorId, jobKey }) => judgeRoundAtDeadline(ctx, { monitorId, jobKey }, onOutboxWritten);
}

/** What the JudgeRound job does: finds when the round's checks ran, then judgeDueRounds. */
export async function judgeRoundAtDeadline(ctx: Context, { monitorId, jobKey }: JudgeRoundPayload, onOutboxWritten: () => void = () => undefined): Promise<{ judged: boolean }> {
  const at = await newestRoundCheckAt(ctx.db.manager, { monitorId, jobKey });
  if (!at) return { judged: false };
  return { judged: (await judgeDueRounds(ctx, [{ monitorId, jobKey, at }], onOutboxWritten)) > 0 };
}

/**
 * Judges rounds whose deadline passed with the regions that answered (the others are skipped
 * and named in a warning), unless judged already (all regions answered, or an earlier
 * delivery). One transaction under the monitors' locks for the whole batch: the claims, the
 * state changes and their alert events in the outbox, so a duplicate delivery or a second
 * checker judges nothing twice. Rounds of monitors that are gone, inactive or now in one region
 * only are left alone. Returns how many were judged now.
 */
export async function judgeDueRounds(ctx: Context, due: readonly RoundDeadline[], onOutboxWritten: () => void = () => undefined): Promise<number> {
  if (!due.length) return 0;
  // Evaluated before the transaction: no RRULE is expanded under the monitors' locks.
  const maintenance = await loadMaintenance(ctx.db, due.map((d) => d.monitorId), [ctx.clock.now(), ...due.map((d) => d.at)]);
  const { judged, alerts } = await ctx.db.transaction(async (em) => {
    const locked = await lockWriterMonitors(em, due.map((d) => d.monitorId));
    const monitors = new Map([...locked].filter(([, m]) => m.is_active && m.regions.length > 1));
    const decided = await judgeRounds(em, due.filter((d) => monitors.has(d.monitorId)), monitors, { force: true, now: ctx.clock.now() });
    // A paused monitor's round is judged (claimed) but moves nothing.
    const moving = decided.judged.filter((j) => monitors.get(j.monitorId)?.status !== 'paused');
    const alerts: AlertEventPayload[] = moving.length
      ? await applyStates(em, roundEntries(moving, monitors, maintenance), monitors, await openIncidentsOf(em, [...new Set(moving.map((j) => j.monitorId))]), [])
      : [];
    await writeOutbox(em, alerts.map(alertOutboxMessage));
    return { judged: decided.judged, alerts };
  });
  warnSkippedRegions(ctx, judged);
  await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, accountsWithIncidentChanges(alerts));
  if (alerts.length) onOutboxWritten();
  return judged.length;
}
