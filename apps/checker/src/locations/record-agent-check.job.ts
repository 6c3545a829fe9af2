import type { JobHandler, JobName } from '@vigil/core';
import type { MonitorLoader } from '../monitors/load-monitors.js';
import type { CheckWriter } from '../persistence/check-writer.js';
import { ROUND_DEADLINE_MARGIN_MS } from '../rounds/judge-rounds.js';

/**
 * RecordAgentCheck: a result an agent of a private location posted (the API checked its lease
 * and set the region from the agent's key). It goes through the checker's one writer, as a
 * check of that region under the run's key: a run posted twice (a replay, a re-issued lease)
 * is recorded once, and a monitor with other regions makes one round with them. Nothing is
 * recorded for a monitor deleted since, or no longer placed at the location.
 */
export function recordAgentCheckJob(
  monitors: Pick<MonitorLoader, 'load'>,
  writer: Pick<CheckWriter, 'submit'>,
  liveRegions: () => Promise<string[] | undefined>,
): JobHandler<JobName.RecordAgentCheck> {
  return async ({ monitorId, runKey, region, result }) => {
    const monitor = await monitors.load(monitorId);
    if (!monitor || !monitor.regions.includes(region)) return { recorded: false };
    const outcome = await writer.submit({
      monitorId,
      jobKey: runKey,
      manual: false,
      result,
      region,
      liveRegions: await liveRegions(),
      ...(monitor.regions.length > 1 ? { roundDeadlineInMs: monitor.target.timeoutSeconds * 1000 + ROUND_DEADLINE_MARGIN_MS } : {}),
    });
    return { recorded: outcome.kind === 'recorded' || outcome.kind === 'buffered' };
  };
}
