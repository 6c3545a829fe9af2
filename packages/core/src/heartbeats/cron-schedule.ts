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

/** How far ahead a schedule must fire at least once to be accepted (Feb 30 never does). */
const HORIZON_MS = 5 * 366 * 86_400_000;

/** Why `expression` in `timeZone` is no usable schedule, or null when it is. */
export function cronProblem(expression: string, timeZone: string, now: Date): string | null {
  if (!isValidTimeZone(timeZone)) return `timezone "${timeZone}" is not an IANA time zone`;
  if (expression.trim().split(/\s+/).length !== 5) return 'cron must have five fields (minute hour day-of-month month day-of-week)';
  let next: Date | null;
  try {
    next = cronOf(expression, timeZone).nextRun(now);
  } catch (e) {
    return `cron is not valid: ${(e as Error).message}`;
  }
  if (!next || next.getTime() - now.getTime() > HORIZON_MS) return 'cron never fires within five years';
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
