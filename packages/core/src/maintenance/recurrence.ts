import rrulePackage from 'rrule';
import { ValidationError } from '../errors/errors.js';
import { RRULE_BOUNDS } from '../security/evaluation-bounds.js';
import { boundedRule, type WalkBudget } from './bounded-rule.js';
import { localToUtc, utcToLocal } from './zoned-time.js';

const { RRule } = rrulePackage;

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
 * Frequencies a window may recur at, and at most 24 starts a day. Expansion is bounded anyway
 * (bounded-rule.ts: it starts near the asked period and walks at most RRULE_BOUNDS.maxIterations
 * periods); these keep a rule's own occurrences few.
 */
const ALLOWED_FREQUENCIES = new Set([RRule.DAILY, RRule.WEEKLY, RRule.MONTHLY, RRule.YEARLY]);
const MAX_STARTS_PER_DAY = 24;
const FAR_FUTURE_MS = 10 * 366 * 86_400_000;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const YEAR_MS = 365.25 * DAY_MS;

/**
 * Validates an RRULE and returns it in canonical form (no `RRULE:` prefix). DTSTART and
 * time zones come from the window's own fields, so a rule that carries them is refused.
 */
export function normaliseRrule(input: string): string {
  const known = normalised.get(input);
  if (known !== undefined) return known;
  const rule = normalise(input);
  if (normalised.size >= RRULE_BOUNDS.cacheEntries) normalised.clear();
  normalised.set(input, rule);
  return rule;
}

/**
 * normaliseRrule's answers by input (rrule's parse and print of the same rule, again on every
 * plan of a document that declares it, issue 35); refusals are not kept. Inputs longer than
 * a rule may be are refused before they could be kept.
 */
const normalised = new Map<string, string>();

