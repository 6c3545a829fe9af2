import rrulePackage from 'rrule';
import { ValidationError } from '../errors/errors.js';
import { localToUtc, utcToLocal } from './zoned-time.js';

const { RRule, rrulestr } = rrulePackage;

/** When a maintenance window happens: once ([startsAt, endsAt)) or by an RFC 5545 RRULE. */
export interface MaintenanceSchedule {
  startsAt: Date;
  /** One-off windows end here; null for recurring ones. */
  endsAt: Date | null;
  /** RRULE body (FREQ=WEEKLY;BYDAY=SU); null for one-off windows. */
  rrule: string | null;
  /** Length of each occurrence of a recurring window. */
  durationMinutes: number | null;
  /** IANA zone whose wall clock the rule follows (startsAt's wall time there is DTSTART). */
  timezone: string;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

/**
 * Frequencies a window may recur at, and at most 24 starts a day: rrule walks every occurrence
 * from DTSTART on each evaluation, so these bounds are what keeps a hostile rule cheap.
 */
const ALLOWED_FREQUENCIES = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
const MAX_STARTS_PER_DAY = 24;
/** Occurrences returned by one evaluation. */
const MAX_OCCURRENCES = 1_000;
const FAR_FUTURE_MS = 10 * 366 * 86_400_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Validates an RRULE and returns it in canonical form (no `RRULE:` prefix). DTSTART and
 * time zones come from the window's own fields, so a rule that carries them is refused.
 */
export function normaliseRrule(input: string): string {
  const body = input.trim().replace(/^RRULE:/i, '');
  if (!body || body.length > 500 || /[\r\n]/.test(body)) throw new ValidationError('Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU');
  if (/(^|;)\s*(DTSTART|TZID)\b/i.test(body)) throw new ValidationError('Invalid rrule: give the start as starts_at and the zone as timezone, not in the rule');
  let options;
  try {
    options = RRule.parseString(body);
  } catch {
    throw new ValidationError('Invalid rrule: must be one RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SU');
  }
  if (options.freq === undefined || !ALLOWED_FREQUENCIES.has(options.freq)) {
    throw new ValidationError('Invalid rrule: FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY');
  }
  const many = (v: number | number[] | null | undefined) => (Array.isArray(v) ? v.length : 1);
  if (options.bysecond !== undefined && options.bysecond !== null) throw new ValidationError('Invalid rrule: BYSECOND is not supported');
  if (many(options.byhour) * many(options.byminute) > MAX_STARTS_PER_DAY) {
    throw new ValidationError(`Invalid rrule: at most ${MAX_STARTS_PER_DAY} starts a day (BYHOUR x BYMINUTE)`);
  }
  if (options.interval !== undefined && (options.interval < 1 || options.interval > 1000)) {
    throw new ValidationError('Invalid rrule: INTERVAL must be from 1 to 1000');
  }
  return RRule.optionsToString(options).replace(/^RRULE:/, '');
}

function ruleOf(s: MaintenanceSchedule, rrule: string) {
  // rrule works on floating times: DTSTART is startsAt's wall time in the zone, read as UTC.
  return rrulestr(rrule, { dtstart: new Date(utcToLocal(s.startsAt.getTime(), s.timezone)) });
}

/** Every occurrence that overlaps [from, to), oldest first. */
export function occurrencesBetween(s: MaintenanceSchedule, from: Date, to: Date): Occurrence[] {
  if (!s.rrule) {
    const end = s.endsAt ?? s.startsAt;
    return s.startsAt < to && end > from ? [{ start: s.startsAt, end }] : [];
  }
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  // Floating bounds, widened by a day either side for the zone's offset.
  const floatFrom = new Date(utcToLocal(from.getTime() - durationMs, s.timezone) - DAY_MS);
  const floatTo = new Date(utcToLocal(to.getTime(), s.timezone) + DAY_MS);
  const starts = ruleOf(s, s.rrule).between(floatFrom, floatTo, true, (_d, i) => i < MAX_OCCURRENCES);
  const found: Occurrence[] = [];
  for (const floating of starts) {
    const start = localToUtc(floating.getTime(), s.timezone);
    const occurrence = { start: new Date(start), end: new Date(start + durationMs) };
    if (occurrence.start < to && occurrence.end > from) found.push(occurrence);
  }
  return found;
}

/** The occurrence under way at an instant, or null. */
export function occurrenceAt(s: MaintenanceSchedule, at: Date): Occurrence | null {
  return occurrencesBetween(s, at, new Date(at.getTime() + 1))[0] ?? null;
}

/** The next `count` occurrences that have not ended by `after` (one under way included). */
export function nextOccurrences(s: MaintenanceSchedule, after: Date, count: number): Occurrence[] {
  if (!s.rrule) return occurrencesBetween(s, after, new Date(8.64e15)).slice(0, count);
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  const floatFrom = new Date(utcToLocal(after.getTime() - durationMs, s.timezone) - DAY_MS);
  const floatTo = new Date(floatFrom.getTime() + FAR_FUTURE_MS);
  // A few extra: the widened start may include occurrences that already ended.
  const starts = ruleOf(s, s.rrule).between(floatFrom, floatTo, true, (_d, i) => i < count + MAX_STARTS_PER_DAY + 2);
  return starts
    .map((floating) => localToUtc(floating.getTime(), s.timezone))
    .filter((start) => start + durationMs > after.getTime())
    .slice(0, count)
    .map((start) => ({ start: new Date(start), end: new Date(start + durationMs) }));
}
