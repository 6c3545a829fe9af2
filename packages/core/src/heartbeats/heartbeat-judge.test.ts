import {
  earliestNextPing,
  judgePing,
  lateDeadline,
  newHeartbeatState,
  nextDue,
  nextHeartbeatDeadline,
  slowDeadline,
  sweepHeartbeat,
  type HeartbeatRules,
  type HeartbeatState,
  type Ping,
} from './heartbeat-judge.js';

const d = (iso: string) => new Date(iso);
const at = (iso: string) => d(`2026-05-04T${iso}Z`);
const iso = (x: Date | null) => x?.toISOString() ?? null;

const hourly: HeartbeatRules = { schedule: { kind: 'period', periodSeconds: 3600, graceSeconds: 300 }, minDurationSeconds: null, maxDurationSeconds: null };
const timed: HeartbeatRules = { ...hourly, minDurationSeconds: 10, maxDurationSeconds: 600 };
const cronBerlin: HeartbeatRules = { schedule: { kind: 'cron', cron: '0 * * * *', timeZone: 'Europe/Berlin', graceSeconds: 120 }, minDurationSeconds: null, maxDurationSeconds: null };

const ping = (kind: Ping['kind'], when: string, exitCode: number | null = null): Ping => ({ kind, at: at(when), exitCode });

/** Feeds pings in order; returns the verdicts and the final state. */
function run(rules: HeartbeatRules, state: HeartbeatState, pings: Ping[]) {
  const verdicts = [];
  let s = state;
  for (const p of pings) {
    const o = judgePing(rules, s, p);
    verdicts.push(o.verdict);
    s = o.state;
  }
  return { verdicts, state: s };
}

describe('period schedule', () => {
  const fresh = newHeartbeatState(at('10:00:00'));

  it('expects the first ping a period after creation, due + grace as the deadline', () => {
    expect(iso(nextDue(hourly, fresh))).toBe('2026-05-04T11:00:00.000Z');
    expect(iso(lateDeadline(hourly, fresh))).toBe('2026-05-04T11:05:00.000Z');
    expect(iso(nextHeartbeatDeadline(hourly, fresh))).toBe('2026-05-04T11:05:00.000Z');
  });

  it('a success ping is a success and moves the schedule to a period after it', () => {
    const { verdicts, state } = run(hourly, fresh, [ping('success', '10:20:00')]);
    expect(verdicts).toEqual([{ at: at('10:20:00'), status: 'success', error: null, durationMs: null }]);
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T11:20:00.000Z');
    expect(iso(lateDeadline(hourly, state))).toBe('2026-05-04T11:25:00.000Z');
  });

  it('the first ping is never too often, however early', () => {
    expect(earliestNextPing(hourly, fresh)).toBeNull();
    expect(run(hourly, fresh, [ping('success', '10:00:01')]).verdicts[0]?.status).toBe('success');
  });

  it('a success earlier than period − grace after the previous one is too often, and keeps the schedule', () => {
    const first = run(hourly, fresh, [ping('success', '10:20:00')]).state;
    expect(iso(earliestNextPing(hourly, first))).toBe('2026-05-04T11:15:00.000Z');
    const { verdicts, state } = run(hourly, first, [ping('success', '11:14:59')]);
    expect(verdicts[0]).toEqual({
      at: at('11:14:59'),
      status: 'failure',
      error: 'Too often: success ping at 2026-05-04T11:14:59.000Z, next one not expected before 2026-05-04T11:15:00.000Z',
      durationMs: null,
    });
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T11:20:00.000Z');
    // Exactly period − grace after is on time; so is a ping within grace after the due time.
    expect(run(hourly, first, [ping('success', '11:15:00')]).verdicts[0]?.status).toBe('success');
    expect(run(hourly, first, [ping('success', '11:24:59')]).verdicts[0]?.status).toBe('success');
  });

  it('a success right after a failure ping (a re-run of the failed job) recovers: never too often', () => {
    const failed = run(hourly, fresh, [ping('success', '10:20:00'), ping('failure', '11:20:00', 1)]).state;
    expect(earliestNextPing(hourly, failed)).toBeNull();
    const { verdicts, state } = run(hourly, failed, [ping('start', '11:22:00'), ping('success', '11:25:00')]);
    expect(verdicts[1]).toEqual({ at: at('11:25:00'), status: 'success', error: null, durationMs: 180_000 });
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T12:25:00.000Z');
    // Between successes the rule holds again.
    expect(run(hourly, state, [ping('success', '11:30:00')]).verdicts[0]?.error).toMatch(/^Too often/);
    const cronFailed = run(cronBerlin, newHeartbeatState(at('09:30:00')), [ping('success', '10:00:00'), ping('failure', '11:00:30', 2)]).state;
    expect(run(cronBerlin, cronFailed, [ping('success', '11:03:00')]).verdicts[0]).toMatchObject({ status: 'success', error: null });
  });

  it('a failure ping is a failure naming the exit code, and moves the schedule on', () => {
    const { verdicts, state } = run(hourly, fresh, [ping('failure', '10:30:00', 3), ping('failure', '11:30:00')]);
    expect(verdicts.map((v) => v?.error)).toEqual(['Failure reported by ping (exit code 3)', 'Failure reported by ping']);
    expect(verdicts.every((v) => v?.status === 'failure')).toBe(true);
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T12:30:00.000Z');
  });

  it('a start ping records nothing and starts a run', () => {
    const { verdicts, state } = run(hourly, fresh, [ping('start', '10:10:00')]);
    expect(verdicts).toEqual([null]);
    expect(iso(state.lastStartAt)).toBe('2026-05-04T10:10:00.000Z');
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T11:00:00.000Z');
  });
});

