import { ValidationError } from '@vigil/core';
import { parseIsoDate } from '../monitors/date-query.js';

const DAY_MS = 86_400_000;
/** A report covers at most this many days (a year, leap years included). */
export const MAX_SLA_DAYS = 366;

export interface SlaPeriod {
  from: Date;
  /** Exclusive. */
  to: Date;
}

function startOfUtcMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * The period of a monitor's report: `month=YYYY-MM` (as the account report), or `from` and `to`
 * (ISO dates or date-times; a bare `to` date covers that whole UTC day; `to` defaults to now).
 * Neither: the current UTC month (reported up to now; its error budget is the whole month's).
 */
export function parseMonitorSlaPeriod(q: { month?: string; from?: string; to?: string }, now: Date): SlaPeriod {
  if (q.month !== undefined && q.month !== '') {
    if (q.from || q.to) throw new ValidationError('Invalid month: give either month or from and to, not both');
    const { from, to } = parseSlaMonth(q.month, now);
    return { from, to };
  }
  if (!q.from && !q.to) {
    const { from, to } = parseSlaMonth(undefined, now);
    return { from, to };
  }
  return parseSlaRange(q.from, q.to, now);
}

function parseSlaRange(fromRaw: string | undefined, toRaw: string | undefined, now: Date): SlaPeriod {
  let from = startOfUtcMonth(now);
  let to = now;
  if (fromRaw) {
    const parsed = parseIsoDate(fromRaw);
    if (!parsed) throw new ValidationError('Invalid from: must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z');
    from = parsed.at;
  }
  if (toRaw) {
    const parsed = parseIsoDate(toRaw);
    if (!parsed) throw new ValidationError('Invalid to: must be an ISO 8601 date or date-time, e.g. 2026-11-30 or 2026-12-01T00:00:00Z');
    to = new Date(parsed.at.getTime() + (parsed.dateOnly ? DAY_MS : 0));
  }
  if (from.getTime() >= to.getTime()) throw new ValidationError('Invalid date range: from must be before to');
  if (to.getTime() - from.getTime() > MAX_SLA_DAYS * DAY_MS) throw new ValidationError(`Invalid date range: at most ${MAX_SLA_DAYS} days`);
  return { from, to };
}

/** `month=YYYY-MM` of the account report; default: the current UTC month. */
export function parseSlaMonth(raw: string | undefined, now: Date): SlaPeriod & { month: string } {
  if (!raw) {
    const from = startOfUtcMonth(now);
    return { month: from.toISOString().slice(0, 7), from, to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)) };
  }
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
  if (!m || Number(m[1]) < 1970) throw new ValidationError('Invalid month: must be YYYY-MM, e.g. 2026-11');
  const year = Number(m[1]);
  const month = Number(m[2]) - 1;
  return { month: raw, from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
}