function normalise(input: string): string {
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

/**
 * An occurrence start (UTC ms) assertRruleFires found, by schedule content (an edit is a new
 * key). A later check whose look-ahead still holds that start passes without a walk: the start
 * lies in its range, and a walk from a later instant reaches it in no more periods (a rule with
 * COUNT walks from its DTSTART either way). Once that start has passed, the check walks again.
 */
const firesAt = new Map<string, number>();

/** The message of a rule that does not fire within the look-ahead. */
export const RRULE_NEVER_FIRES = `Invalid rrule: never occurs within ${RRULE_BOUNDS.lookaheadYears} years of starts_at (or of now, if later); check BYMONTH, BYMONTHDAY, BYDAY, COUNT and UNTIL`;

/**
 * Refuses (400) a recurring schedule whose rule has no occurrence within
 * RRULE_BOUNDS.lookaheadYears of the later of its start and `now`, like a cron that never
 * fires: `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`, a COUNT or UNTIL already spent. The search is
 * itself bounded (a rule that needs more than RRULE_BOUNDS.maxIterations periods to fire is
 * refused too).
 */
export function assertRruleFires(s: MaintenanceSchedule, now: Date): void {
  if (!s.rrule) return;
  const from = new Date(Math.max(s.startsAt.getTime(), now.getTime()));
  const until = from.getTime() + RRULE_BOUNDS.lookaheadYears * YEAR_MS;
  const key = `${s.rrule}\u0000${s.startsAt.getTime()}\u0000${s.durationMinutes}\u0000${s.timezone}`;
  const known = firesAt.get(key);
  if (known !== undefined && known >= from.getTime() && known <= until) {
    recurrenceStats.cacheHits++;
    return;
  }
  const ahead = expand(s, from, new Date(until), 1, (start) => start >= from.getTime()).starts[0];
  if (ahead !== undefined && ahead <= until) {
    if (firesAt.size >= RRULE_BOUNDS.cacheEntries) firesAt.delete(firesAt.keys().next().value ?? key);
    firesAt.set(key, ahead);
    return;
  }
  // None ahead: the walk's margin (a day, and an occurrence's length, before `from`) counts too.
  if (!expand(s, from, new Date(until), 1).starts.length) throw new ValidationError(RRULE_NEVER_FIRES);
}

/** What one bounded expansion found, and how far it walked. */
export interface Expansion {
  /** Occurrence starts (UTC ms), oldest first. */
  starts: number[];
  /** Periods walked. */
  iterations: number;
  /** True when the walk stopped at RRULE_BOUNDS.maxIterations (later occurrences, if any, are not counted). */
  capped: boolean;
}

/** Counters of the module, for tests and metrics: expansions run and answers served from the cache. */
export const recurrenceStats = { expansions: 0, cacheHits: 0, iterations: 0 };

/**
 * Starts (UTC) of occurrences whose floating start lies in [from - duration - 1 day, to + 1 day]
 * (widened by a day for the zone's offset), in one bounded walk. With `accept`, only starts it
 * accepts are kept, and the walk stops at the `limit`-th of them: a caller that wants the next
 * few occurrences pays for those few, not for the widened margin's worth of 24 starts a day.
 */
export function expand(s: MaintenanceSchedule, from: Date, to: Date, limit: number = RRULE_BOUNDS.maxOccurrences, accept: (startMs: number) => boolean = () => true): Expansion {
  if (!s.rrule) return { starts: [], iterations: 0, capped: false };
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  const floatFrom = new Date(utcToLocal(from.getTime() - durationMs, s.timezone) - DAY_MS);
  const floatTo = new Date(Math.min(utcToLocal(to.getTime(), s.timezone) + DAY_MS, 8.64e15));
  const dtstart = new Date(utcToLocal(s.startsAt.getTime(), s.timezone));
  const budget: WalkBudget = { iterations: 0, capped: false };
  const rule = boundedRule(s.rrule, dtstart, floatFrom, RRULE_BOUNDS.maxIterations, budget);
  const wanted = Math.min(limit, RRULE_BOUNDS.maxOccurrences);
  const starts: number[] = [];
  // rrule stops at the first date the iterator refuses; seen bounds the refused ones too.
  let seen = 0;
  rule.between(floatFrom, floatTo, true, (d) => {
    if (starts.length >= wanted || seen++ >= RRULE_BOUNDS.maxOccurrences) return false;
    const start = localToUtc(d.getTime(), s.timezone);
    if (accept(start)) starts.push(start);
    return true;
  });
  recurrenceStats.expansions++;
  recurrenceStats.iterations += budget.iterations;
  return { starts, iterations: budget.iterations, capped: budget.capped };
}

/** Every occurrence that overlaps [from, to), oldest first (one bounded expansion). */
export function occurrencesBetween(s: MaintenanceSchedule, from: Date, to: Date): Occurrence[] {
  if (!s.rrule) {
    const end = s.endsAt ?? s.startsAt;
    return s.startsAt < to && end > from ? [{ start: s.startsAt, end }] : [];
  }
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  const found: Occurrence[] = [];
  for (const start of expand(s, from, to).starts) {
    const occurrence = { start: new Date(start), end: new Date(start + durationMs) };
    if (occurrence.start < to && occurrence.end > from) found.push(occurrence);
  }
  return found;
}

/**
 * Occurrences of recurring schedules by schedule content (rule, start, duration, zone: an edit
 * is a new key) and UTC day, oldest dropped first (a Map keeps insertion order). A day holds
 * at most 24 starts a day times the 8 days a 7-day occurrence can reach back.
 */
const byDay = new Map<string, Occurrence[]>();

/** The occurrences overlapping the UTC day that holds `at`: computed once per schedule and day, then cached. */
export function occurrencesOfDay(s: MaintenanceSchedule, at: Date): Occurrence[] {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (!s.rrule) return occurrencesBetween(s, new Date(day), new Date(day + DAY_MS));
  const key = `${s.rrule}\u0000${s.startsAt.getTime()}\u0000${s.durationMinutes}\u0000${s.timezone}\u0000${day}`;
  const cached = byDay.get(key);
  if (cached) {
    recurrenceStats.cacheHits++;
    return cached;
  }
  const found = occurrencesBetween(s, new Date(day), new Date(day + DAY_MS));
  if (byDay.size >= RRULE_BOUNDS.cacheEntries) byDay.delete(byDay.keys().next().value ?? key);
  byDay.set(key, found);
  return found;
}

/** The occurrence under way at an instant, or null (from the cached occurrences of its UTC day). */
export function occurrenceAt(s: MaintenanceSchedule, at: Date): Occurrence | null {
  const t = at.getTime();
  return occurrencesOfDay(s, at).find((o) => o.start.getTime() <= t && o.end.getTime() > t) ?? null;
}

/**
 * Full answers of nextOccurrences by schedule content and count, with the instant they were
 * computed at. Such a list stays the answer for any later instant until its first occurrence
 * ends: every occurrence not ended then had not ended at the earlier instant either, so the first
 * `count` of them are the same ones (occurrences are ordered by start and all last as long).
 */
const nextByKey = new Map<string, { at: number; list: Occurrence[] }>();

/** The next `count` occurrences that have not ended by `after` (one under way included). */
export function nextOccurrences(s: MaintenanceSchedule, after: Date, count: number): Occurrence[] {
  if (!s.rrule) return occurrencesBetween(s, after, new Date(8.64e15)).slice(0, count);
  const t = after.getTime();
  const key = `${s.rrule}\u0000${s.startsAt.getTime()}\u0000${s.durationMinutes}\u0000${s.timezone}\u0000${count}`;
  const cached = nextByKey.get(key);
  if (cached && t >= cached.at && cached.list[0].end.getTime() > t) {
    recurrenceStats.cacheHits++;
    return cached.list.slice();
  }
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  // The widened walk starts before `after`: occurrences that already ended are skipped, not counted.
  const { starts } = expand(s, after, new Date(t + FAR_FUTURE_MS), count, (start) => start + durationMs > t);
  const list = starts.map((start) => ({ start: new Date(start), end: new Date(start + durationMs) }));
  // Only a full list: a shorter one may grow as the walk's far end moves with `after`.
  if (count > 0 && list.length === count) {
    if (nextByKey.size >= RRULE_BOUNDS.cacheEntries) nextByKey.delete(nextByKey.keys().next().value ?? key);
    nextByKey.set(key, { at: t, list });
    return list.slice();
  }
  return list;
}

/** The first `count` occurrences that overlap [from, to), oldest first; the walk stops at the last of them. */
export function firstOccurrencesBetween(s: MaintenanceSchedule, from: Date, to: Date, count: number): Occurrence[] {
  if (!s.rrule) return occurrencesBetween(s, from, to).slice(0, count);
  const durationMs = (s.durationMinutes ?? 0) * MINUTE_MS;
  const overlaps = (start: number) => start < to.getTime() && start + durationMs > from.getTime();
  return expand(s, from, to, count, overlaps).starts.map((start) => ({ start: new Date(start), end: new Date(start + durationMs) }));
}
