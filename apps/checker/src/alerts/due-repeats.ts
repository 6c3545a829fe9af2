import type { EscalationStep } from '@vigil/core';

export interface AlertPolicy {
  reminderIntervalMinutes: number | null;
  escalation: readonly EscalationStep[];
}

/** What an open, unacknowledged incident has sent beyond its down alert. */
export interface RepeatProgress {
  startedAt: Date;
  remindersSent: number;
  lastReminderAt: Date | null;
  /** Escalation steps sent so far (steps are numbered from 1). */
  escalationStep: number;
}

export interface DueRepeats {
  /** The reminder due now (its number, and the time to record as sent), or null. */
  reminder: { number: number; at: Date } | null;
  /** The escalation steps due now (1-based, ascending), each with its integrations. */
  escalations: { step: number; integrationIds: number[] }[];
}

const MINUTE_MS = 60_000;

/**
 * The reminders and escalation steps an open, unacknowledged incident owes at `now`. Pure.
 * - A reminder is due `reminder_interval_minutes` after the previous reminder (the first after
 *   the incident opened, when its down alert went out). It is recorded at its due time, so the
 *   cadence does not drift with the job's phase; one at most per call: after an outage of the
 *   job (more than an interval late) it is recorded at `now`, so the next comes an interval
 *   later (no burst).
 * - Escalation step k is due `after_minutes` after the incident opened; every step not sent yet
 *   whose time has come is due (after an outage of the job they go out together, in order).
 */
export function dueRepeats(policy: AlertPolicy, progress: RepeatProgress, now: Date): DueRepeats {
  let reminder: DueRepeats['reminder'] = null;
  if (policy.reminderIntervalMinutes !== null) {
    const interval = policy.reminderIntervalMinutes * MINUTE_MS;
    const due = (progress.lastReminderAt ?? progress.startedAt).getTime() + interval;
    if (now.getTime() >= due) {
      reminder = { number: progress.remindersSent + 1, at: now.getTime() < due + interval ? new Date(due) : now };
    }
  }
  const escalations = policy.escalation
    .map((s, i) => ({ step: i + 1, integrationIds: s.integration_ids, at: progress.startedAt.getTime() + s.after_minutes * MINUTE_MS }))
    .filter((s) => s.step > progress.escalationStep && now.getTime() >= s.at)
    .map(({ step, integrationIds }) => ({ step, integrationIds }));
  return { reminder, escalations };
}
