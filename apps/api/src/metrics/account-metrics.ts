import { CHECK_TIMING_PHASES, daysUntilExpiry, domainsForMetrics, monitorsForMetrics, type Context, type MonitorStatus } from '@vigil/core';
import { BoundedTtlCache } from '../auth/key-cache.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import type { RollupWindows } from '../monitors/rollup-totals.js';
import { uptimePercent, type WindowName } from '../monitors/uptime-math.js';
import { GaugeFamily, exposition, type Labels } from './exposition.js';

/** How long one account's figures are served from memory (decisions: "Metrics for Prometheus"). */
export const METRICS_CACHE_MS = 10_000;
const METRICS_CACHE_ACCOUNTS = 10_000;

/** A TLS or header grade as a number, higher is better: A+ 6, A 5, B 4, C 3, D 2, F 1. */
export const GRADE_VALUES: Record<string, number> = { 'A+': 6, A: 5, B: 4, C: 3, D: 2, F: 1 };

const STATES: MonitorStatus[] = ['up', 'down', 'degraded', 'paused', 'pending'];
const WINDOWS: WindowName[] = ['24h', '7d', '30d'];

/**
 * Every figure of one account in the Prometheus text format, built at most once per
 * METRICS_CACHE_MS per account and process (concurrent scrapes share one build). A build reads
 * the account's monitors and domains (one statement each) and the rollups through RollupWindows
 * (settled hours kept in memory, the live hours read once), never raw checks.
 */
export class AccountMetrics {
  private readonly cache = new BoundedTtlCache<string>(METRICS_CACHE_ACCOUNTS, METRICS_CACHE_MS);
  private readonly builds = new ReadCoalescer<string>();

  constructor(
    private readonly ctx: Context,
    private readonly windows: RollupWindows,
  ) {}

  async text(accountId: number): Promise<string> {
    const nowMs = this.ctx.clock.now().getTime();
    const cached = this.cache.get(String(accountId), nowMs);
    if (cached !== undefined) return cached;
    return this.builds.read(String(accountId), async () => {
      const text = await this.build(accountId);
      this.cache.set(String(accountId), text, nowMs);
      return text;
    });
  }

  private async build(accountId: number): Promise<string> {
    const now = this.ctx.clock.now();
    const db = this.ctx.readDb;
    const [monitors, domains] = await Promise.all([
      monitorsForMetrics(db, accountId),
      domainsForMetrics(db, accountId),
    ]);
    const totals = await this.windows.totals(db, monitors.map((m) => m.id), now);
    const up = new GaugeFamily('vigil_monitor_up', 'Whether the monitor is up (1: up or degraded; 0: down, paused or not checked yet)');
    const state = new GaugeFamily('vigil_monitor_state', 'The monitor\'s state: 1 for the state it is in, 0 for the others');
    const responseTime = new GaugeFamily('vigil_monitor_response_time_milliseconds', 'Response time of the last check');
    const phases = new GaugeFamily('vigil_monitor_timing_milliseconds', 'Time of each phase of the last check (dns, connect, tls, first_byte, download); a phase that did not happen is absent');
    const regionUp = new GaugeFamily('vigil_monitor_region_up', 'Multi-region monitors: whether the region\'s check passed in the last judged round (1) or failed (0); absent for a region skipped in it');
    const uptime = new GaugeFamily('vigil_monitor_uptime_percent', 'Successful checks over all checks of the window, in percent (from hourly rollups)');
    const incidents = new GaugeFamily('vigil_monitor_open_incidents', 'Incidents of the monitor not resolved yet');
    for (const m of monitors) {
      const labels: Labels = { monitor_id: String(m.id), name: m.name, type: m.type, region: m.regions.join(',') };
      up.add(labels, m.status === 'up' || m.status === 'degraded' ? 1 : 0);
      for (const s of STATES) state.add({ ...labels, state: s }, m.status === s ? 1 : 0);
      if (m.last_response_time_ms !== null) responseTime.add(labels, m.last_response_time_ms);
      for (const phase of CHECK_TIMING_PHASES) {
        const ms = m.last_timings?.[phase];
        if (typeof ms === 'number') phases.add({ ...labels, phase }, ms);
      }
      const w = totals.get(m.id);
      for (const window of WINDOWS) {
        const percent = w ? uptimePercent(w[window].successful, w[window].total) : null;
        if (percent !== null) uptime.add({ ...labels, window }, percent);
      }
      incidents.add(labels, m.open_incidents);
      if (m.failing_regions && m.skipped_regions) {
        for (const region of m.regions) {
          if (!m.skipped_regions.includes(region)) regionUp.add({ ...labels, region }, m.failing_regions.includes(region) ? 0 : 1);
        }
      }
    }
    const expiry = new GaugeFamily('vigil_domain_certificate_expiry_days', 'Whole days until the domain\'s certificate expires (negative: expired)');
    const tls = new GaugeFamily('vigil_domain_tls_grade', 'TLS grade of the last scan: A+ 6, A 5, B 4, C 3, D 2, F 1');
    const headers = new GaugeFamily('vigil_domain_header_grade', 'Security-header grade of the last check: A+ 6, A 5, B 4, C 3, D 2, F 1');
    for (const d of domains) {
      const labels: Labels = { domain_id: String(d.id), hostname: d.hostname };
      if (d.cert_valid_to) expiry.add(labels, daysUntilExpiry(new Date(d.cert_valid_to), now));
      if (d.ssl_grade && d.ssl_grade in GRADE_VALUES) tls.add(labels, GRADE_VALUES[d.ssl_grade]);
      if (d.header_grade && d.header_grade in GRADE_VALUES) headers.add(labels, GRADE_VALUES[d.header_grade]);
    }
    return exposition([up, state, responseTime, phases, uptime, incidents, regionUp, expiry, tls, headers]);
  }
}
