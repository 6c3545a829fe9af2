import { nextCronOccurrence } from './cron-schedule.js';

/**
 * When a heartbeat monitor expects its pings, and what a ping or the lack of one means. Pure:
 * every function takes the moment it judges ("now", a ping's arrival) as an argument.
 *
 * Schedules. `period`: a ping is due `period` seconds after the previous success or failure
 * ping (after creation or resume before the first one). `cron`: a ping is due at each
 * occurrence of the expression in its time zone. Either way a ping may come up to `grace`
 * seconds late (the deadline is due + grace) and up to `grace` seconds early.
 *
 * Verdicts (each a check, success or failure):
 * - success ping: success, unless the run it ends was too fast (< min_duration since its start
 *   ping), too slow (> max_duration), or the ping came too often after the previous success
 *   (see `earliestNextPing`);
 *   each failed condition is named in the error. It ends the run and moves the schedule on,
 *   except a too-often ping, which leaves the expected ping where it was;
 * - failure ping (`/fail`, a non-zero exit code): failure; it ends the run and moves the
 *   schedule on (the job did report in);
 * - start ping: no check; it starts a run;
 * - no ping by a deadline: one failure check at the deadline, once per missed deadline;
 * - a run started and neither ended nor flagged within max_duration: one failure check at
 *   start + max_duration, once per start.
 */

export type HeartbeatSchedule =
  | { kind: 'period'; periodSeconds: number; graceSeconds: number }
  | { kind: 'cron'; cron: string; timeZone: string; graceSeconds: number };

export interface HeartbeatRules {
  schedule: HeartbeatSchedule;
  minDurationSeconds: number | null;
  maxDurationSeconds: number | null;
}

/** What is remembered of a heartbeat monitor's pings and verdicts. */
export interface HeartbeatState {
  /** Creation, or the last resume: where the schedule starts before (or without) a ping since. */
  anchorAt: Date;
  lastStartAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** Missed deadlines were recorded for every due time up to this instant. */
  lateThroughAt: Date | null;
  /** The start ping whose run was already flagged too slow. */
  slowStartAt: Date | null;
}

export type PingKind = 'start' | 'success' | 'failure';

export interface Ping {
  kind: PingKind;
  at: Date;
  /** For the exit-code form: the code (0 arrives as a success ping). */
  exitCode: number | null;
}

export interface HeartbeatVerdict {
  at: Date;
  status: 'success' | 'failure';
  error: string | null;
  /** The run's duration when the verdict ends a started run, in ms. */
  durationMs: number | null;
}

export interface PingOutcome {
  /** The check the ping records; null for a start ping. */
  verdict: HeartbeatVerdict | null;
  state: HeartbeatState;
}

const S = 1000;

const time = (d: Date | null): number => (d ? d.getTime() : -Infinity);
const later = (a: Date | null, b: Date | null): Date | null => (time(a) >= time(b) ? a : b);

export function newHeartbeatState(anchorAt: Date): HeartbeatState {
  return { anchorAt, lastStartAt: null, lastSuccessAt: null, lastFailureAt: null, lateThroughAt: null, slowStartAt: null };
}

/** The latest success or failure ping, or null. */
export function lastReportAt(state: HeartbeatState): Date | null {
  return later(state.lastSuccessAt, state.lastFailureAt);
}

/** Whether a start ping has not been followed by a success or failure ping yet. */
export function isRunning(state: HeartbeatState): boolean {
  return state.lastStartAt !== null && time(state.lastStartAt) > time(lastReportAt(state));
}

/** A report counts for the schedule only when it came after the anchor (a resume restarts it). */
function scheduleReport(state: HeartbeatState): Date | null {
  const report = lastReportAt(state);
  return report && report.getTime() >= state.anchorAt.getTime() ? report : null;
}

/**
 * The ping expected next before missed deadlines are counted: one period after the last
 * report (or the anchor); for cron, the first occurrence after the last report + grace (a ping
 * up to grace early answers the occurrence it precedes) or after the anchor.
 */
