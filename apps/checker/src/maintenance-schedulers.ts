import { JobName, type Context } from '@vigil/core';

/** The periodic maintenance jobs and when they run (cron in UTC, or every N ms). */
export const MAINTENANCE_SCHEDULES: { id: string; job: JobName; every?: number; pattern?: string }[] = [
  { id: 'reconcile-monitor-schedules', job: JobName.ReconcileMonitorSchedules, every: 60_000 },
  { id: 'reconcile-domain-schedules', job: JobName.ReconcileDomainSchedules, every: 60_000 },
  // Reminders and escalation steps of open, unacknowledged incidents (minute resolution).
  { id: 'send-incident-repeats', job: JobName.SendIncidentRepeats, every: 60_000 },
  // Heartbeat deadlines (missed pings, too-slow runs) are found within 15 s.
  { id: 'sweep-heartbeats', job: JobName.SweepHeartbeats, every: 15_000 },
  // Private locations without a polling agent (location.offline / location.online) within 15 s.
  { id: 'sweep-location-presence', job: JobName.SweepLocationPresence, every: 15_000 },
  { id: 'prune-checks', job: JobName.PruneChecks, pattern: '17 3 * * *' },
  { id: 'prune-scans', job: JobName.PruneScans, pattern: '27 3 * * *' },
  { id: 'prune-alert-deliveries', job: JobName.PruneAlertDeliveries, pattern: '37 3 * * *' },
  { id: 'prune-header-checks', job: JobName.PruneHeaderChecks, pattern: '47 3 * * *' },
  { id: 'prune-audit-log', job: JobName.PruneAuditLog, pattern: '57 3 * * *' },
  // Daily: verified DNS claims whose TXT record is gone lapse after VIGIL_DOMAIN_REVERIFY_GRACE_DAYS.
  { id: 'reverify-domains', job: JobName.ReverifyDomains, pattern: '13 4 * * *' },
  // Hourly, so a week of partitions ahead survives a long outage of every checker.
  { id: 'ensure-check-partitions', job: JobName.EnsureCheckPartitions, every: 3_600_000 },
  // Daily, so a missed month end (outage, deploy) is invoiced the next day; the job is idempotent.
  { id: 'generate-invoices', job: JobName.GenerateInvoices, pattern: '5 0 * * *' },
];

/**
 * Creates each maintenance scheduler only when it is missing or its timing changed, so a
 * restart (or ten replicas starting at once) does not reset their timing.
 */
export async function ensureMaintenanceSchedulers(ctx: Context): Promise<void> {
  for (const s of MAINTENANCE_SCHEDULES) {
    const queue = ctx.queues.queueOf(s.job);
    const existing = await queue.getJobScheduler(s.id);
    const same = existing && (s.every ? Number(existing.every) === s.every : existing.pattern === s.pattern);
    if (same) continue;
    await queue.upsertJobScheduler(s.id, s.every ? { every: s.every } : { pattern: s.pattern, tz: 'UTC' }, {
      name: s.job,
      data: {},
      opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
    });
  }
}
