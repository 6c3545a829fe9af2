import { TIERS, type Tier } from '../tiers/tiers.js';
import { billingPeriodFromKey } from './period.js';
import { draftInvoice, prorateTierHistory, tierOfEachDay, type TierHistoryEntry, type TierPrices } from './prorate.js';

const PRICES: TierPrices = { free: 0, pro: 2900, business: 14900, enterprise: 99900 };
const at = (iso: string) => new Date(iso);
const entry = (tier: Tier, iso: string): TierHistoryEntry => ({ tier, changedAt: at(iso) });
const JAN = billingPeriodFromKey('2026-01');

/** The essentials of each line: tier, first day, last day (inclusive), days, amount. */
function summary(history: TierHistoryEntry[], key = '2026-01', prices = PRICES) {
  return prorateTierHistory(history, billingPeriodFromKey(key), prices).map((l) => [
    l.tier,
    l.startsAt.toISOString().slice(0, 10),
    new Date(l.endsAt.getTime() - 86_400_000).toISOString().slice(0, 10),
    l.days,
    l.amountCents,
  ]);
}

/** Round half up of price*days/periodDays, in BigInt. */
const exact = (price: number, days: number, periodDays: number) =>
  Number((2n * BigInt(price) * BigInt(days) + BigInt(periodDays)) / (2n * BigInt(periodDays)));

describe('full months', () => {
  it.each(['2026-01', '2026-02', '2028-02', '2026-04'])('bills a whole %s at the monthly price of every tier', (key) => {
    const p = billingPeriodFromKey(key);
    for (const tier of TIERS) {
      const lines = prorateTierHistory([entry(tier, '2025-06-15T10:00:00Z')], p, PRICES);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ tier, days: p.days, periodDays: p.days, unitPriceCents: PRICES[tier], amountCents: PRICES[tier] });
      expect(lines[0].startsAt).toEqual(p.start);
      expect(lines[0].endsAt).toEqual(p.end);
    }
  });

  it('bills the free tier at 0 with a line of its own', () => {
    const d = draftInvoice([entry('free', '2025-01-01T00:00:00Z')], JAN, PRICES);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]).toMatchObject({ tier: 'free', days: 31, amountCents: 0, unitPriceCents: 0 });
    expect(d.totalCents).toBe(0);
  });

  it('uses the tier in force at the period start when the last change was in an earlier month', () => {
    const history = [entry('free', '2025-01-01T00:00:00Z'), entry('business', '2025-11-20T00:00:00Z')];
    expect(summary(history)).toEqual([['business', '2026-01-01', '2026-01-31', 31, 14900]]);
  });

  it('counts a change at exactly the period start for the whole month', () => {
    const history = [entry('pro', '2025-05-01T00:00:00Z'), entry('enterprise', '2026-01-01T00:00:00Z')];
    expect(summary(history)).toEqual([['enterprise', '2026-01-01', '2026-01-31', 31, 99900]]);
  });
});

describe('accounts created during the period', () => {
  it('bills from the creation day, inclusive, to the period end', () => {
    expect(summary([entry('pro', '2026-01-10T15:00:00Z')])).toEqual([['pro', '2026-01-10', '2026-01-31', 22, 2058]]); // 2058.06
  });

  it('bills the creation day in full even when created in its last millisecond', () => {
    expect(summary([entry('business', '2026-01-31T23:59:59.999Z')])).toEqual([['business', '2026-01-31', '2026-01-31', 1, 481]]); // 480.65
  });

  it('bills nothing for an account created at or after the period end', () => {
    expect(summary([entry('pro', '2026-02-01T00:00:00Z')])).toEqual([]);
    const d = draftInvoice([entry('pro', '2026-03-05T00:00:00Z')], JAN, PRICES);
    expect(d).toMatchObject({ lines: [], subtotalCents: 0, totalCents: 0 });
  });

  it('bills nothing without any history', () => {
    expect(draftInvoice([], JAN, PRICES)).toMatchObject({ lines: [], totalCents: 0 });
  });

  it('prorates a creation in a 28-day month against 28 days', () => {
    expect(summary([entry('enterprise', '2026-02-15T08:00:00Z')], '2026-02')).toEqual([['enterprise', '2026-02-15', '2026-02-28', 14, 49950]]);
  });
});

