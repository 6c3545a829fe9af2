import { Cron } from 'croner';
import { isValidTimeZone } from '../maintenance/zoned-time.js';

/**
 * Cron schedules of heartbeat monitors, on croner: classic five fields (minute hour
 * day-of-month month day-of-week, minute precision, names like MON and JAN allowed, no
 * seconds and no years), evaluated as wall time in an IANA time zone. Day-of-month and
 * day-of-week combine with OR when both are restricted, as in Vixie cron. Across a DST change a
 * wall time that does not exist (02:30 on a spring-forward night) fires once at the first
 * valid moment after the gap and one that exists twice (an autumn-back hour) fires once, at
 * its first instant: croner's rules, which match what cron daemons do.
 */

const cache = new Map<string, Cron>();
const CACHE_MAX = 1000;

function cronOf(expression: string, timeZone: string): Cron {
  const key = `${timeZone}\u0000${expression}`;
  let cron = cache.get(key);
  if (!cron) {
    cron = new Cron(expression, { timezone: timeZone, mode: '5-part', legacyMode: true, paused: true });
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, cron);
  }
  return cron;
}

/**
 * Whether a schedule fires at all does not depend on the year (five fields have none): only
 * a 29 February needs a leap year, so eight years from a fixed start show it.
 */
const PROBE_FROM = new Date('2000-01-01T00:00:00Z');
const PROBE_YEARS_MS = 8 * 366 * 86_400_000;

/** Why `expression` in `timeZone` is no usable schedule, or null when it is. */
export function cronProblem(expression: string, timeZone: string): string | null {
  if (!isValidTimeZone(timeZone)) return `timezone "${timeZone}" is not an IANA time zone`;
  if (expression.trim().split(/\s+/).length !== 5) return 'cron must have five fields (minute hour day-of-month month day-of-week)';
  let next: Date | null;
  try {
    next = cronOf(expression, timeZone).nextRun(PROBE_FROM);
  } catch (e) {
    return `cron is not valid: ${(e as Error).message}`;
  }
  if (!next || next.getTime() - PROBE_FROM.getTime() > PROBE_YEARS_MS) return 'cron never fires';
  return null;
}

const MINUTE_MS = 60_000;
/** Minutes searched past a reference croner answers wrongly (a DST change lasts at most two hours). */
const DST_SEARCH_MINUTES = 180;

/**
 * The first occurrence strictly after `after`, or null when there is none (or the expression is
 * bad). croner 10 answers a time at or before the reference when the reference lies in the
 * repeated hour of an autumn-back night (wall times that already fired in the hour's first
 * pass); no occurrence fires in that second pass, so the search moves on a minute at a time
 * until croner answers a later time.
 */
export function nextCronOccurrence(expression: string, timeZone: string, after: Date): Date | null {
  let cron: Cron;
  try {
    cron = cronOf(expression, timeZone);
  } catch {
    return null;
  }
  for (let step = 0; step <= DST_SEARCH_MINUTES; step++) {
    const next = cron.nextRun(new Date(after.getTime() + step * MINUTE_MS));
    if (!next) return null;
    if (next.getTime() > after.getTime()) return next;
  }
  return null;
}
