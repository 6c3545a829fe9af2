import { divideRoundHalfUp, prorateCents } from './money.js';

/** Reference: round half up of n/d in BigInt, independent of the implementation. */
function reference(n: number, d: number): number {
  const N = BigInt(n);
  const D = BigInt(d);
  return Number((2n * N + D) / (2n * D));
}

describe('divideRoundHalfUp', () => {
  it('divides exactly when there is no remainder', () => {
    expect(divideRoundHalfUp(0, 7)).toBe(0);
    expect(divideRoundHalfUp(2900 * 31, 31)).toBe(2900);
    expect(divideRoundHalfUp(14900 * 30, 30)).toBe(14900);
  });

  it('rounds a remainder below one half down', () => {
    expect(divideRoundHalfUp(1, 3)).toBe(0);
    expect(divideRoundHalfUp(29000, 31)).toBe(935); // 935.48…
    expect(divideRoundHalfUp(149, 100)).toBe(1);
  });

  it('rounds exactly one half up', () => {
    expect(divideRoundHalfUp(1, 2)).toBe(1);
    expect(divideRoundHalfUp(3, 2)).toBe(2);
    expect(divideRoundHalfUp(45 * 3, 30)).toBe(5); // 4.5
    expect(divideRoundHalfUp(150, 100)).toBe(2);
  });

  it('rounds a remainder above one half up', () => {
    expect(divideRoundHalfUp(2, 3)).toBe(1);
    expect(divideRoundHalfUp(2900, 31)).toBe(94); // 93.548…
    expect(divideRoundHalfUp(151, 100)).toBe(2);
  });

  it('agrees with an exact BigInt reference over a grid of values', () => {
    for (const d of [1, 2, 3, 7, 28, 29, 30, 31, 100, 997]) {
      for (let n = 0; n <= 3 * d + 5; n++) expect(divideRoundHalfUp(n, d)).toBe(reference(n, d));
    }
    for (const n of [2 ** 40 + 1, 2 ** 50 - 3, 99_900 * 31, 123_456_789_012]) {
      for (const d of [28, 29, 30, 31]) expect(divideRoundHalfUp(n, d)).toBe(reference(n, d));
    }
  });

  it('refuses negative, fractional, zero-denominator and too large operands', () => {
    expect(() => divideRoundHalfUp(-1, 3)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1.5, 3)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 2.5)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(Number.MAX_SAFE_INTEGER, 3)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(Number.NaN, 3)).toThrow(RangeError);
  });
});

describe('prorateCents', () => {
  it('charges the whole price for a whole period of any length', () => {
    for (const days of [28, 29, 30, 31]) {
      for (const price of [0, 2900, 14900, 99900, 1]) expect(prorateCents(price, days, days)).toBe(price);
    }
  });

  it('charges nothing for no days and for a free plan', () => {
    expect(prorateCents(2900, 0, 31)).toBe(0);
    for (let days = 0; days <= 31; days++) expect(prorateCents(0, days, 31)).toBe(0);
  });

  it('prorates by day and rounds once, half up', () => {
    expect(prorateCents(2900, 10, 31)).toBe(935); // 935.48
    expect(prorateCents(2900, 1, 31)).toBe(94); // 93.55
    expect(prorateCents(14900, 15, 30)).toBe(7450);
    expect(prorateCents(99900, 1, 28)).toBe(3568); // 3567.86
    expect(prorateCents(2900, 14, 28)).toBe(1450);
    expect(prorateCents(14900, 15, 29)).toBe(7707); // 7706.90
    expect(prorateCents(45, 1, 30)).toBe(2); // 1.5
    expect(prorateCents(14, 1, 28)).toBe(1); // 0.5
  });

  it('matches the exact reference for every day count of every month length and the default prices', () => {
    for (const periodDays of [28, 29, 30, 31]) {
      for (const price of [2900, 14900, 99900]) {
        for (let days = 0; days <= periodDays; days++) {
          expect(prorateCents(price, days, periodDays)).toBe(reference(price * days, periodDays));
        }
      }
    }
  });

  it('refuses days outside the period and invalid prices', () => {
    expect(() => prorateCents(2900, 32, 31)).toThrow(RangeError);
    expect(() => prorateCents(2900, -1, 31)).toThrow(RangeError);
    expect(() => prorateCents(2900, 1.5, 31)).toThrow(RangeError);
    expect(() => prorateCents(-100, 1, 31)).toThrow(RangeError);
    expect(() => prorateCents(29.5, 1, 31)).toThrow(RangeError);
  });
});