describe('tier changes during the period (the tier held at the end of a day bills that day)', () => {
  const base = entry('pro', '2025-12-01T00:00:00Z');

  it('splits the month at a change in the middle of a day: the new tier bills that day', () => {
    expect(summary([base, entry('business', '2026-01-20T12:00:00Z')])).toEqual([
      ['pro', '2026-01-01', '2026-01-19', 19, 1777], // 1777.42
      ['business', '2026-01-20', '2026-01-31', 12, 5768], // 5767.74
    ]);
  });

  it('treats a change at midnight and one in the last millisecond of the day before alike for the day of the change', () => {
    expect(summary([base, entry('business', '2026-01-20T00:00:00Z')])).toEqual(summary([base, entry('business', '2026-01-20T23:59:59.999Z')]));
    expect(summary([base, entry('business', '2026-01-19T23:59:59.999Z')])[0]).toEqual(['pro', '2026-01-01', '2026-01-18', 18, 1684]);
  });

  it('bills a downgrade the same way: the lower tier from the day of the change', () => {
    expect(summary([entry('enterprise', '2025-01-01T00:00:00Z'), entry('free', '2026-01-16T09:30:00Z')])).toEqual([
      ['enterprise', '2026-01-01', '2026-01-15', 15, 48339], // 48338.71
      ['free', '2026-01-16', '2026-01-31', 16, 0],
    ]);
  });

  it('makes one line per run of days on a tier, in order, for several changes', () => {
    const history = [
      base,
      entry('business', '2026-01-05T10:00:00Z'),
      entry('enterprise', '2026-01-12T00:00:00Z'),
      entry('free', '2026-01-20T23:00:00Z'),
      entry('pro', '2026-01-28T01:00:00Z'),
    ];
    const lines = summary(history);
    expect(lines).toEqual([
      ['pro', '2026-01-01', '2026-01-04', 4, 374], // 374.19
      ['business', '2026-01-05', '2026-01-11', 7, 3365], // 3364.52
      ['enterprise', '2026-01-12', '2026-01-19', 8, 25781], // 25780.65
      ['free', '2026-01-20', '2026-01-27', 8, 0],
      ['pro', '2026-01-28', '2026-01-31', 4, 374],
    ]);
    expect(lines.reduce((s, l) => s + (l[3] as number), 0)).toBe(31);
    expect(draftInvoice(history, JAN, PRICES).totalCents).toBe(374 + 3365 + 25781 + 0 + 374);
  });

  it('bills only the last tier of a day with several changes', () => {
    const history = [base, entry('business', '2026-01-15T10:00:00Z'), entry('enterprise', '2026-01-15T18:00:00Z')];
    expect(summary(history).map((l) => l[0])).toEqual(['pro', 'enterprise']);
    expect(summary(history)[1]).toEqual(['enterprise', '2026-01-15', '2026-01-31', 17, 54784]); // 54783.87
  });

  it('does not split a month for a change and its reversal on the same day', () => {
    const history = [base, entry('business', '2026-01-15T10:00:00Z'), entry('pro', '2026-01-15T18:00:00Z')];
    expect(summary(history)).toEqual([['pro', '2026-01-01', '2026-01-31', 31, 2900]]);
  });

  it('ignores changes after the period', () => {
    expect(summary([base, entry('enterprise', '2026-02-01T00:00:00Z')])).toEqual([['pro', '2026-01-01', '2026-01-31', 31, 2900]]);
  });

  it('does not depend on the order of the history it is given; equal times keep their given order', () => {
    const history = [base, entry('business', '2026-01-05T10:00:00Z'), entry('free', '2026-01-20T23:00:00Z')];
    expect(summary([...history].reverse())).toEqual(summary(history));
    const tie = [base, entry('business', '2026-01-10T10:00:00Z'), entry('enterprise', '2026-01-10T10:00:00Z')];
    expect(summary(tie)[1][0]).toBe('enterprise');
  });

  it('prorates Feb 2028 (29 days) and Feb 2026 (28 days) against their own lengths', () => {
    const h = [entry('pro', '2027-01-01T00:00:00Z'), entry('business', '2028-02-15T12:00:00Z')];
    expect(summary(h, '2028-02')).toEqual([
      ['pro', '2028-02-01', '2028-02-14', 14, 1400],
      ['business', '2028-02-15', '2028-02-29', 15, 7707], // 7706.90
    ]);
    const h2 = [entry('pro', '2025-01-01T00:00:00Z'), entry('business', '2026-02-15T12:00:00Z')];
    expect(summary(h2, '2026-02')).toEqual([
      ['pro', '2026-02-01', '2026-02-14', 14, 1450],
      ['business', '2026-02-15', '2026-02-28', 14, 7450],
    ]);
  });

  it('prorates a 30-day month against 30 days', () => {
    const h = [entry('free', '2025-01-01T00:00:00Z'), entry('pro', '2026-04-11T00:00:00Z')];
    expect(summary(h, '2026-04')).toEqual([
      ['free', '2026-04-01', '2026-04-10', 10, 0],
      ['pro', '2026-04-11', '2026-04-30', 20, 1933], // 1933.33
    ]);
  });
});

