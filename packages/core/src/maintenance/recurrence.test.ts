import rrulePackage from 'rrule';
import { ValidationError } from '../errors/errors.js';
import { RRULE_BOUNDS } from '../security/evaluation-bounds.js';
import { assertRruleFires, expand, firstOccurrencesBetween, nextOccurrences, normaliseRrule, occurrenceAt, occurrencesBetween, recurrenceStats, RRULE_NEVER_FIRES, type MaintenanceSchedule } from './recurrence.js';

const { rrulestr } = rrulePackage;

const at = (iso: string) => new Date(iso);
const iso = (o: { start: Date; end: Date }) => [o.start.toISOString(), o.end.toISOString()];

function recurring(startsAt: string, rrule: string, durationMinutes: number, timezone: string): MaintenanceSchedule {
  return { startsAt: at(startsAt), endsAt: null, rrule: normaliseRrule(rrule), durationMinutes, timezone };
}

describe('normaliseRrule', () => {
  it('accepts a rule with or without the RRULE: prefix and returns its canonical form', () => {
    expect(normaliseRrule('RRULE:FREQ=WEEKLY;BYDAY=SU')).toBe('FREQ=WEEKLY;BYDAY=SU');
    expect(normaliseRrule(' freq=monthly;bymonthday=-1 ')).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(normaliseRrule('FREQ=DAILY;INTERVAL=2;COUNT=5')).toBe('FREQ=DAILY;INTERVAL=2;COUNT=5');
  });

  it.each([
    ['', 'Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU'],
    ['FREQ=WEEKLY\nBYDAY=SU', 'Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU'],
    ['x'.repeat(501), 'Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU'],
    ['BYDAY=SU', 'Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['FREQ=SECONDLY', 'Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['FREQ=MINUTELY', 'Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['FREQ=HOURLY', 'Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY'],
    ['FREQ=DAILY;BYSECOND=1,2', 'Invalid rrule: BYSECOND is not supported'],
    ['FREQ=DAILY;BYHOUR=0,1,2,3,4,5;BYMINUTE=0,10,20,30,40', 'Invalid rrule: at most 24 starts a day (BYHOUR x BYMINUTE)'],
    ['FREQ=DAILY;INTERVAL=1001', 'Invalid rrule: INTERVAL must be from 1 to 1000'],
    ['DTSTART:20260101T000000Z;FREQ=DAILY', 'Invalid rrule: give the start as starts_at and the zone as timezone, not in the rule'],
    ['FREQ=DAILY;TZID=Europe/Berlin', 'Invalid rrule: give the start as starts_at and the zone as timezone, not in the rule'],
  ])('refuses %p', (rule, message) => {
    expect(() => normaliseRrule(rule)).toThrow(new ValidationError(message));
  });
});

describe('one-off windows', () => {
  const once: MaintenanceSchedule = { startsAt: at('2026-06-01T10:00:00Z'), endsAt: at('2026-06-01T12:00:00Z'), rrule: null, durationMinutes: null, timezone: 'UTC' };

  it('is under way from its start up to (not including) its end', () => {
    expect(occurrenceAt(once, at('2026-06-01T09:59:59.999Z'))).toBeNull();
    expect(iso(occurrenceAt(once, at('2026-06-01T10:00:00Z'))!)).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-01T12:00:00.000Z']);
    expect(occurrenceAt(once, at('2026-06-01T11:59:59.999Z'))).not.toBeNull();
    expect(occurrenceAt(once, at('2026-06-01T12:00:00Z'))).toBeNull();
  });

  it('lists itself as next until it has ended', () => {
    expect(nextOccurrences(once, at('2026-05-01T00:00:00Z'), 5).map(iso)).toEqual([['2026-06-01T10:00:00.000Z', '2026-06-01T12:00:00.000Z']]);
    expect(nextOccurrences(once, at('2026-06-01T11:00:00Z'), 5)).toHaveLength(1);
    expect(nextOccurrences(once, at('2026-06-01T12:00:00Z'), 5)).toEqual([]);
  });
});

describe('recurring windows across DST changes', () => {
  it('keeps a Sunday 02:30 Berlin window on the wall clock; on the spring-forward night 02:30 is read as 03:30 CEST', () => {
    const w = recurring('2026-03-15T01:30:00Z', 'FREQ=WEEKLY;BYDAY=SU', 60, 'Europe/Berlin');
    expect(occurrencesBetween(w, at('2026-03-15T00:00:00Z'), at('2026-04-06T00:00:00Z')).map(iso)).toEqual([
      ['2026-03-15T01:30:00.000Z', '2026-03-15T02:30:00.000Z'],
      ['2026-03-22T01:30:00.000Z', '2026-03-22T02:30:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:30:00.000Z'],
      ['2026-04-05T00:30:00.000Z', '2026-04-05T01:30:00.000Z'],
    ]);
  });

  it('takes the first of a wall time that occurs twice (New York, fall back)', () => {
    const w = recurring('2026-10-30T05:30:00Z', 'FREQ=DAILY', 30, 'America/New_York'); // 01:30 EDT
    expect(occurrencesBetween(w, at('2026-10-30T00:00:00Z'), at('2026-11-03T00:00:00Z')).map((o) => o.start.toISOString())).toEqual([
      '2026-10-30T05:30:00.000Z',
      '2026-10-31T05:30:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-02T06:30:00.000Z',
    ]);
  });

  it('measures the duration in real time, across the change', () => {
    // 01:00 CET on the spring-forward night, three hours: ends at 05:00 CEST (03:00Z).
    const w = recurring('2026-03-28T00:00:00Z', 'FREQ=DAILY', 180, 'Europe/Berlin');
    expect(iso(occurrenceAt(w, at('2026-03-29T01:00:00Z'))!)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T03:00:00.000Z']);
  });

  it('is under way only inside an occurrence', () => {
    const w = recurring('2026-01-04T23:00:00Z', 'FREQ=WEEKLY;BYDAY=SU', 120, 'UTC');
    expect(occurrenceAt(w, at('2026-01-11T22:59:59Z'))).toBeNull();
    expect(occurrenceAt(w, at('2026-01-12T00:59:59Z'))!.start.toISOString()).toBe('2026-01-11T23:00:00.000Z');
    expect(occurrenceAt(w, at('2026-01-12T01:00:00Z'))).toBeNull();
  });
});

describe('recurring windows at month ends', () => {
  it('BYMONTHDAY=-1 is the last day of every month, February of a leap year included', () => {
    const w = recurring('2027-11-30T22:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=-1', 60, 'UTC');
    expect(nextOccurrences(w, at('2027-12-01T00:00:00Z'), 4).map((o) => o.start.toISOString())).toEqual([
      '2027-12-31T22:00:00.000Z',
      '2028-01-31T22:00:00.000Z',
      '2028-02-29T22:00:00.000Z',
      '2028-03-31T22:00:00.000Z',
    ]);
  });

  it('BYMONTHDAY=31 skips months without a 31st, as RFC 5545 says', () => {
    const w = recurring('2026-01-31T08:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=31', 60, 'UTC');
    expect(nextOccurrences(w, at('2026-01-31T08:00:00Z'), 3).map((o) => o.start.toISOString())).toEqual([
      '2026-01-31T08:00:00.000Z',
      '2026-03-31T08:00:00.000Z',
      '2026-05-31T08:00:00.000Z',
    ]);
  });

  it('a local month end in a zone ahead of UTC falls on the previous UTC day', () => {
    const w = recurring('2026-01-30T23:30:00Z', 'FREQ=MONTHLY;BYMONTHDAY=-1', 60, 'Asia/Tokyo'); // 08:30 JST on the 31st
    expect(nextOccurrences(w, at('2026-02-01T00:00:00Z'), 2).map((o) => o.start.toISOString())).toEqual(['2026-02-27T23:30:00.000Z', '2026-03-30T23:30:00.000Z']);
  });
});

describe('nextOccurrences', () => {
  it('includes an occurrence under way and stops at count', () => {
    const w = recurring('2026-01-01T10:00:00Z', 'FREQ=DAILY', 60, 'UTC');
    expect(nextOccurrences(w, at('2026-02-10T10:30:00Z'), 3).map((o) => o.start.toISOString())).toEqual([
      '2026-02-10T10:00:00.000Z',
      '2026-02-11T10:00:00.000Z',
      '2026-02-12T10:00:00.000Z',
    ]);
  });

  it('answers a later instant from the list it computed until that list\'s first occurrence ends, as a fresh walk would', () => {
    const w = recurring('2026-01-01T10:00:00Z', 'FREQ=DAILY;BYHOUR=10,22', 90, 'Europe/Berlin');
    // A walk of its own (what nextOccurrences walks, without its cache).
    const fresh = (t: string) =>
      expand(w, at(t), new Date(at(t).getTime() + 3_660 * 86_400_000), 3, (start) => start + 90 * 60_000 > at(t).getTime()).starts.map((ms) => new Date(ms).toISOString());
    const expansions = recurrenceStats.expansions;
    const times = ['2026-03-28T08:00:00Z', '2026-03-28T09:00:00Z', '2026-03-28T10:29:59Z', '2026-03-28T10:30:00Z', '2026-03-29T23:00:00Z', '2026-03-28T08:30:00Z'];
    const answers = times.map((t) => nextOccurrences(w, at(t), 3).map((o) => o.start.toISOString()));
    // Two walks are answers of the cache: 09:00 and 10:29:59 (the first occurrence, 09:00 to 10:30 UTC, is still under way).
    expect(recurrenceStats.expansions - expansions).toBe(times.length - 2);
    for (const [i, t] of times.entries()) expect(answers[i]).toEqual(fresh(t));
  });

  it('ends with COUNT and UNTIL', () => {
    const w = recurring('2026-01-01T10:00:00Z', 'FREQ=DAILY;COUNT=2', 60, 'UTC');
    expect(nextOccurrences(w, at('2025-12-01T00:00:00Z'), 5)).toHaveLength(2);
    expect(nextOccurrences(w, at('2026-01-03T00:00:00Z'), 5)).toEqual([]);
  });

  it('stays cheap for a rule started long ago', () => {
    const w = recurring('2016-01-01T00:00:00Z', 'FREQ=DAILY;BYHOUR=0,6,12,18', 30, 'UTC');
    expect(nextOccurrences(w, at('2035-06-01T01:00:00Z'), 2).map((o) => o.start.toISOString())).toEqual(['2035-06-01T06:00:00.000Z', '2035-06-01T12:00:00.000Z']);
  });

  it('walks only as far as the occurrences asked for, skipping the ended ones of the widened margin', () => {
    // 24 starts a day of 3 days each: the widened walk begins ~4 days back, among 96 ended starts.
    const w = recurring('1970-01-01T00:00:00Z', 'FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23', 3 * 24 * 60, 'Europe/Berlin');
    const after = at('2026-06-10T12:30:00Z');
    const walked = expand(w, after, at('2036-06-10T00:00:00Z'), 3, (start) => start + 3 * 86_400_000 > after.getTime());
    expect(walked.starts).toHaveLength(3);
    expect(walked.iterations).toBeLessThan(10);
    const next = nextOccurrences(w, after, 3);
    expect(next.map((o) => o.start.toISOString())).toEqual(['2026-06-07T13:00:00.000Z', '2026-06-07T14:00:00.000Z', '2026-06-07T15:00:00.000Z']);
    expect(next.every((o) => o.end > after)).toBe(true);
  });
});

describe('firstOccurrencesBetween', () => {
  it('answers the first occurrences overlapping the period, like the full list cut short', () => {
    const w = recurring('1970-01-01T00:00:00Z', 'FREQ=DAILY', 30, 'UTC');
    const from = at('2026-03-01T00:10:00Z');
    const to = at('2026-03-15T00:00:00Z');
    const all = occurrencesBetween(w, from, to);
    expect(all.length).toBeGreaterThan(3);
    expect(firstOccurrencesBetween(w, from, to, 3)).toEqual(all.slice(0, 3));
    expect(firstOccurrencesBetween(w, from, to, 3)[0].start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    const once: MaintenanceSchedule = { startsAt: at('2026-03-02T00:00:00Z'), endsAt: at('2026-03-02T01:00:00Z'), rrule: null, durationMinutes: null, timezone: 'UTC' };
    expect(firstOccurrencesBetween(once, from, to, 3)).toHaveLength(1);
  });
});

describe('bounded expansion (issue 28)', () => {
  const NEVER = 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31';

  it('refuses a rule that never occurs within the look-ahead, and one whose COUNT is spent', () => {
    const now = at('2026-11-27T00:00:00Z');
    expect(() => assertRruleFires(recurring('2026-12-01T00:00:00Z', NEVER, 60, 'UTC'), now)).toThrow(new ValidationError(RRULE_NEVER_FIRES));
    expect(() => assertRruleFires(recurring('2020-01-01T00:00:00Z', 'FREQ=DAILY;COUNT=3', 60, 'UTC'), now)).toThrow(new ValidationError(RRULE_NEVER_FIRES));
    expect(() => assertRruleFires(recurring('2020-01-01T00:00:00Z', 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29', 60, 'UTC'), now)).not.toThrow();
    expect(() => assertRruleFires(recurring('1970-01-01T00:00:00Z', 'FREQ=WEEKLY;BYDAY=SU', 60, 'UTC'), now)).not.toThrow();
  });

  it('checks a schedule again without a walk while the start it found is still ahead, and walks once it has passed (issue 35)', () => {
    const w = recurring('2026-01-04T02:00:00Z', 'FREQ=DAILY;UNTIL=20261210T020000Z', 30, 'UTC');
    assertRruleFires(w, at('2026-11-27T03:00:00Z'));
    const expansions = recurrenceStats.expansions;
    // The start found (2026-11-28 02:00) is still ahead: no walk.
    assertRruleFires(w, at('2026-11-27T23:00:00Z'));
    expect(recurrenceStats.expansions).toBe(expansions);
    // Past it: a walk, which finds the next start.
    assertRruleFires(w, at('2026-11-28T03:00:00Z'));
    expect(recurrenceStats.expansions).toBe(expansions + 1);
    // Past UNTIL: refused as before.
    expect(() => assertRruleFires(w, at('2026-12-12T00:00:00Z'))).toThrow(new ValidationError(RRULE_NEVER_FIRES));
  });

  it('walks at most the iteration cap for a stored rule that never occurs, answering no occurrence', () => {
    const w = recurring('2026-01-01T00:00:00Z', NEVER, 60, 'UTC');
    const walk = expand(w, at('2026-03-01T00:00:00Z'), at('2026-03-02T00:00:00Z'));
    expect(walk).toEqual({ starts: [], iterations: RRULE_BOUNDS.maxIterations, capped: true });
    expect(occurrenceAt(w, at('2026-03-01T12:00:00Z'))).toBeNull();
  });

  it('starts a rule whose DTSTART is in 1970 near the asked period', () => {
    const w = recurring('1970-01-04T02:00:00Z', 'FREQ=WEEKLY;BYDAY=SU', 60, 'UTC');
    const walk = expand(w, at('2026-11-29T02:30:00Z'), at('2026-11-29T02:30:01Z'));
    expect(walk.capped).toBe(false);
    expect(walk.iterations).toBeLessThanOrEqual(3);
    expect(walk.starts.map((s) => new Date(s).toISOString())).toEqual(['2026-11-29T02:00:00.000Z']);
    const daily = expand(recurring('1970-01-01T00:00:00Z', 'FREQ=DAILY;BYHOUR=2', 60, 'UTC'), at('2026-11-29T02:30:00Z'), at('2026-11-29T02:30:01Z'));
    expect(daily.iterations).toBeLessThanOrEqual(4);
  });

  it('keeps a COUNT rule counting from its DTSTART (bounded by the cap)', () => {
    const w = recurring('2026-01-01T10:00:00Z', 'FREQ=DAILY;COUNT=40', 60, 'UTC');
    expect(occurrenceAt(w, at('2026-02-09T10:30:00Z'))?.start.toISOString()).toBe('2026-02-09T10:00:00.000Z');
    expect(occurrenceAt(w, at('2026-02-10T10:30:00Z'))).toBeNull();
  });

  it.each([
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,FR;WKST=SU',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=MONTHLY;INTERVAL=5;BYDAY=2TU',
    'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    'FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29',
    'FREQ=YEARLY;BYYEARDAY=100,-1',
    'FREQ=DAILY;BYHOUR=0,12;BYMINUTE=15;UNTIL=20300101T000000Z',
  ])('moving DTSTART forward keeps the occurrences of %s (as a walk from DTSTART finds them)', (rule) => {
    for (const start of ['1971-01-31T07:30:00Z', '2019-12-31T23:00:00Z']) {
      const w = recurring(start, rule, 60, 'UTC');
      const from = at('2026-02-10T00:00:00Z');
      const to = at('2026-09-01T00:00:00Z');
      const fromDtstart = rrulestr(w.rrule ?? '', { dtstart: w.startsAt })
        .between(new Date(from.getTime() - 3_600_000 - 86_400_000), new Date(to.getTime() + 86_400_000), true)
        .map((d) => d.getTime());
      expect(expand(w, from, to).starts).toEqual(fromDtstart);
    }
  });

  it('computes the occurrences of a schedule and day once: later questions are cache hits', () => {
    const w = recurring('2026-01-01T03:00:00Z', 'FREQ=DAILY', 60, 'Asia/Kolkata');
    const expansions = recurrenceStats.expansions;
    const hits = recurrenceStats.cacheHits;
    expect(occurrenceAt(w, at('2026-06-01T03:30:00Z'))).not.toBeNull();
    expect(occurrenceAt(w, at('2026-06-01T05:00:00Z'))).toBeNull();
    expect(occurrenceAt({ ...w }, at('2026-06-01T03:10:00Z'))).not.toBeNull();
    expect(recurrenceStats.expansions - expansions).toBe(1);
    expect(recurrenceStats.cacheHits - hits).toBe(2);
    expect(occurrencesBetween(w, at('2026-06-01T00:00:00Z'), at('2026-06-03T00:00:00Z'))).toHaveLength(2);
    expect(recurrenceStats.expansions - expansions).toBe(2);
  });
});
