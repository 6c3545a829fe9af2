import type { Context } from '@vigil/core';
import type { JudgedRound } from './judge-rounds.js';

/** Names, in a warning, the regions a judged round went without (no live checker, or no answer by its deadline). */
export function warnSkippedRegions(ctx: Pick<Context, 'logger'>, rounds: readonly JudgedRound[]): void {
  for (const { monitorId, jobKey, verdict } of rounds) {
    if (!verdict.skippedRegions.length) continue;
    ctx.logger.warn('round judged without regions that did not answer', { monitorId, jobKey, skippedRegions: verdict.skippedRegions, failed: verdict.failed });
  }
}