describe('run durations', () => {
  const fresh = newHeartbeatState(at('10:00:00'));

  it('a run between min and max is a success with its duration', () => {
    const { verdicts } = run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:11:00')]);
    expect(verdicts[1]).toEqual({ at: at('10:11:00'), status: 'success', error: null, durationMs: 60_000 });
  });

  it('exactly min and exactly max are within bounds', () => {
    expect(run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:10:10')]).verdicts[1]?.status).toBe('success');
    expect(run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:20:00')]).verdicts[1]?.status).toBe('success');
  });

  it('a run shorter than min_duration is too fast', () => {
    const { verdicts } = run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:10:09.5')]);
    expect(verdicts[1]).toMatchObject({ status: 'failure', error: 'Run too fast: 9.5 s from start to success, min_duration 10 s', durationMs: 9500 });
  });

  it('a run longer than max_duration is too slow', () => {
    const { verdicts } = run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:20:01')]);
    expect(verdicts[1]).toMatchObject({ status: 'failure', error: 'Run too slow: 601 s from start to success, max_duration 600 s' });
  });

  it('a success without a start has no duration and is not judged on it', () => {
    const { verdicts } = run(timed, fresh, [ping('success', '10:10:00')]);
    expect(verdicts[0]).toEqual({ at: at('10:10:00'), status: 'success', error: null, durationMs: null });
  });

  it('a start older than the last report does not count (the run already ended)', () => {
    const { verdicts } = run(timed, fresh, [ping('start', '10:10:00'), ping('success', '10:11:00'), ping('success', '11:11:00')]);
    expect(verdicts[2]).toEqual({ at: at('11:11:00'), status: 'success', error: null, durationMs: null });
  });

  it('a failure ping ends the run with its duration', () => {
    const { verdicts, state } = run(timed, fresh, [ping('start', '10:10:00'), ping('failure', '10:10:01', 1)]);
    expect(verdicts[1]?.durationMs).toBe(1000);
    expect(slowDeadline(timed, state)).toBeNull();
  });

  it('too fast and too often together name both', () => {
    const first = run(timed, fresh, [ping('success', '10:00:30')]).state;
    const { verdicts } = run(timed, first, [ping('start', '10:30:00'), ping('success', '10:30:01')]);
    expect(verdicts[1]?.error).toBe(
      'Run too fast: 1 s from start to success, min_duration 10 s; Too often: success ping at 2026-05-04T10:30:01.000Z, next one not expected before 2026-05-04T10:55:30.000Z',
    );
  });

  it('a started run with no end is flagged too slow once, at start + max_duration', () => {
    const started = run(timed, fresh, [ping('start', '10:10:00')]).state;
    expect(iso(slowDeadline(timed, started))).toBe('2026-05-04T10:20:00.000Z');
    expect(iso(nextHeartbeatDeadline(timed, started))).toBe('2026-05-04T10:20:00.000Z');
    expect(sweepHeartbeat(timed, started, at('10:19:59')).verdicts).toEqual([]);
    const swept = sweepHeartbeat(timed, started, at('10:20:30'));
    expect(swept.verdicts).toEqual([
      {
        key: `slow:${at('10:10:00').getTime()}`,
        at: at('10:20:00'),
        status: 'failure',
        error: 'Run too slow: started 2026-05-04T10:10:00.000Z, no success or failure ping within max_duration 600 s',
        durationMs: null,
      },
    ]);
    expect(sweepHeartbeat(timed, swept.state, at('10:40:00')).verdicts).toEqual([]);
    expect(slowDeadline(timed, swept.state)).toBeNull();
    // A new start is a new run, watched again.
    const again = run(timed, swept.state, [ping('start', '10:50:00')]).state;
    expect(iso(slowDeadline(timed, again))).toBe('2026-05-04T11:00:00.000Z');
  });

  it('without max_duration a run is never too slow', () => {
    const started = run(hourly, newHeartbeatState(at('10:00:00')), [ping('start', '10:10:00')]).state;
    expect(slowDeadline(hourly, started)).toBeNull();
  });
});

describe('missed deadlines', () => {
  const fresh = newHeartbeatState(at('10:00:00'));

  it('records nothing before the deadline, one failure at the deadline', () => {
    expect(sweepHeartbeat(hourly, fresh, at('11:04:59.999')).verdicts).toEqual([]);
    const { verdicts, state } = sweepHeartbeat(hourly, fresh, at('11:05:00'));
    expect(verdicts).toEqual([
      {
        key: `late:${at('11:00:00').getTime()}`,
        at: at('11:05:00'),
        status: 'failure',
        error: 'No ping received within period + grace (3600 s + 300 s; due 2026-05-04T11:00:00.000Z)',
        durationMs: null,
      },
    ]);
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T12:00:00.000Z');
  });

  it('is idempotent: sweeping again (any number of times, anywhere) before the next deadline records nothing', () => {
    const once = sweepHeartbeat(hourly, fresh, at('11:05:00'));
    expect(sweepHeartbeat(hourly, once.state, at('11:05:00')).verdicts).toEqual([]);
    expect(sweepHeartbeat(hourly, once.state, at('12:04:59')).verdicts).toEqual([]);
    expect(sweepHeartbeat(hourly, once.state, at('12:05:00')).verdicts.map((v) => iso(v.at))).toEqual(['2026-05-04T12:05:00.000Z']);
  });

  it('one failure per missed deadline when the sweep comes late, in time order', () => {
    const { verdicts, state } = sweepHeartbeat(hourly, fresh, at('13:30:00'));
    expect(verdicts.map((v) => iso(v.at))).toEqual(['2026-05-04T11:05:00.000Z', '2026-05-04T12:05:00.000Z', '2026-05-04T13:05:00.000Z']);
    expect(iso(lateDeadline(hourly, state))).toBe('2026-05-04T14:05:00.000Z');
  });

  it('caps the failures of one sweep and skips to the first deadline after now', () => {
    const { verdicts, state } = sweepHeartbeat(hourly, fresh, d('2026-05-06T10:30:00Z'), 5);
    expect(verdicts).toHaveLength(5);
    expect(iso(lateDeadline(hourly, state))).toBe('2026-05-06T11:05:00.000Z');
    expect(sweepHeartbeat(hourly, state, d('2026-05-06T10:30:00Z'), 5).verdicts).toEqual([]);
  });

  it('a ping after missed deadlines restarts the schedule from the ping', () => {
    const missed = sweepHeartbeat(hourly, fresh, at('12:10:00')).state;
    const { verdicts, state } = run(hourly, missed, [ping('success', '12:30:00')]);
    expect(verdicts[0]?.status).toBe('success');
    expect(iso(nextDue(hourly, state))).toBe('2026-05-04T13:30:00.000Z');
  });

  it('a too-often ping does not prevent the deadline of the expected one', () => {
    const first = run(hourly, fresh, [ping('success', '10:20:00')]).state;
    const early = run(hourly, first, [ping('success', '10:40:00')]).state;
    expect(sweepHeartbeat(hourly, early, at('11:25:00')).verdicts.map((v) => iso(v.at))).toEqual(['2026-05-04T11:25:00.000Z']);
  });

  it('a resume (new anchor) restarts the schedule and ignores reports before it', () => {
    const before = run(hourly, fresh, [ping('success', '10:20:00')]).state;
    const resumed: HeartbeatState = { ...before, anchorAt: at('15:00:00') };
    expect(iso(nextDue(hourly, resumed))).toBe('2026-05-04T16:00:00.000Z');
    expect(earliestNextPing(hourly, resumed)).toBeNull();
    expect(run(hourly, resumed, [ping('success', '15:01:00')]).verdicts[0]?.status).toBe('success');
  });

  it('late and too slow in one sweep come out in time order', () => {
    const started = run(timed, fresh, [ping('start', '10:58:00')]).state;
    const { verdicts } = sweepHeartbeat(timed, started, at('11:10:00'));
    expect(verdicts.map((v) => [iso(v.at), v.error?.slice(0, 12)])).toEqual([
      ['2026-05-04T11:05:00.000Z', 'No ping rece'],
      ['2026-05-04T11:08:00.000Z', 'Run too slow'],
    ]);
  });
});

describe('cron schedule (Europe/Berlin, hourly at :00, grace 2 min)', () => {
  const fresh = newHeartbeatState(d('2026-05-04T10:10:00Z'));

  it('expects the first occurrence after creation', () => {
    expect(iso(nextDue(cronBerlin, fresh))).toBe('2026-05-04T11:00:00.000Z');
    expect(iso(lateDeadline(cronBerlin, fresh))).toBe('2026-05-04T11:02:00.000Z');
  });

  it('a ping a little early answers the occurrence it precedes', () => {
    const { verdicts, state } = run(cronBerlin, fresh, [ping('success', '10:59:30')]);
    expect(verdicts[0]?.status).toBe('success');
    expect(iso(nextDue(cronBerlin, state))).toBe('2026-05-04T12:00:00.000Z');
    expect(iso(earliestNextPing(cronBerlin, state))).toBe('2026-05-04T11:58:00.000Z');
  });

  it('a ping late within grace answers its occurrence; a second one before the next occurrence − grace is too often', () => {
    const first = run(cronBerlin, fresh, [ping('success', '11:01:30')]).state;
    expect(iso(nextDue(cronBerlin, first))).toBe('2026-05-04T12:00:00.000Z');
    const second = run(cronBerlin, first, [ping('success', '11:30:00')]);
    expect(second.verdicts[0]?.error).toBe('Too often: success ping at 2026-05-04T11:30:00.000Z, next one not expected before 2026-05-04T11:58:00.000Z');
    expect(run(cronBerlin, first, [ping('success', '11:58:00')]).verdicts[0]?.status).toBe('success');
  });

  it('misses are named with the occurrence and the schedule', () => {
    const { verdicts } = sweepHeartbeat(cronBerlin, fresh, d('2026-05-04T12:03:00Z'));
    expect(verdicts.map((v) => v.error)).toEqual([
      'No ping received within grace (120 s) of 2026-05-04T11:00:00.000Z (cron "0 * * * *" in Europe/Berlin)',
      'No ping received within grace (120 s) of 2026-05-04T12:00:00.000Z (cron "0 * * * *" in Europe/Berlin)',
    ]);
  });

  it('daily 02:30 across the autumn-back night: one deadline, at the first 02:30', () => {
    const daily: HeartbeatRules = { ...cronBerlin, schedule: { kind: 'cron', cron: '30 2 * * *', timeZone: 'Europe/Berlin', graceSeconds: 600 } };
    const state = newHeartbeatState(d('2026-10-24T12:00:00Z'));
    const { verdicts } = sweepHeartbeat(daily, state, d('2026-10-25T12:00:00Z'));
    expect(verdicts.map((v) => iso(v.at))).toEqual(['2026-10-25T00:40:00.000Z']);
    // The job pinged at the first 02:30: the second 02:30 (an hour later) is too often.
    const pinged = run(daily, state, [{ kind: 'success', at: d('2026-10-25T00:31:00Z'), exitCode: null }]);
    expect(pinged.verdicts[0]?.status).toBe('success');
    expect(iso(nextDue(daily, pinged.state))).toBe('2026-10-26T01:30:00.000Z');
    expect(run(daily, pinged.state, [{ kind: 'success', at: d('2026-10-25T01:31:00Z'), exitCode: null }]).verdicts[0]?.error).toMatch(/^Too often/);
  });

  it('daily 02:30 across the spring-forward night: due at 03:30 CEST', () => {
    const daily: HeartbeatRules = { ...cronBerlin, schedule: { kind: 'cron', cron: '30 2 * * *', timeZone: 'Europe/Berlin', graceSeconds: 600 } };
    const state = newHeartbeatState(d('2026-03-28T12:00:00Z'));
    expect(iso(nextDue(daily, state))).toBe('2026-03-29T01:30:00.000Z');
    expect(sweepHeartbeat(daily, state, d('2026-03-29T01:39:59Z')).verdicts).toEqual([]);
    expect(sweepHeartbeat(daily, state, d('2026-03-29T01:40:00Z')).verdicts).toHaveLength(1);
  });

  it('a schedule that never fires has no deadline and records nothing', () => {
    const never: HeartbeatRules = { ...cronBerlin, schedule: { kind: 'cron', cron: '0 0 30 2 *', timeZone: 'UTC', graceSeconds: 60 } };
    expect(lateDeadline(never, fresh)).toBeNull();
    expect(nextHeartbeatDeadline(never, fresh)).toBeNull();
    expect(sweepHeartbeat(never, fresh, d('2030-01-01T00:00:00Z')).verdicts).toEqual([]);
  });
});

describe('sweep keys', () => {
  it('are distinct per missed due time and per slow run', () => {
    const started = judgePing(timed, newHeartbeatState(d('2026-05-04T10:00:00Z')), { kind: 'start', at: d('2026-05-04T10:58:00Z'), exitCode: null }).state;
    const keys = sweepHeartbeat(timed, started, d('2026-05-04T13:00:00Z')).verdicts.map((v) => v.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(3);
  });
});
