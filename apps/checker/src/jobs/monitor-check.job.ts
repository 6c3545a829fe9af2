import { createSecretBox, monitoredTiers, outboundPolicy, type Context, type JobHandler, type JobName } from '@vigil/core';
import { createMonitorLoader, shouldCheck } from '../monitors/load-monitors.js';
import { createMaintenanceCalendar } from '../monitors/maintenance-calendar.js';
import { createCheckWriter } from '../persistence/check-writer.js';
import type { GroupCommitOptions } from '../persistence/group-commit.js';
import { probe } from '../probe/probe.js';
import { createProbeClient, type ProbeClientOptions } from '../probe/probe-client.js';

/** Tuning knobs (defaults chosen by bench/checker.bench.ts); the bench varies them. */
export interface MonitorCheckOptions {
  writer?: Partial<GroupCommitOptions>;
  loader?: Partial<GroupCommitOptions>;
  client?: ProbeClientOptions;
}

/**
 * MonitorCheck: load the monitor, skip it when deleted, inactive or paused (a manual check of
 * an active monitor still runs), when its account is deactivated or on a plan without uptime
 * monitoring, or (scheduled checks) while a maintenance window that stops checks covers it; probe, and record the result (batched, at-least-once safe,
 * see recordChecks). Returns the check record (the API answers a manual check with it), the
 * stored one when the job was delivered twice, or null when nothing was checked.
 */
export function monitorCheckJob(ctx: Context, opts: MonitorCheckOptions = {}): JobHandler<JobName.MonitorCheck> {
  const client = createProbeClient(outboundPolicy(ctx.config), opts.client);
  const monitors = createMonitorLoader(ctx.db, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers), opts.loader);
  const writer = createCheckWriter(ctx, opts.writer);
  const maintenance = createMaintenanceCalendar(ctx.db, ctx.clock);
  return async (payload, job) => {
    const manual = payload.manual === true;
    const monitor = await monitors.load(payload.monitorId);
    if (!monitor || !shouldCheck(monitor, manual)) return null;
    // A window with keep_checking false stops scheduled checks; a manual check still runs.
    if (!manual && (await maintenance.stopsChecks(monitor))) return null;
    const result = await probe(client, monitor.target, ctx.clock);
    const outcome = await writer.submit({ monitorId: monitor.id, jobKey: String(job.id), manual, result });
    return outcome.kind === 'skipped' ? null : outcome.check;
  };
}
