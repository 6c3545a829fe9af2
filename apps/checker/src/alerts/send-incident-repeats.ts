import {
  activeMaintenance,
  alertOutboxMessage,
  incidentsOwingRepeats,
  lockIncidentForRepeats,
  saveRepeatProgress,
  windowsOfAccount,
  writeOutbox,
  type AlertEventPayload,
  type AlertRepeat,
  type Context,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { dueRepeats } from './due-repeats.js';
import { repeatAlertEvent } from './monitor-alert-events.js';

/** Incidents handled per run at most; the rest wait a minute (the query takes the longest open first). */
const BATCH = 500;

/**
 * Sends what open, unacknowledged incidents owe at the clock's now: reminders of the down alert
 * and escalation steps (alert policies). Candidates are found without locks; each is then
 * handled in its own transaction that locks the incident row and reads it again, so an
 * acknowledgement committed first stops it, and one that comes later waits for the commit (the
 * repeat is sent once, the acknowledgement still recorded). The progress (`reminders_sent`,
 * `last_reminder_at`, `escalation_step`) and the AlertEvent jobs are written in that
 * transaction, enqueued before commit with job id = event id (`incident-<id>-reminder-<n>`,
 * `incident-<id>-escalation-<step>`): a crash after the enqueue and before the commit sends
 * the same ids again on the next run, which the queue and the notifier's per-event uniqueness
 * collapse; a crash before the enqueue sends nothing and leaves the progress as it was.
 * Skipped: monitors paused or inactive, accounts deactivated or without uptime monitoring,
 * and monitors a maintenance window covers now (what is owed goes out after the window).
 */
export async function sendIncidentRepeats(ctx: Context, tiers: readonly string[]): Promise<{ reminders: number; escalations: number }> {
  const now = ctx.clock.now();
  const candidates = await incidentsOwingRepeats(ctx.db, now, tiers, BATCH);

  const sent = { reminders: 0, escalations: 0 };
  for (const id of candidates) {
    const events = await ctx.db.transaction((em) => sendForIncident(em, id, now));
    for (const e of events) sent[e.repeat?.kind === 'reminder' ? 'reminders' : 'escalations'] += 1;
  }
  return sent;
}

async function sendForIncident(em: EntityManager, incidentId: number, now: Date): Promise<AlertEventPayload[]> {
  const row = await lockIncidentForRepeats(em, incidentId);
  if (!row || row.status !== 'open' || row.acknowledged_at !== null) return [];

  const windows = await windowsOfAccount(em, row.account_id);
  if (activeMaintenance(windows, { monitorId: row.monitor_id }, now).length > 0) return [];

  const due = dueRepeats(
    { reminderIntervalMinutes: row.reminder_interval_minutes, escalation: row.escalation },
    { startedAt: row.started_at, remindersSent: row.reminders_sent, lastReminderAt: row.last_reminder_at, escalationStep: row.escalation_step },
    now,
  );
  const repeats: AlertRepeat[] = [
    ...(due.reminder ? [{ kind: 'reminder' as const, number: due.reminder.number }] : []),
    ...due.escalations.map((e) => ({ kind: 'escalation' as const, step: e.step, integrationIds: e.integrationIds })),
  ];
  if (!repeats.length) return [];

  const monitor = { id: row.monitor_id, accountId: row.account_id, name: row.name, url: row.url, degradedThresholdMs: row.degraded_threshold_ms };
  const incident = {
    id: row.id,
    cause: row.cause,
    startedAt: row.started_at,
    resolvedAt: null,
    durationSeconds: null,
    affectedChecks: row.affected_checks,
  };
  const events = repeats.map((r) => repeatAlertEvent(monitor, row.monitor_status, incident, r, now));
  const lastStep = due.escalations.length ? due.escalations[due.escalations.length - 1].step : row.escalation_step;
  await saveRepeatProgress(em, row.id, {
    remindersSent: due.reminder?.number ?? row.reminders_sent,
    lastReminderAt: due.reminder?.at ?? row.last_reminder_at,
    escalationStep: lastStep,
  });
  // In the transaction that records the progress: the outbox relay delivers them after commit
  // (event ids as job ids), so a crash or a Redis outage at any instant loses or repeats nothing.
  await writeOutbox(em, events.map(alertOutboxMessage));
  return events;
}