function baseDue(schedule: HeartbeatSchedule, state: HeartbeatState): Date | null {
  const report = scheduleReport(state);
  if (schedule.kind === 'period') return new Date((report ?? state.anchorAt).getTime() + schedule.periodSeconds * S);
  const from = report ? new Date(report.getTime() + schedule.graceSeconds * S) : state.anchorAt;
  return nextCronOccurrence(schedule.cron, schedule.timeZone, from);
}

/** The first due time of the schedule strictly after `after`, counting from `base`. */
function firstDueAfter(schedule: HeartbeatSchedule, base: Date, after: Date): Date | null {
  if (base.getTime() > after.getTime()) return base;
  if (schedule.kind === 'cron') return nextCronOccurrence(schedule.cron, schedule.timeZone, after);
  const period = schedule.periodSeconds * S;
  const steps = Math.floor((after.getTime() - base.getTime()) / period) + 1;
  return new Date(base.getTime() + steps * period);
}

/** The ping expected next (its due time, before grace), or null when the schedule never fires again. */
export function nextDue(rules: HeartbeatRules, state: HeartbeatState): Date | null {
  const base = baseDue(rules.schedule, state);
  if (!base || !state.lateThroughAt) return base;
  return firstDueAfter(rules.schedule, base, state.lateThroughAt);
}

/** The deadline of the expected ping: due + grace. */
export function lateDeadline(rules: HeartbeatRules, state: HeartbeatState): Date | null {
  const due = nextDue(rules, state);
  return due ? new Date(due.getTime() + rules.schedule.graceSeconds * S) : null;
}

/** When the running run becomes too slow, unless it ends first; null when not applicable. */
export function slowDeadline(rules: HeartbeatRules, state: HeartbeatState): Date | null {
  if (rules.maxDurationSeconds === null || !isRunning(state) || !state.lastStartAt) return null;
  if (state.slowStartAt && state.slowStartAt.getTime() === state.lastStartAt.getTime()) return null;
  return new Date(state.lastStartAt.getTime() + rules.maxDurationSeconds * S);
}

/** The earliest of the two deadlines: when a sweep next has something to record. */
export function nextHeartbeatDeadline(rules: HeartbeatRules, state: HeartbeatState): Date | null {
  const a = lateDeadline(rules, state);
  const b = slowDeadline(rules, state);
  if (!a) return b;
  if (!b) return a;
  return a.getTime() <= b.getTime() ? a : b;
}

/**
 * "Too often": a success ping is well before it is due when it arrives before the expected
 * ping minus grace, the expected ping being computed from the previous report alone (one period
 * after it; for cron the first occurrence after it + grace). It applies between successes only:
 * a first ping (no report since the anchor) and a success after a failure ping (a re-run of a
 * failed job, which recovers the monitor) are never too often.
 */
export function earliestNextPing(rules: HeartbeatRules, state: HeartbeatState): Date | null {
  const report = scheduleReport(state);
  if (!report || time(state.lastFailureAt) > time(state.lastSuccessAt)) return null;
  const due = baseDue(rules.schedule, { ...state, lateThroughAt: null });
  return due ? new Date(due.getTime() - rules.schedule.graceSeconds * S) : null;
}

const seconds = (ms: number): string => `${Number((ms / S).toFixed(3))} s`;

