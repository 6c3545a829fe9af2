/** The one currency the service bills in (decisions §2 prices are USD). Amounts are integer cents. */
export const BILLING_CURRENCY = 'usd';
export type BillingCurrency = typeof BILLING_CURRENCY;

/**
 * `numerator / denominator` rounded half up (a remainder of exactly one half goes up), in exact integer arithmetic: both
 * operands are non-negative safe integers, and so is every intermediate value, or this throws.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`Invalid numerator: ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator < 1) throw new RangeError(`Invalid denominator: ${denominator}`);
  const n = 2 * numerator + denominator;
  const d = 2 * denominator;
  if (!Number.isSafeInteger(n)) throw new RangeError(`Amount too large: ${numerator}/${denominator}`);
  // n and d are integers below 2^53, so n % d and the division of the difference are exact.
  return (n - (n % d)) / d;
}

/** The price of `days` of a period of `periodDays` days at `monthlyCents` a period, rounded once, half up. */
export function prorateCents(monthlyCents: number, days: number, periodDays: number): number {
  if (!Number.isSafeInteger(days) || days < 0 || days > periodDays) throw new RangeError(`Invalid days: ${days} of ${periodDays}`);
  if (!Number.isSafeInteger(monthlyCents) || monthlyCents < 0) throw new RangeError(`Invalid price: ${monthlyCents}`);
  const product = monthlyCents * days;
  if (!Number.isSafeInteger(product)) throw new RangeError(`Amount too large: ${monthlyCents} x ${days}`);
  return divideRoundHalfUp(product, periodDays);
}
