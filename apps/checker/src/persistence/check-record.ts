import { DEFAULT_REGION, checkKey, type AlertEventPayload, type CheckResult } from '@vigil/core';
import type { JudgedRound } from '../rounds/judge-rounds.js';

/** One finished check, waiting to be recorded (what a check job, a heartbeat or an agent's result hands the writer). */
export interface CheckRecord {
  monitorId: number;
  /** The BullMQ job id: a job delivered twice records one check (unique per monitor). */
  jobKey: string;
  /** A manual check runs on an active monitor even while it is paused. */
  manual: boolean;
  result: CheckResult;
  /** The region whose checker made it; absent: the default region. */
  region?: string;
  /** Regions with a live checker when it was made (when a multi-region round is complete); absent: all. */
  liveRegions?: readonly string[];
  /** A check of a multi-region monitor (as the checker saw it): its round's deadline, in ms from when it is written. */
  roundDeadlineInMs?: number;
  /**
   * Its round's deadline is kept in Redis (rounds/round-deadlines.ts): the check is inserted
   * without locking its monitor and its round judged after the commit; else a waiting round
   * gets a deadline job in the outbox.
   */
  deadlineTracked?: boolean;
}

export type SkipReason = 'deleted' | 'inactive' | 'paused';

export type RecordOutcome =
  /** Inserted, and the monitor's state moved by it (or by its round, once judged). */
  | { kind: 'recorded'; check: CheckResult }
  /** Already recorded by an earlier delivery of the same job: the stored record, nothing applied. */
  | { kind: 'duplicate'; check: CheckResult }
  /** Not recorded: the monitor is gone, inactive or (for a scheduled check) paused. */
  | { kind: 'skipped'; reason: SkipReason };

export interface RecordedBatch {
  /** One per record, in order. */
  outcomes: RecordOutcome[];
  /** The alert events the batch decided, written to the outbox in its transaction. */
  alerts: AlertEventPayload[];
  /** Rounds of multi-region monitors the batch judged. */
  rounds: JudgedRound[];
  /** Round deadline jobs written to the outbox. */
  deadlines: number;
}

export const regionOf = (r: CheckRecord): string => r.region ?? DEFAULT_REGION;

/** The record's check key (checkKey of core): one check per monitor, job key and region. */
export const recordKey = (r: CheckRecord): string => checkKey(r.monitorId, r.jobKey, regionOf(r));

