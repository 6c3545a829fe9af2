const DAY_MS = 86_400_000;

/** Whole days left before a certificate expires (rounded down); negative once it has expired. */
export function daysUntilExpiry(validTo: Date, now: Date): number {
  return Math.floor((validTo.getTime() - now.getTime()) / DAY_MS);
}

/** The fixed reminders besides the domain's own alert_days_before_expiry (0 = expired). */
export const FIXED_EXPIRY_THRESHOLDS = [7, 1, 0] as const;

/** A domain's expiry thresholds, largest first, without duplicates. */
export function expiryThresholds(alertDaysBeforeExpiry: number): number[] {
  return [...new Set([alertDaysBeforeExpiry, ...FIXED_EXPIRY_THRESHOLDS])].filter((t) => t >= 0).sort((a, b) => b - a);
}

/**
 * The thresholds a certificate has reached (decisions §4): every threshold t >= 1 with
 * days_until_expiry <= t, and 0 once it has expired (valid_to at or before now).
 */
export function reachedThresholds(validTo: Date, now: Date, alertDaysBeforeExpiry: number): number[] {
  const expired = validTo.getTime() <= now.getTime();
  const days = daysUntilExpiry(validTo, now);
  return expiryThresholds(alertDaysBeforeExpiry).filter((t) => (t === 0 ? expired : expired || days <= t));
}

export interface ExpiryNotice {
  event: 'certificate.expiring' | 'certificate.expired';
  threshold: number;
}

/**
 * What to send for the thresholds that were newly reached (those not notified before for this
 * certificate): one notice, for the most urgent of them, or none. Reaching 30 and 7 at once
 * (a domain added a week before expiry) sends the 7-day notice only.
 */
export function expiryNotice(newlyReached: number[]): ExpiryNotice | null {
  if (!newlyReached.length) return null;
  const threshold = Math.min(...newlyReached);
  return { event: threshold === 0 ? 'certificate.expired' : 'certificate.expiring', threshold };
}
