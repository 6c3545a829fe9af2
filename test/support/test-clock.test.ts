import { TEST_CLOCK_SHIFT_YEARS, shiftDates, testClock } from './test-clock.js';
import { testFilesMatching } from './test-files.js';

describe('shiftDates', () => {
  it('moves the year of dates, months and timestamps, keeping the rest of the text', () => {
    expect(shiftDates('2026-11-21', 1)).toBe('2027-11-21');
    expect(shiftDates('2026-01', -1)).toBe('2025-01');
    expect(shiftDates('2026-11-21T23:58:30.000Z', 2)).toBe('2028-11-21T23:58:30.000Z');
    expect(shiftDates('2026-11-22T00:00:00+00:00', -1)).toBe('2025-11-22T00:00:00+00:00');
    expect(shiftDates('Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days)', 1)).toBe('Pro plan, 2027-01-10 to 2027-01-19 (10 of 31 days)');
  });

  it('leaves text without dates, and numbers that are not years, alone', () => {
    expect(shiftDates('no date here', 1)).toBe('no date here');
    expect(shiftDates('12026-11-21 and 2026-1 and 11/01/2026', 1)).toBe('12026-11-21 and 2026-1 and 11/01/2026');
    expect(shiftDates('2026-11-21', 0)).toBe('2026-11-21');
  });

  it('refuses a 29 February that has no counterpart in the target year', () => {
    expect(() => shiftDates('2028-02-29', 1)).toThrow(/2028-02-29 has no counterpart 1 years away/);
    expect(shiftDates('2028-02-29', 4)).toBe('2032-02-29');
    expect(shiftDates('2028-02-28', 1)).toBe('2029-02-28');
  });

  it('defaults to the run shift (VIGIL_TEST_CLOCK_SHIFT_YEARS)', () => {
    expect(shiftDates('2026-11-21')).toBe(`${2026 + TEST_CLOCK_SHIFT_YEARS}-11-21`);
  });
});

describe('testClock', () => {
  it('stands at the start moved by the run shift', () => {
    expect(testClock('2026-11-21T10:00:00Z').now().toISOString()).toBe(`${2026 + TEST_CLOCK_SHIFT_YEARS}-11-21T10:00:00.000Z`);
  });
});

describe('the clock-dependent test files', () => {
  // A fixed-date ManualClock built directly would escape `npm run test:clock-shift`.
  it('build a fixed-date clock only through testClock', () => {
    const exempt = [
      'packages/core/src/time/clock.test.ts', // ManualClock's own unit test: no server involved
      // Expects weekly RRULE occurrences on given weekdays and DST dates, which a whole-year shift
      // moves; it compares nothing with a server's clock (occurrences come from the injected one).
      'apps/api/src/maintenance/maintenance-windows.api.test.ts',
    ];
    const direct = testFilesMatching(/new ManualClock\(\s*['"`]/).filter((file) => !exempt.includes(file));
    expect(direct).toEqual([]);
  });
});
