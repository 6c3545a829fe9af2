import Joi from 'joi';
import { ValidationError } from '@vigil/core';
import { parseIsoDate } from '../monitors/date-query.js';
import { validate } from '../http/validate.js';

const DAY_MS = 86_400_000;
/** A report covers at most this many days (a year, leap years included). */
export const MAX_SLA_DAYS = 366;

export interface SlaPeriod {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The `month` query parameter (YYYY-MM, from 1970): validates it and documents it (routes add the description). */
export const SLA_MONTH_FIELD = Joi.string()
  .pattern(MONTH)
  .custom((v: string, helpers) => (Number(v.slice(0, 4)) >= 1970 ? v : helpers.error('any.invalid')))
  .error(new ValidationError('Invalid month: must be YYYY-MM, e.g. 2026-11'));

const isoDate = (message: string, description: string) =>
  Joi.string()
    .custom((v: string, helpers) => (parseIsoDate(v) ? v : helpers.error('any.invalid')))
    .error(new ValidationError(message))
    .description(description);

/** The `from` and `to` query parameters of a monitor's report (validate and document them). */
export const SLA_RANGE_FIELDS = {
  from: isoDate('Invalid from: must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00Z', 'ISO 8601 date or date-time; default: the start of the current UTC month'),
  to: isoDate(
    'Invalid to: must be an ISO 8601 date or date-time, e.g. 2026-11-30 or 2026-12-01T00:00:00Z',
    `ISO 8601 date (its whole UTC day) or date-time, exclusive; default: now (the end of the current UTC month when from is not given either); at most ${MAX_SLA_DAYS} days after from`,
  ),
};

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
  const parsedFrom = fromRaw ? parseIsoDate(validate(SLA_RANGE_FIELDS.from, fromRaw)) : null;
  if (parsedFrom) from = parsedFrom.at;
  const parsedTo = toRaw ? parseIsoDate(validate(SLA_RANGE_FIELDS.to, toRaw)) : null;
  if (parsedTo) to = new Date(parsedTo.at.getTime() + (parsedTo.dateOnly ? DAY_MS : 0));
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
  const valid = validate(SLA_MONTH_FIELD, raw);
  const year = Number(valid.slice(0, 4));
  const month = Number(valid.slice(5, 7)) - 1;
  return { month: raw, from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
}
