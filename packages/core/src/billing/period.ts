import { ValidationError } from '../errors/errors.js';

const DAY_MS = 86_400_000;

/**
 * A billing period: one calendar month in UTC, half-open [start, end). `key` is YYYY-MM and
 * identifies the period (one invoice per account and key).
 */
export interface BillingPeriod {
  key: string;
  start: Date;
  end: Date;
  days: number;
}

function periodAt(year: number, monthIndex: number): BillingPeriod {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const end = new Date(Date.UTC(year, monthIndex + 1, 1));
  const key = start.toISOString().slice(0, 7);
  return { key, start, end, days: Math.round((end.getTime() - start.getTime()) / DAY_MS) };
}

/** The period that contains the moment `at`. */
export function billingPeriodOf(at: Date): BillingPeriod {
  if (Number.isNaN(at.getTime())) throw new RangeError('Invalid date');
  return periodAt(at.getUTCFullYear(), at.getUTCMonth());
}

const KEY = /^([1-9]\d{3})-(0[1-9]|1[0-2])$/;

/** The period of a YYYY-MM key; anything else is a ValidationError. */
export function billingPeriodFromKey(key: string): BillingPeriod {
  const m = KEY.exec(key);
  if (!m) throw new ValidationError(`Invalid billing period: ${key} (expected YYYY-MM)`);
  return periodAt(Number(m[1]), Number(m[2]) - 1);
}

export function previousBillingPeriod(p: BillingPeriod): BillingPeriod {
  return periodAt(p.start.getUTCFullYear(), p.start.getUTCMonth() - 1);
}
