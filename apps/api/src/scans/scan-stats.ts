import type { Static } from '@sinclair/typebox';
import { scanStatsSince, SCAN_STATUSES, SSL_GRADES, type Context } from '@vigil/core';
import type { ScanStatsSchema } from './scan-views.js';

export const SCAN_STATS_DAYS = 30;

/** GET /scans/stats: the account's scans of the last 30 days by status and by grade, and their average duration. */
export async function scanStats(ctx: Context, accountId: number): Promise<Static<typeof ScanStatsSchema>> {
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - SCAN_STATS_DAYS * 86_400_000);
  const { byStatus, byGrade, averageDurationMs } = await scanStatsSince(ctx.readDb, accountId, from);
  const statusCounts = Object.fromEntries(SCAN_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of byStatus) statusCounts[r.status] = r.n;
  const gradeCounts = Object.fromEntries(SSL_GRADES.map((g) => [g, 0])) as Record<string, number>;
  for (const r of byGrade) gradeCounts[r.grade] = r.n;
  return {
    period: { from: from.toISOString(), to: now.toISOString(), days: SCAN_STATS_DAYS },
    total: byStatus.reduce((sum, r) => sum + r.n, 0),
    by_status: statusCounts,
    by_grade: gradeCounts,
    average_duration_ms: averageDurationMs === null ? null : Math.round(averageDurationMs),
  };
}
