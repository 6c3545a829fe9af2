import type { Context, MonitorStatus } from '@vigil/core';
import { daysToExpiry } from '../public-status/page-model.js';
import { averageMs, startOfHour, uptimePercent, windowStart } from '../monitors/uptime-math.js';
import type { DomainFacts, MonitorFacts } from './badge-values.js';
import { CERTIFICATE_TRUSTED_SQL } from '../domains/certificate-trust.js';

const WINDOWS = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 } as const;

export interface TokenRow {
  account_id: number;
  monitor_id: number | null;
  domain_id: number | null;
}

export async function findToken(ctx: Context, token: string): Promise<TokenRow | null> {
  // A deactivated account's badges answer 404 like unknown ones: its resources are no longer watched.
  const rows = (await ctx.db.query(
    `SELECT t.account_id, t.monitor_id, t.domain_id FROM badge_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token = $1 AND a.is_active`,
    [token],
  )) as TokenRow[];
  return rows[0] ?? null;
}

/** Status and windowed uptime from the hourly rollups (the same whole-hour windows as statistics, plus 90 days). */
async function monitorFacts(ctx: Context, monitorId: number): Promise<MonitorFacts | null> {
  const now = ctx.clock.now();
  const [monitor] = (await ctx.db.query(`SELECT status, is_active FROM monitors WHERE id = $1`, [monitorId])) as { status: MonitorStatus; is_active: boolean }[];
  if (!monitor) return null;
  const [sums] = (await ctx.db.query(
    `SELECT ${Object.keys(WINDOWS)
      .map((w, i) => `COALESCE(sum(total) FILTER (WHERE hour >= $${i + 2}), 0)::bigint AS total_${w}, COALESCE(sum(successful) FILTER (WHERE hour >= $${i + 2}), 0)::bigint AS ok_${w}`)
      .join(', ')},
       COALESCE(sum(response_time_sum) FILTER (WHERE hour >= $2), 0)::bigint AS rt_sum, COALESCE(sum(response_time_count) FILTER (WHERE hour >= $2), 0)::bigint AS rt_count
     FROM monitor_rollups WHERE monitor_id = $1 AND hour >= $5 AND hour <= $6`,
    [monitorId, ...Object.values(WINDOWS).map((h) => windowStart(now, h)), startOfHour(now)],
  )) as Record<string, string>[];
  const uptime = (w: keyof typeof WINDOWS) => uptimePercent(Number(sums[`ok_${w}`]), Number(sums[`total_${w}`]));
  return {
    kind: 'monitor',
    status: monitor.status,
    isActive: monitor.is_active,
    uptime: { '24h': uptime('24h'), '7d': uptime('7d'), '30d': uptime('30d'), '90d': uptime('90d') },
    avgResponseMs: averageMs(Number(sums.rt_sum), Number(sums.rt_count)),
  };
}

async function domainFacts(ctx: Context, domainId: number): Promise<DomainFacts | null> {
  const [d] = (await ctx.db.query(`SELECT d.ssl_grade, d.cert_valid_to, d.header_grade, ${CERTIFICATE_TRUSTED_SQL} AS trusted FROM domains d WHERE d.id = $1`, [domainId])) as {
    ssl_grade: string | null;
    cert_valid_to: Date | null;
    header_grade: string | null;
    trusted: boolean | null;
  }[];
  if (!d) return null;
  return { kind: 'domain', sslGrade: d.ssl_grade, daysToExpiry: daysToExpiry(d.cert_valid_to, ctx.clock.now()), trusted: d.trusted, headerGrade: d.header_grade };
}

export function loadBadgeFacts(ctx: Context, token: TokenRow): Promise<MonitorFacts | DomainFacts | null> {
  if (token.monitor_id !== null) return monitorFacts(ctx, token.monitor_id);
  if (token.domain_id !== null) return domainFacts(ctx, token.domain_id);
  return Promise.resolve(null);
}
