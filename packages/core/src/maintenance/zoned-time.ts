/**
 * Wall-clock time in an IANA time zone, with Intl only. A "local" value is a wall time encoded
 * as the milliseconds of the same fields read as UTC (2026-03-29T02:30 local is
 * Date.UTC(2026, 2, 29, 2, 30)); rrule works on such floating values.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a time zone name Intl knows (IANA names such as Europe/Berlin, and UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (Berlin in summer: +7,200,000). */
export function zoneOffsetMs(timeZone: string, instantMs: number): number {
  const fields: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== 'literal') fields[p.type] = Number(p.value);
  }
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
  return wall - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/** The wall time at an instant, as a floating value. */
export function utcToLocal(instantMs: number, timeZone: string): number {
  return instantMs + zoneOffsetMs(timeZone, instantMs);
}

const DAY_MS = 86_400_000;

/**
 * The instant of a wall time, as RFC 5545 reads local times: one that occurs twice (clocks go
 * back) is the first of the two; one that does not exist (clocks go forward) is read with the
 * offset before the gap, so 02:30 on a spring-forward night is 03:30 new time.
 */
export function localToUtc(localMs: number, timeZone: string): number {
  const before = zoneOffsetMs(timeZone, localMs - DAY_MS);
  const after = zoneOffsetMs(timeZone, localMs + DAY_MS);
  const fits = (t: number) => t + zoneOffsetMs(timeZone, t) === localMs;
  const candidates = [localMs - before, localMs - after].filter(fits);
  if (candidates.length) return Math.min(...candidates);
  return localMs - before;
}
