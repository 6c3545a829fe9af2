import { dueRepeats, type AlertPolicy, type RepeatProgress } from './due-repeats.js';

const T0 = new Date('2026-03-29T00:30:00Z');
const min = (m: number) => new Date(T0.getTime() + m * 60_000);
const progress = (over: Partial<RepeatProgress> = {}): RepeatProgress => ({ startedAt: T0, remindersSent: 0, lastReminderAt: null, escalationStep: 0, ...over });
const policy = (over: Partial<AlertPolicy> = {}): AlertPolicy => ({ reminderIntervalMinutes: null, escalation: [], ...over });
const STEPS = [
  { after_minutes: 10, integration_ids: [3] },
  { after_minutes: 30, integration_ids: [4, 5] },
  { after_minutes: 60, integration_ids: [6] },
];

describe('reminders', () => {
  it('none without an interval, however long the incident', () => {
    expect(dueRepeats(policy(), progress(), min(100_000))).toEqual({ reminder: null, escalations: [] });
  });

  it.each([
    [0, null],
    [14, null],
    [14.99, null],
    [15, 1],
    [16, 1],
    [400, 1],
  ])('interval 15, first reminder: %f minutes after the start -> %p', (m, expected) => {
    expect(dueRepeats(policy({ reminderIntervalMinutes: 15 }), progress(), min(m)).reminder?.number ?? null).toBe(expected);
  });

  it('the next is due one interval after the previous reminder, numbered on', () => {
    const p = progress({ remindersSent: 2, lastReminderAt: min(31) });
    const pol = policy({ reminderIntervalMinutes: 15 });
    expect(dueRepeats(pol, p, min(45)).reminder).toBeNull();
    expect(dueRepeats(pol, p, min(45.99)).reminder).toBeNull();
    expect(dueRepeats(pol, p, min(46)).reminder).toEqual({ number: 3, at: min(46) });
  });

  it('a reminder sent late is recorded at its due time, so the cadence holds whatever the job phase', () => {
    const pol = policy({ reminderIntervalMinutes: 15 });
    expect(dueRepeats(pol, progress(), min(15.7)).reminder).toEqual({ number: 1, at: min(15) });
    expect(dueRepeats(pol, progress({ remindersSent: 1, lastReminderAt: min(15) }), min(30.4)).reminder).toEqual({ number: 2, at: min(15 + 15) });
    expect(dueRepeats(pol, progress(), min(29.99)).reminder).toEqual({ number: 1, at: min(15) });
  });

  it('after a long gap only one reminder is due (no burst)', () => {
    expect(dueRepeats(policy({ reminderIntervalMinutes: 5 }), progress({ remindersSent: 1, lastReminderAt: min(5) }), min(500)).reminder).toEqual({ number: 2, at: min(500) });
  });

  it('a changed interval applies from the previous reminder', () => {
    const p = progress({ remindersSent: 1, lastReminderAt: min(5) });
    expect(dueRepeats(policy({ reminderIntervalMinutes: 60 }), p, min(30)).reminder).toBeNull();
    expect(dueRepeats(policy({ reminderIntervalMinutes: 60 }), p, min(65)).reminder?.number).toBe(2);
  });
});

describe('escalation', () => {
  it.each([
    [0, []],
    [9.99, []],
    [10, [1]],
    [29, [1]],
    [30, [1, 2]],
    [60, [1, 2, 3]],
    [10_000, [1, 2, 3]],
  ])('nothing sent yet, %f minutes in -> steps %p', (m, steps) => {
    expect(dueRepeats(policy({ escalation: STEPS }), progress(), min(m)).escalations.map((e) => e.step)).toEqual(steps);
  });

  it('steps already sent are not due again', () => {
    expect(dueRepeats(policy({ escalation: STEPS }), progress({ escalationStep: 1 }), min(20)).escalations).toEqual([]);
    expect(dueRepeats(policy({ escalation: STEPS }), progress({ escalationStep: 1 }), min(30)).escalations).toEqual([{ step: 2, integrationIds: [4, 5] }]);
    expect(dueRepeats(policy({ escalation: STEPS }), progress({ escalationStep: 3 }), min(999)).escalations).toEqual([]);
  });

  it('each due step carries its own integrations', () => {
    expect(dueRepeats(policy({ escalation: STEPS }), progress(), min(60)).escalations).toEqual([
      { step: 1, integrationIds: [3] },
      { step: 2, integrationIds: [4, 5] },
      { step: 3, integrationIds: [6] },
    ]);
  });

  it('steps removed from the policy after being sent: nothing is due', () => {
    expect(dueRepeats(policy({ escalation: STEPS.slice(0, 1) }), progress({ escalationStep: 2 }), min(999)).escalations).toEqual([]);
  });

  it('escalation counts from the start, not from the last reminder, and both can be due at once', () => {
    const p = progress({ remindersSent: 1, lastReminderAt: min(5) });
    expect(dueRepeats(policy({ reminderIntervalMinutes: 5, escalation: STEPS }), p, min(10))).toEqual({
      reminder: { number: 2, at: min(10) },
      escalations: [{ step: 1, integrationIds: [3] }],
    });
  });
});
