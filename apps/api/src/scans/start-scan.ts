import { CONCURRENT_SCAN_RETRY_AFTER_SEC, countUnfinishedScans, enqueueTlsScan, insertScan, lockAccountLimit, markScanUnqueued, RateLimitError, recordAudit, type Account, type AuditActor, type Context, type NewScan, type Scan } from '@vigil/core';

/**
 * Queues a scan the client asked for (POST /scan, POST /scans). The concurrent-scan limit of
 * the tier is atomic, and taken only when the tier has one: under the account's scan lock
 * (lockAccountLimit; not the account row, so the account's other writes never wait for it),
 * queued and running scans are counted and the new one inserted. At the limit: 429 {error,
 * message, retry_after, limit_type: "concurrent"} with Retry-After.
 */
export async function startRequestedScan(ctx: Context, account: Account, actor: AuditActor, target: Omit<NewScan, 'accountId'>): Promise<Scan> {
  const limit = ctx.config.tiers[account.tier].concurrentScans;
  const scan = await ctx.db.transaction(async (m) => {
    if (limit !== null) {
      await lockAccountLimit(m, 'scans', account.id);
      const running = await countUnfinishedScans(m, account.id);
      if (running >= limit) {
        throw new RateLimitError(
          'Rate limit exceeded',
          {
            message: `Concurrent scan limit of ${limit} reached (${running} queued or running); retry in ${CONCURRENT_SCAN_RETRY_AFTER_SEC} seconds`,
            retry_after: CONCURRENT_SCAN_RETRY_AFTER_SEC,
            limit_type: 'concurrent',
          },
          { 'Retry-After': String(CONCURRENT_SCAN_RETRY_AFTER_SEC) },
        );
      }
    }
    const inserted = await insertScan(m, { ...target, accountId: account.id }, ctx.clock.now());
    await recordAudit(m, actor, [{ resource: 'scan', id: inserted.id, action: 'scan', after: inserted }]);
    return inserted;
  });
  try {
    await enqueueTlsScan(ctx.queues, scan.id);
  } catch (e) {
    // Never answer 202 for a scan no scanner will see.
    await markScanUnqueued(ctx.db, scan.id, ctx.clock.now());
    throw e;
  }
  return scan;
}
