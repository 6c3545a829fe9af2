import { cronProblem, nextCronOccurrence } from './cron-schedule.js';

const d = (iso: string) => new Date(iso);
const next = (cron: string, tz: string, after: string) => nextCronOccurrence(cron, tz, d(after))?.toISOString() ?? null;

/** Occurrences strictly after `from`, each found from the previous one. */
function chain(cron: string, tz: string, from: string, n: number): string[] {
  const out: string[] = [];
  let at = d(from);
  for (let i = 0; i < n; i++) {
    const o = nextCronOccurrence(cron, tz, at);
    if (!o) break;
    out.push(o.toISOString());
    at = o;
  }
  return out;
}

describe('cronProblem', () => {
  it.each(['*/5 * * * *', '0 3 * * MON-FRI', '30 2 1 JAN *', '0 0 29 2 *', '15 */2 * * 0'])('accepts %p', (cron) => {
    expect(cronProblem(cron, 'Europe/Berlin')).toBeNull();
  });
  it('names each problem', () => {
    expect(cronProblem('0 0 * * * *', 'UTC')).toMatch(/five fields/);
    expect(cronProblem('0 0 * *', 'UTC')).toMatch(/five fields/);
    expect(cronProblem('61 * * * *', 'UTC')).toMatch(/cron is not valid/);
    expect(cronProblem('x y z a b', 'UTC')).toMatch(/cron is not valid/);
    expect(cronProblem('0 0 30 2 *', 'UTC')).toBe('cron never fires');
    expect(cronProblem('* * * * *', 'Mars/Olympus')).toMatch(/not an IANA time zone/);
  });
});

describe('nextCronOccurrence', () => {
  it('is strictly after the reference, in the zone', () => {
    expect(next('0 9 * * *', 'Europe/Berlin', '2026-06-01T06:59:00Z')).toBe('2026-06-01T07:00:00.000Z');
    expect(next('0 9 * * *', 'Europe/Berlin', '2026-06-01T07:00:00Z')).toBe('2026-06-02T07:00:00.000Z');
    expect(next('0 9 * * *', 'UTC', '2026-01-01T00:00:00Z')).toBe('2026-01-01T09:00:00.000Z');
    expect(next('0 9 * * *', 'Asia/Kolkata', '2026-01-01T00:00:00Z')).toBe('2026-01-01T03:30:00.000Z');
  });

  it('returns null for an expression that never fires or does not parse', () => {
    expect(next('0 0 30 2 *', 'UTC', '2026-01-01T00:00:00Z')).toBeNull();
    expect(next('not a cron', 'UTC', '2026-01-01T00:00:00Z')).toBeNull();
  });

  it('combines day-of-month and day-of-week with OR, as cron does', () => {
    // 2026-06-01 is a Monday: the 13th or any Friday.
    expect(chain('0 0 13 * FRI', 'UTC', '2026-06-01T00:00:00Z', 3)).toEqual([
      '2026-06-05T00:00:00.000Z',
      '2026-06-12T00:00:00.000Z',
      '2026-06-13T00:00:00.000Z',
    ]);
  });

  describe('across DST in Europe/Berlin', () => {
    it('a daily time in the spring-forward gap fires once, an hour later in wall time', () => {
      // 2026-03-29: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist that night.
      expect(chain('30 2 * * *', 'Europe/Berlin', '2026-03-27T12:00:00Z', 4)).toEqual([
        '2026-03-28T01:30:00.000Z', // 02:30 CET
        '2026-03-29T01:30:00.000Z', // 03:30 CEST (the first valid moment after the gap + 30 min)
        '2026-03-30T00:30:00.000Z', // 02:30 CEST
        '2026-03-31T00:30:00.000Z',
      ]);
    });

    it('a daily time in the autumn-back hour fires once, at its first instant', () => {
      // 2026-10-25: 03:00 CEST falls back to 02:00 CET; 02:30 happens twice.
      expect(chain('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z', 3)).toEqual([
        '2026-10-25T00:30:00.000Z', // 02:30 CEST, first pass
        '2026-10-26T01:30:00.000Z', // 02:30 CET the next day
        '2026-10-27T01:30:00.000Z',
      ]);
    });

    it('from inside the repeated hour the next occurrence is never in the past', () => {
      for (const ref of ['2026-10-25T01:00:00Z', '2026-10-25T01:29:00Z', '2026-10-25T01:59:59Z']) {
        expect(next('30 2 * * *', 'Europe/Berlin', ref)).toBe('2026-10-26T01:30:00.000Z');
        expect(new Date(next('*/20 * * * *', 'Europe/Berlin', ref) ?? 0).getTime()).toBeGreaterThan(d(ref).getTime());
      }
    });

    it('a frequent schedule moves on monotonically through both changes', () => {
      for (const from of ['2026-03-28T23:30:00Z', '2026-10-24T23:30:00Z']) {
        const runs = chain('*/20 * * * *', 'Europe/Berlin', from, 12).map((s) => d(s).getTime());
        expect(runs).toHaveLength(12);
        runs.slice(1).forEach((t, i) => expect(t).toBeGreaterThan(runs[i]));
      }
    });

    it('keeps the wall time on both sides of a change', () => {
      expect(next('0 9 * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z')).toBe('2026-03-29T07:00:00.000Z');
      expect(next('0 9 * * *', 'Europe/Berlin', '2026-03-27T12:00:00Z')).toBe('2026-03-28T08:00:00.000Z');
      expect(next('0 9 * * *', 'America/New_York', '2026-11-01T05:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
      expect(next('0 9 * * *', 'America/New_York', '2026-10-31T05:00:00Z')).toBe('2026-10-31T13:00:00.000Z');
    });
  });
});
