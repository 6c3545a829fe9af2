import { accountsWithIncidentChanges, bumpStatusVersions, classifyOutage, isDatabaseUnavailable, type CheckResult, type Context } from '@vigil/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { CheckBuffer } from './check-buffer.js';
import { GroupCommit, type GroupCommitOptions } from './group-commit.js';
import { recordChecks, type CheckRecord, type RecordOutcome } from './record-checks.js';
import { addRoundDeadlines, removeRoundDeadlines } from '../rounds/round-deadlines.js';
import { warnSkippedRegions } from '../rounds/warn-skipped-regions.js';

export interface CheckWriterOptions extends GroupCommitOptions {
  /** Results kept while PostgreSQL cannot be written; past this, a check job fails. */
  bufferLimit: number;
  /** How often buffered results are tried again while PostgreSQL stays unreachable. */
  retryMs: number;
}

/** Batching measured with bench/checker.bench.ts (see the report there). */
export const CHECK_WRITER_DEFAULTS: CheckWriterOptions = { maxBatch: 500, maxDelayMs: 5, maxInFlight: 2, bufferLimit: 100_000, retryMs: 1_000 };

export type WriteOutcome =
  | RecordOutcome
  /** PostgreSQL could not be reached: kept in memory, written in order when it is back. */
  | { kind: 'buffered'; check: CheckResult };

export interface CheckWriter {
  /** Records one check (batched with others): resolves once committed, or once buffered during an outage. */
  submit(record: CheckRecord): Promise<WriteOutcome>;
  /** Waits until everything submitted is written (buffered results included). */
  drain(): Promise<void>;
  /** Results waiting for PostgreSQL. */
  buffered(): number;
}

/**
 * The group-commit writer of check results: each MonitorCheck job submits its record and waits,
 * while one transaction records many (recordChecks, which also writes their alert events to the
 * outbox); `onCommitted` then wakes the outbox relay. If a batch fails, its records are retried
 * one by one so that one bad record fails only its own job.
 *
 * When PostgreSQL cannot be reached, results go to a bounded buffer kept in check-time order
 * and the job completes (the probe happened; its result is not lost). While anything is
 * buffered, new results queue behind it, and one flusher writes the buffer in order, with the
 * original check times, retrying every `retryMs` until PostgreSQL answers: states and incidents
 * then move exactly as if the results had been written on time.
 */
export function createCheckWriter(ctx: Context, opts: Partial<CheckWriterOptions> = {}, onCommitted: () => void = () => undefined): CheckWriter {
  const o = { ...CHECK_WRITER_DEFAULTS, ...opts };
  const buffer = new CheckBuffer(o.bufferLimit);
  let flushing: Promise<void> | undefined;

  /**
   * Sets the deadlines of the batch's rounds in Redis before the checks are written (so none is
   * missing if the process dies after the commit); a round found complete is judged now and its
   * deadline dropped. If Redis cannot take them, the records go without: a waiting round then
   * gets a deadline job through the outbox, as before.
   */
  const trackDeadlines = async (records: CheckRecord[]): Promise<CheckRecord[]> => {
    const regional = records.filter((r) => r.roundDeadlineInMs !== undefined);
    if (!regional.length) return records;
    try {
      const rounds = regional.map((r) => ({ monitorId: r.monitorId, jobKey: r.jobKey, at: new Date(r.result.timestamp), inMs: r.roundDeadlineInMs ?? 0 }));
      await addRoundDeadlines(ctx.redis, ctx.config.redisPrefix, rounds);
    } catch (e) {
      ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'round deadlines not kept in Redis; deadline jobs instead', { error: (e as Error).message });
      return records;
    }
    return records.map((r) => (r.roundDeadlineInMs !== undefined ? { ...r, deadlineTracked: true } : r));
  };

  const write = async (batch: CheckRecord[]): Promise<RecordOutcome[]> => {
    const { outcomes, alerts, rounds, deadlines } = await recordChecks(ctx.db, await trackDeadlines(batch));
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, accountsWithIncidentChanges(alerts));
    warnSkippedRegions(ctx, rounds);
    if (rounds.length) {
      removeRoundDeadlines(ctx.redis, ctx.config.redisPrefix, rounds).catch((e: unknown) =>
        ctx.logger.debug('judged rounds not removed from the deadlines; the sweep will find them judged', { error: (e as Error).message }),
      );
    }
    if (alerts.length || deadlines) onCommitted();
    return outcomes;
  };

  const writeBatch = async (records: CheckRecord[]): Promise<PromiseSettledResult<RecordOutcome>[]> => {
    try {
      return (await write(records)).map((value) => ({ status: 'fulfilled', value }));
    } catch (e) {
      if (records.length === 1 || isDatabaseUnavailable(e)) throw e;
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

  /** Writes the buffer front to back; stops when it is empty. */
  const flush = async (): Promise<void> => {
    while (buffer.size) {
      const batch = buffer.peek(o.maxBatch);
      let settled: PromiseSettledResult<RecordOutcome>[];
      try {
        settled = await writeBatch(batch);
      } catch (e) {
        if (isDatabaseUnavailable(e)) {
          await sleep(o.retryMs);
          continue;
        }
        settled = [{ status: 'rejected', reason: e }];
      }
      let done = 0;
      for (const s of settled) {
        if (s.status === 'rejected' && isDatabaseUnavailable(s.reason)) break;
        if (s.status === 'rejected') {
          const r = batch[done];
          ctx.logger.error('buffered check could not be written; dropped', { monitorId: r.monitorId, jobKey: r.jobKey, error: (s.reason as Error).message });
        }
        done++;
      }
      buffer.take(done);
      if (done < batch.length) await sleep(o.retryMs);
    }
    ctx.logger.info('database reachable again; buffered checks written');
  };

  const park = (record: CheckRecord): WriteOutcome => {
    if (!buffer.add(record)) throw new Error(`Check not recorded: PostgreSQL is unreachable and ${o.bufferLimit} results already wait`);
    if (!flushing) {
      ctx.logger.warn('database unreachable; buffering check results', { limit: o.bufferLimit });
      flushing = flush().finally(() => {
        flushing = undefined;
      });
    }
    return { kind: 'buffered', check: record.result };
  };

  const group = new GroupCommit(writeBatch, o);
  return {
    async submit(record) {
      // Behind anything buffered, so a monitor's results are applied in order.
      if (flushing) return park(record);
      try {
        return await group.submit(record);
      } catch (e) {
        if (isDatabaseUnavailable(e)) return park(record);
        throw e;
      }
    },
    async drain() {
      await group.drain();
      await flushing;
    },
    buffered: () => buffer.size,
  };
}
