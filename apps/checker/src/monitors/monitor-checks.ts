import { createSecretBox, monitoredTiers, outboundPolicy, type CheckResult, type Context, type IntervalBucket } from '@vigil/core';
import { createMonitorLoader, shouldCheck, type MonitorLoader, type MonitorLoaderOptions } from './load-monitors.js';
import { createCheckWriter, type CheckWriter, type CheckWriterOptions } from '../persistence/check-writer.js';
import { createMaintenanceCalendar } from './maintenance-calendar.js';
import { probeWith } from '../probe/prober.js';
import { createProbers, type ProberOptions } from '../probe/probers/index.js';
import { createLiveRegions } from '../rounds/live-regions.js';
import { ROUND_DEADLINE_MARGIN_MS } from '../rounds/judge-rounds.js';

/** Tuning knobs (defaults chosen by bench/checker.bench.ts); the bench varies them. */
export interface MonitorCheckOptions {
  writer?: Partial<CheckWriterOptions>;
  loader?: Partial<MonitorLoaderOptions>;
  client?: ProberOptions['http'];
  /** Called after a commit that wrote alert events to the outbox (the checker wakes its relay). */
  onOutboxWritten?: () => void;
  /** The loader to share (the checker app warms it); one of its own otherwise. */
  monitors?: MonitorLoader;
  /** The writer to share (the checker app records agents' results through it too); one of its own otherwise. */
  checkWriter?: CheckWriter;
}

/** One check to make: a monitor, the key it is recorded under, and why. */
export interface CheckRequest {
  monitorId: number;
  /** Unique per monitor and due time (scheduled) or job (one-off): duplicates record once. */
  runKey: string;
  manual: boolean;
  /** Set when started by an interval bucket: a member no longer of it (interval or regions changed) is skipped. */
  bucket?: IntervalBucket;
}

/** Checks one monitor; the check record, or null when nothing was checked. */
export type MonitorChecks = (req: CheckRequest) => Promise<CheckResult | null>;

/**
 * Load the monitor, skip it when deleted, inactive or paused, or of a push type (a manual check
 * of an active monitor still runs), when its account is deactivated or on a plan without uptime
 * monitoring, when a bucket started it but it no longer belongs there, or (scheduled checks)
 * while a maintenance window that stops checks covers it; probe with its type's prober, and
 * record the result (batched, at-least-once safe, see recordChecks). Returns the check record
 * (the API answers a manual check with it), the stored one when the check was delivered twice,
 * or null when nothing was checked. Through a PostgreSQL outage it probes with the last known
 * configuration and the writer keeps the result until it can be written. One per checker
 * process: its loader, writer and calendar batch and cache across all checks.
 */
export function createMonitorChecks(ctx: Context, opts: MonitorCheckOptions = {}): MonitorChecks {
  const probers = createProbers(outboundPolicy(ctx.config), {
    sourceAddress: ctx.config.sourceAddress,
    dnsMonitorResolvers: ctx.config.dnsMonitorResolvers,
    http: opts.client,
  });
  const monitors = opts.monitors ?? createMonitorLoader(ctx.db, createSecretBox(ctx.config.secretKey), monitoredTiers(ctx.config.tiers), opts.loader, ctx.logger);
  const writer = opts.checkWriter ?? createCheckWriter(ctx, opts.writer, opts.onOutboxWritten);
  const maintenance = createMaintenanceCalendar(ctx.db, ctx.clock);
  const liveRegions = createLiveRegions(ctx);
  // The slot follows from id and interval, and the bucket run only starts members of its slot.
  const belongs = (m: { checkInterval: number; regions: string[] }, b: IntervalBucket) => m.checkInterval * 1000 === b.everyMs && m.regions.includes(ctx.config.region);
  return async ({ monitorId, runKey, manual, bucket }) => {
    const monitor = await monitors.load(monitorId);
    if (!monitor || !shouldCheck(monitor, manual)) return null;
    if (bucket && !belongs(monitor, bucket)) return null;
    // A window with keep_checking false stops scheduled checks; a manual check still runs.
    if (!manual && (await maintenance.stopsChecks(monitor))) return null;
    // A push type (heartbeat) has nothing to probe: its pings are its checks.
    const probing = probeWith(probers, monitor.target, ctx.clock);
    if (!probing) return null;
    const result = await probing;
    const outcome = await writer.submit({
      monitorId: monitor.id,
      jobKey: runKey,
      manual,
      result,
      region: ctx.config.region,
      liveRegions: await liveRegions(),
      ...(monitor.regions.length > 1 ? { roundDeadlineInMs: monitor.target.timeoutSeconds * 1000 + ROUND_DEADLINE_MARGIN_MS } : {}),
    });
    return outcome.kind === 'skipped' ? null : outcome.check;
  };
}