/** Judges one ping against the rules and the state before it. */
export function judgePing(rules: HeartbeatRules, state: HeartbeatState, ping: Ping): PingOutcome {
  if (ping.kind === 'start') {
    return { verdict: null, state: { ...state, lastStartAt: ping.at } };
  }
  const durationMs = isRunning(state) && state.lastStartAt ? Math.max(0, ping.at.getTime() - state.lastStartAt.getTime()) : null;
  if (ping.kind === 'failure') {
    const error = ping.exitCode === null ? 'Failure reported by ping' : `Failure reported by ping (exit code ${ping.exitCode})`;
    return {
      verdict: { at: ping.at, status: 'failure', error, durationMs },
      state: { ...state, lastFailureAt: ping.at },
    };
  }
  const problems: string[] = [];
  if (durationMs !== null && rules.minDurationSeconds !== null && durationMs < rules.minDurationSeconds * S) {
    problems.push(`Run too fast: ${seconds(durationMs)} from start to success, min_duration ${rules.minDurationSeconds} s`);
  }
  if (durationMs !== null && rules.maxDurationSeconds !== null && durationMs > rules.maxDurationSeconds * S) {
    problems.push(`Run too slow: ${seconds(durationMs)} from start to success, max_duration ${rules.maxDurationSeconds} s`);
  }
  const earliest = earliestNextPing(rules, state);
  const tooOften = earliest !== null && ping.at.getTime() < earliest.getTime();
  if (tooOften && earliest) {
    problems.push(`Too often: success ping at ${ping.at.toISOString()}, next one not expected before ${earliest.toISOString()}`);
  }
  const verdict: HeartbeatVerdict = {
    at: ping.at,
    status: problems.length ? 'failure' : 'success',
    error: problems.length ? problems.join('; ') : null,
    durationMs,
  };
  if (!tooOften) return { verdict, state: { ...state, lastSuccessAt: ping.at } };
  // A too-often ping ends the run but does not answer the expected ping: the schedule stays
  // where the previous report put it (and a later on-time ping is judged against that report).
  return { verdict, state: { ...state, lastStartAt: null } };
}

function describeLate(schedule: HeartbeatSchedule, due: Date): string {
  if (schedule.kind === 'period') {
    return `No ping received within period + grace (${schedule.periodSeconds} s + ${schedule.graceSeconds} s; due ${due.toISOString()})`;
  }
  return `No ping received within grace (${schedule.graceSeconds} s) of ${due.toISOString()} (cron "${schedule.cron}" in ${schedule.timeZone})`;
}

/** A verdict of a sweep, with a key unique to what it is about (the missed due time, the slow run's start). */
export interface SweptVerdict extends HeartbeatVerdict {
  key: string;
}

export interface SweepOutcome {
  /** The failure checks to record, in time order. */
  verdicts: SweptVerdict[];
  state: HeartbeatState;
}

/**
 * What a sweep at `now` records: one failure per deadline missed since the last sweep (at most
 * `maxLate`; beyond that the schedule skips to the first deadline after now, so a checker that
 * was down for a day records `maxLate` checks, not thousands), and a run that is too slow.
 * Sweeping again at the same `now` with the returned state records nothing.
 */
export function sweepHeartbeat(rules: HeartbeatRules, state: HeartbeatState, now: Date, maxLate = 10): SweepOutcome {
  const verdicts: SweptVerdict[] = [];
  let current = state;
  const graceMs = rules.schedule.graceSeconds * S;
  for (;;) {
    const due = nextDue(rules, current);
    if (!due || due.getTime() + graceMs > now.getTime()) break;
    if (verdicts.length >= maxLate) {
      current = { ...current, lateThroughAt: new Date(now.getTime() - graceMs) };
      break;
    }
    verdicts.push({ key: `late:${due.getTime()}`, at: new Date(due.getTime() + graceMs), status: 'failure', error: describeLate(rules.schedule, due), durationMs: null });
    current = { ...current, lateThroughAt: due };
  }
  const slow = slowDeadline(rules, current);
  if (slow && slow.getTime() <= now.getTime() && current.lastStartAt) {
    verdicts.push({
      key: `slow:${current.lastStartAt.getTime()}`,
      at: slow,
      status: 'failure',
      error: `Run too slow: started ${current.lastStartAt.toISOString()}, no success or failure ping within max_duration ${rules.maxDurationSeconds} s`,
      durationMs: null,
    });
    current = { ...current, slowStartAt: current.lastStartAt };
    verdicts.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return { verdicts, state: current };
}
