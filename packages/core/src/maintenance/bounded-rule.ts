import rrulePackage from 'rrule';

const { RRule } = rrulePackage;
type Rule = InstanceType<typeof RRule>;

const DAY_MS = 86_400_000;

/** How far one walk of a rule went; `capped` once it reached its bound. */
export interface WalkBudget {
  iterations: number;
  capped: boolean;
}

/**
 * An rrule `RRule` for a rule body and a floating DTSTART whose walk is bounded:
 *
 * - it starts near `from`: DTSTART moves forward by whole INTERVALs of the rule's FREQ to the
 *   start of the last period that begins at or before `from` (the rule's BY* parts that
 *   DTSTART implied are fixed first, so the occurrences from there on are the same). A rule
 *   with COUNT keeps its DTSTART (the count runs from it);
 * - it walks at most `maxIterations` periods. rrule 2.8 walks period after period until it
 *   finds an occurrence past the asked range (to year 9999 for a rule that never fires) and
 *   reads `options.interval` twice a period (the loop's end test and the step); the bounded
 *   options answer 0 from the read after the last allowed period, and rrule's loop ends on an
 *   interval of 0 with what it found so far. recurrence.test.ts pins this behaviour.
 */
export function boundedRule(body: string, dtstart: Date, from: Date, maxIterations: number, budget: WalkBudget): Rule {
  const parsed = RRule.parseString(body);
  const base = new RRule({ ...parsed, dtstart }, true);
  const options = { ...base.options };
  if (!parsed.count) options.dtstart = jumpedStart(options.freq, options.interval, options.wkst, dtstart, from);
  const interval = options.interval;
  let reads = 0;
  Object.defineProperty(options, 'interval', {
    enumerable: true,
    get: () => {
      reads++;
      budget.iterations = Math.max(0, Math.floor((reads - 1) / 2));
      // Read 1 is the walk's start; reads 2p and 2p + 1 end period p. The first read past
      // period maxIterations is its own end test, which then stops the loop.
      if (reads > 2 * maxIterations + 1) {
        budget.capped = true;
        budget.iterations = maxIterations;
        return 0;
      }
      return interval;
    },
  });
  base.options = options;
  return base;
}

/**
 * The start of the last period of the rule at or before `from` (floating time), or `dtstart`
 * when that is DTSTART's own period. Periods are whole INTERVALs of FREQ counted from
 * DTSTART's period: years, months, weeks starting on WKST, days.
 */
function jumpedStart(freq: number, interval: number, wkst: number, dtstart: Date, from: Date): Date {
  if (from <= dtstart) return dtstart;
  const y = dtstart.getUTCFullYear();
  const m = dtstart.getUTCMonth();
  const midnight = Date.UTC(y, m, dtstart.getUTCDate());
  let periods: number;
  let start: (k: number) => number;
  switch (freq) {
    case RRule.YEARLY:
      periods = from.getUTCFullYear() - y;
      start = (k) => Date.UTC(y + k, 0, 1);
      break;
    case RRule.MONTHLY:
      periods = (from.getUTCFullYear() - y) * 12 + from.getUTCMonth() - m;
      start = (k) => Date.UTC(y, m + k, 1);
      break;
    case RRule.WEEKLY: {
      // rrule's weekdays: Monday 0 … Sunday 6.
      const weekStart = midnight - (((dtstart.getUTCDay() + 6 - wkst) % 7) + 7) % 7 * DAY_MS;
      periods = Math.floor((from.getTime() - weekStart) / (7 * DAY_MS));
      start = (k) => weekStart + k * 7 * DAY_MS;
      break;
    }
    default:
      periods = Math.floor((from.getTime() - midnight) / DAY_MS);
      start = (k) => midnight + k * DAY_MS;
  }
  const k = Math.floor(periods / interval) * interval;
  return k >= 1 ? new Date(start(k)) : dtstart;
}
