import { enqueueTlsScan, type Context } from '@vigil/core';

/**
 * Hands a committed scan to the scanner fleet. When Redis refuses, the scan stays queued and
 * the reconciler fails it as abandoned later; the request itself still succeeds. (Schedule
 * changes go through the schedule outbox: writeScheduleChanges, applyScheduleNow.)
 */
export async function queueScan(ctx: Context, scanId: number): Promise<void> {
  try {
    await enqueueTlsScan(ctx.queues, scanId);
  } catch (e) {
    ctx.logger.warn('scan not queued', { scanId, error: (e as Error).message });
  }
}
