import type { Static } from '@sinclair/typebox';
import { SCAN_STATUSES, SSL_GRADES, type Context } from '@vigil/core';
import type { ScanStatsSchema } from './scan-views.js';

export const SCAN_STATS_DAYS = 30;

/** GET /scans/stats: the account's scans of the last 30 days by status and by grade, and their average duration. */
export async function scanStats(ctx: Context, accountId: number): Promise<Static<typeof ScanStatsSchema>> {
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - SCAN_STATS_DAYS * 86_400_000);
  const [byStatus, byGrade, [avg]] = (await Promise.all([
    ctx.readDb.query(`SELECT status, count(*)::int AS n FROM scans WHERE account_id = $1 AND created_at >= $2 GROUP BY status`, [accountId, from]),
    ctx.readDb.query(
      `SELECT grade, count(*)::int AS n FROM scans WHERE account_id = $1 AND created_at >= $2 AND status = 'completed' AND grade IS NOT NULL GROUP BY grade`,
      [accountId, from],
    ),
    ctx.readDb.query(
      `SELECT avg(duration_ms)::float AS avg FROM scans WHERE account_id = $1 AND created_at >= $2 AND status IN ('completed', 'failed') AND duration_ms IS NOT NULL`,
      [accountId, from],
    ),
  ])) as [{ status: string; n: number }[], { grade: string; n: number }[], { avg: number | null }[]];
  const statusCounts = Object.fromEntries(SCAN_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of byStatus) statusCounts[r.status] = r.n;
  const gradeCounts = Object.fromEntries(SSL_GRADES.map((g) => [g, 0])) as Record<string, number>;
  for (const r of byGrade) gradeCounts[r.grade] = r.n;
  return {
    period: { from: from.toISOString(), to: now.toISOString(), days: SCAN_STATS_DAYS },
    total: byStatus.reduce((sum, r) => sum + r.n, 0),
    by_status: statusCounts,
    by_grade: gradeCounts,
    average_duration_ms: avg?.avg === null || avg?.avg === undefined ? null : Math.round(avg.avg),
  };
}