describe('rounding', () => {
  it('rounds each line once, half up, on prices that produce halves', () => {
    const prices: TierPrices = { free: 0, pro: 45, business: 15, enterprise: 1 };
    const h = [entry('pro', '2025-01-01T00:00:00Z'), entry('business', '2026-04-02T00:00:00Z'), entry('enterprise', '2026-04-03T00:00:00Z')];
    // April has 30 days: pro 1 day = 1.5 -> 2, business 1 day = 0.5 -> 1, enterprise 28 days = 0.93 -> 1.
    expect(summary(h, '2026-04', prices).map((l) => l[4])).toEqual([2, 1, 1]);
  });

  it('for every month length and every change day, days add up and each line is the exact half-up amount', () => {
    for (const key of ['2026-02', '2028-02', '2026-04', '2026-01']) {
      const p = billingPeriodFromKey(key);
      for (let day = 2; day <= p.days; day++) {
        const change = new Date(p.start.getTime() + (day - 1) * 86_400_000 + 3_600_000);
        for (const [from, to] of [['pro', 'business'], ['business', 'enterprise'], ['enterprise', 'pro'], ['free', 'pro']] as [Tier, Tier][]) {
          const d = draftInvoice([entry(from, '2025-01-01T00:00:00Z'), { tier: to, changedAt: change }], p, PRICES);
          expect(d.lines.map((l) => l.days)).toEqual([day - 1, p.days - day + 1]);
          expect(d.lines[0].amountCents).toBe(exact(PRICES[from], day - 1, p.days));
          expect(d.lines[1].amountCents).toBe(exact(PRICES[to], p.days - day + 1, p.days));
          // Rounding each of two lines moves the total by at most one cent from the exact sum.
          const exactSum = (PRICES[from] * (day - 1) + PRICES[to] * (p.days - day + 1)) / p.days;
          expect(Math.abs(d.totalCents - exactSum)).toBeLessThanOrEqual(1);
          expect(Number.isInteger(d.totalCents)).toBe(true);
        }
      }
    }
  });
});

describe('tierOfEachDay', () => {
  it('gives null before the first entry and the end-of-day tier after', () => {
    const days = tierOfEachDay([entry('pro', '2026-01-03T05:00:00Z'), entry('free', '2026-01-05T00:00:00Z')], JAN);
    expect(days.slice(0, 6)).toEqual([null, null, 'pro', 'pro', 'free', 'free']);
    expect(days).toHaveLength(31);
  });
});

describe('draftInvoice', () => {
  it('carries the period, currency usd, lines, subtotal and total', () => {
    const d = draftInvoice([entry('pro', '2025-01-01T00:00:00Z'), entry('business', '2026-01-20T12:00:00Z')], JAN, PRICES);
    expect(d).toMatchObject({
      period: '2026-01',
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2026-02-01T00:00:00Z'),
      currency: 'usd',
      subtotalCents: 1777 + 5768,
      totalCents: 1777 + 5768,
    });
    expect(d.lines.map((l) => l.description)).toEqual([
      'Pro plan, 2026-01-01 to 2026-01-19 (19 of 31 days)',
      'Business plan, 2026-01-20 to 2026-01-31 (12 of 31 days)',
    ]);
  });
});
