import Joi from 'joi';
import { ValidationError } from '@vigil/core';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

export interface ParsedDate {
  at: Date;
  /** True for a bare YYYY-MM-DD (a whole UTC day). */
  dateOnly: boolean;
}

/**
 * An ISO 8601 date (YYYY-MM-DD, a UTC day) or date-time (YYYY-MM-DDTHH:MM[:SS[.fff]] with Z or
 * ±HH:MM; without a zone it is UTC). Returns null for anything else, impossible dates included.
 */
export function parseIsoDate(text: string): ParsedDate | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const dayStart = Date.UTC(year, month - 1, day);
  const check = new Date(dayStart);
  if (year < 1970 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (h === undefined) return { at: check, dateOnly: true };
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  let offsetMin = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const zm = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
    if (!zm) return null;
    const zh = Number(zm[2]);
    const zmin = Number(zm[3] ?? 0);
    if (zh > 23 || zmin > 59) return null;
    offsetMin = (zm[1] === '-' ? -1 : 1) * (zh * 60 + zmin);
  }
  return { at: new Date(dayStart + ((hour * 60 + minute) * 60 + second) * 1000 + ms - offsetMin * 60_000), dateOnly: false };
}

export interface DateRange {
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  toExclusive?: Date;
}

const DAY_MS = 86_400_000;

const INVALID_DATE = (name: string) => `Invalid ${name}: must be an ISO 8601 date or date-time, e.g. 2025-01-31 or 2025-01-31T12:00:00Z`;

const isoDate = (name: string, description: string) =>
  Joi.string()
    .custom((v: string, helpers) => (parseIsoDate(v) ? v : helpers.error('any.invalid')))
    .empty('')
    .error(new ValidationError(INVALID_DATE(name)))
    .description(description);

/** The from_date and to_date query of a list of `what` (validates and documents them). */
export function dateRangeQuery(what: string): Joi.ObjectSchema<{ from_date?: string; to_date?: string }> {
  return Joi.object({
    from_date: isoDate('from_date', `ISO 8601 date or date-time; ${what} at or after it`),
    to_date: isoDate('to_date', `ISO 8601 date (the whole UTC day) or date-time; ${what} at or before it`),
  });
}

/**
 * from_date and to_date query values, both inclusive: a bare date as to_date covers that whole
 * UTC day; a date-time covers its millisecond. Malformed values and from after to are 400.
 */
export function parseDateRange(fromRaw: string | undefined, toRaw: string | undefined): DateRange {
  const range: DateRange = {};
  if (fromRaw !== undefined && fromRaw !== '') {
    const from = parseIsoDate(fromRaw);
    if (!from) throw new ValidationError(INVALID_DATE('from_date'));
    range.from = from.at;
  }
  if (toRaw !== undefined && toRaw !== '') {
    const to = parseIsoDate(toRaw);
    if (!to) throw new ValidationError(INVALID_DATE('to_date'));
    range.toExclusive = new Date(to.at.getTime() + (to.dateOnly ? DAY_MS : 1));
  }
  if (range.from && range.toExclusive && range.from.getTime() >= range.toExclusive.getTime()) {
    throw new ValidationError('Invalid date range: from_date must not be after to_date');
  }
  return range;
}
