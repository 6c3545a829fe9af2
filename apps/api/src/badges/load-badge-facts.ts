import { activeBadgeToken, domainBadgeRow, monitorStanding, rollupWindowSums, type BadgeTokenRow, type Context } from '@vigil/core';
import { daysToExpiry } from '../public-status/page-model.js';
import { averageMs, startOfHour, uptimePercent, windowStart, type RollupTotals } from '../monitors/uptime-math.js';
import type { DomainFacts, MonitorFacts } from './badge-values.js';

const WINDOWS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;

export type TokenRow = BadgeTokenRow;

/** The token's owner and target; null when unknown or its account is deactivated (answered as 404). */
export function findToken(ctx: Context, token: string): Promise<TokenRow | null> {
  return activeBadgeToken(ctx.db, token);
}

/** Status and windowed uptime from the hourly rollups (the same whole-hour windows as statistics, plus 90 days). */
async function monitorFacts(ctx: Context, monitorId: number): Promise<MonitorFacts | null> {
  const now = ctx.clock.now();
  const monitor = await monitorStanding(ctx.db, monitorId);
  if (!monitor) return null;
  const windows = Object.values(WINDOWS).map((h) => windowStart(now, h));
  const [h24, d7, d30, d90] = (await rollupWindowSums(ctx.db, [monitorId], windows, startOfHour(now))).get(monitorId) ?? [];
  const uptime = (w: RollupTotals | undefined) => uptimePercent(w?.successful ?? 0, w?.total ?? 0);
  return {
    kind: 'monitor',
    status: monitor.status,
    isActive: monitor.is_active,
    uptime: { '24h': uptime(h24), '7d': uptime(d7), '30d': uptime(d30), '90d': uptime(d90) },
    avgResponseMs: averageMs(h24?.responseTimeSum ?? 0, h24?.responseTimeCount ?? 0),
  };
}

async function domainFacts(ctx: Context, domainId: number): Promise<DomainFacts | null> {
  const d = await domainBadgeRow(ctx.db, domainId);
  if (!d) return null;
  return { kind: 'domain', sslGrade: d.ssl_grade, daysToExpiry: daysToExpiry(d.cert_valid_to, ctx.clock.now()), trusted: d.trusted, headerGrade: d.header_grade };
}

export function loadBadgeFacts(ctx: Context, token: TokenRow): Promise<MonitorFacts | DomainFacts | null> {
  if (token.monitor_id !== null) return monitorFacts(ctx, token.monitor_id);
  if (token.domain_id !== null) return domainFacts(ctx, token.domain_id);
  return Promise.resolve(null);
}
