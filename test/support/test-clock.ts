import { ManualClock } from '@vigil/core';

/**
 * Whole years by which clock-dependent test files move their clock and the dates they expect:
 * VIGIL_TEST_CLOCK_SHIFT_YEARS, default 0. `npm run test:clock-shift` runs every file that
 * calls testClock one year ahead and one year back and expects the same results, so a time a
 * server judges by its own clock (a Redis expiry, PostgreSQL's now(), a BullMQ timestamp)
 * instead of the injected one fails there even on the day the test was written. The tests'
 * dates lie in 2025 to 2027, whose months have the same lengths (a shift back from 2025 lands
 * in leap 2024, which only matters across a February); no test depends on the weekday.
 */
export const TEST_CLOCK_SHIFT_YEARS = parseShift(process.env.VIGIL_TEST_CLOCK_SHIFT_YEARS);

function parseShift(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const years = Number(raw);
  if (!Number.isInteger(years) || Math.abs(years) > 50) {
    throw new Error(`VIGIL_TEST_CLOCK_SHIFT_YEARS must be a whole number of years from -50 to 50, not "${raw}"`);
  }
  return years;
}

const DATE = /(?<!\d)((?:19|20|21)\d\d)-(\d\d)(?:-(\d\d))?(?!\d)/g;

/**
 * `text` with the year of every ISO date in it (YYYY-MM, YYYY-MM-DD, a full timestamp) moved by
 * `years` (default: the run's shift). For the dates a test sets, stores and expects alike.
 */
export function shiftDates(text: string, years = TEST_CLOCK_SHIFT_YEARS): string {
  if (!years) return text;
  return text.replace(DATE, (whole, year: string, month: string, day: string | undefined) => {
    const moved = Number(year) + years;
    if (day === '29' && month === '02' && new Date(Date.UTC(moved, 1, 29)).getUTCMonth() !== 1) {
      throw new Error(`${whole} has no counterpart ${years} years away; pick another date`);
    }
    return `${moved}${whole.slice(4)}`;
  });
}

/** The test's ManualClock, standing at `start` moved by the run's shift. */
export function testClock(start: string): ManualClock {
  return new ManualClock(shiftDates(start));
}
