import { accountsWithIncidentChanges, bumpStatusVersions, JobName, type AlertEventPayload, type Context } from '@vigil/core';
import { GroupCommit, type GroupCommitOptions } from './group-commit.js';
import { recordChecks, type CheckRecord, type RecordOutcome } from './record-checks.js';

/** Measured with bench/checker.bench.ts (see the report there). */
export const CHECK_WRITER_DEFAULTS: GroupCommitOptions = { maxBatch: 500, maxDelayMs: 5, maxInFlight: 2 };

/** Job options of alert events: the event id is the job id, so a duplicate add is a no-op. */
export function alertJobOptions(alert: AlertEventPayload) {
  return { jobId: alert.eventId, attempts: 5, backoff: { type: 'exponential', delay: 1_000 } };
}

export interface CheckWriter {
  /** Records one check (batched with others) and resolves once committed and its alerts enqueued. */
  submit(record: CheckRecord): Promise<RecordOutcome>;
  /** Waits until everything submitted is written. */
  drain(): Promise<void>;
}

/**
 * The group-commit writer of check results: each MonitorCheck job submits its record and waits,
 * while one transaction records many (recordChecks); alert events of a batch are enqueued in
 * one round trip after commit. If a batch fails, its records are retried one by one so that one
 * bad record fails only its own job.
 */
export function createCheckWriter(ctx: Context, opts: Partial<GroupCommitOptions> = {}): CheckWriter {
  const writeBatch = async (records: CheckRecord[]): Promise<PromiseSettledResult<RecordOutcome>[]> => {
    try {
      return (await write(records)).map((value) => ({ status: 'fulfilled', value }));
    } catch (e) {
      if (records.length === 1) throw e;
      ctx.logger.warn('check batch failed; recording its checks one by one', { size: records.length, error: (e as Error).message });
      const settled: PromiseSettledResult<RecordOutcome>[] = [];
      for (const record of records) {
        try {
          settled.push({ status: 'fulfilled', value: (await write([record]))[0] });
        } catch (err) {
          settled.push({ status: 'rejected', reason: err });
        }
      }
      return settled;
    }
  };

  const write = async (records: CheckRecord[]): Promise<RecordOutcome[]> => {
    const { outcomes, alerts } = await recordChecks(ctx.db, records);
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, accountsWithIncidentChanges(alerts));
    if (alerts.length) {
      await ctx.queues.addBulk(
        JobName.AlertEvent,
        alerts.map((payload) => ({ payload, opts: alertJobOptions(payload) })),
      );
    }
    return outcomes;
  };

  const group = new GroupCommit(writeBatch, { ...CHECK_WRITER_DEFAULTS, ...opts });
  return { submit: (record) => group.submit(record), drain: () => group.drain() };
}
