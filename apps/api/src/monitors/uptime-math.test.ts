import {
  aggregateStatus,
  averageMs,
  startOfHour,
  statisticsFromTotals,
  uptimePercent,
  windowStart,
} from './uptime-math.js';

describe('uptimePercent', () => {
  it.each([
    [0, 0, null],
    [0, 1, 0],
    [1, 1, 100],
    [1, 2, 50],
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 8, 12.5],
    [999, 1000, 99.9],
    [9999, 10_000, 99.99],
    [99_994, 100_000, 99.99],
    [99_995, 100_000, 100],
    [1, 100_000, 0],
    [5, 100_000, 0.01],
    [43_199, 43_200, 100],
    [43_150, 43_200, 99.88],
    [1, 7, 14.29],
    [1, 6, 16.67],
  ])('%d of %d -> %p', (successful, total, expected) => {
    expect(uptimePercent(successful, total)).toBe(expected);
  });

  it('has at most two decimals for every ratio up to 1,000 checks', () => {
    const bad: string[] = [];
    for (let total = 1; total <= 1000; total++) {
      for (let s = 0; s <= total; s++) {
        const p = uptimePercent(s, total) as number;
        if (Math.abs(p * 100 - Math.round(p * 100)) > 1e-9 || p < 0 || p > 100 || Math.abs(p - (s / total) * 100) > 0.005 + 1e-9) {
          bad.push(`${s}/${total}=${p}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('averageMs', () => {
  it.each([
    [0, 0, null],
    [100, 0, null],
    [100, 1, 100],
    [301, 2, 151],
    [300, 2, 150],
    [1, 3, 0],
    [2, 3, 1],
    [10_000_000_000, 43_200, 231_481],
  ])('%d / %d -> %p', (sum, count, expected) => {
    expect(averageMs(sum, count)).toBe(expected);
  });
});

describe('hour windows', () => {
  it('truncates to the hour', () => {
    expect(startOfHour(new Date('2025-03-01T10:59:59.999Z')).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(startOfHour(new Date('2025-03-01T10:00:00.000Z')).toISOString()).toBe('2025-03-01T10:00:00.000Z');
  });

  it('starts N − 1 hours before the current hour', () => {
    const now = new Date('2025-03-10T10:30:00Z');
    expect(windowStart(now, 24).toISOString()).toBe('2025-03-09T11:00:00.000Z');
    expect(windowStart(now, 168).toISOString()).toBe('2025-03-03T11:00:00.000Z');
    expect(windowStart(now, 720).toISOString()).toBe('2025-02-08T11:00:00.000Z');
    expect(windowStart(now, 1).toISOString()).toBe('2025-03-10T10:00:00.000Z');
  });
});

describe('statisticsFromTotals', () => {
  it('computes every field of the detail statistics', () => {
    expect(
      statisticsFromTotals({
        '24h': { total: 1440, successful: 1436, responseTimeSum: 1436 * 120 + 50, responseTimeCount: 1436 },
        '7d': { total: 10_080, successful: 10_000, responseTimeSum: 1_500_000, responseTimeCount: 10_000 },
        '30d': { total: 43_200, successful: 43_000, responseTimeSum: 6_000_000, responseTimeCount: 43_000 },
      }),
    ).toEqual({
      uptime_24h: 99.72,
      uptime_7d: 99.21,
      uptime_30d: 99.54,
      avg_response_time_24h_ms: 120,
      avg_response_time_7d_ms: 150,
      total_checks_24h: 1440,
      successful_checks_24h: 1436,
      failed_checks_24h: 4,
    });
  });

  it('gives null uptime and averages for windows without checks', () => {
    const none = { total: 0, successful: 0, responseTimeSum: 0, responseTimeCount: 0 };
    expect(statisticsFromTotals({ '24h': none, '7d': none, '30d': none })).toEqual({
      uptime_24h: null,
      uptime_7d: null,
      uptime_30d: null,
      avg_response_time_24h_ms: null,
      avg_response_time_7d_ms: null,
      total_checks_24h: 0,
      successful_checks_24h: 0,
      failed_checks_24h: 0,
    });
  });

  it('has a null average but a 0% uptime when every check failed', () => {
    const failed = { total: 10, successful: 0, responseTimeSum: 0, responseTimeCount: 0 };
    const s = statisticsFromTotals({ '24h': failed, '7d': failed, '30d': failed });
    expect(s.uptime_24h).toBe(0);
    expect(s.avg_response_time_24h_ms).toBeNull();
    expect(s.failed_checks_24h).toBe(10);
  });
});

describe('aggregateStatus', () => {
  const m = (status: string, isActive = true) => ({ status, isActive });
  it.each([
    [[], 'operational'],
    [[m('up'), m('pending'), m('paused')], 'operational'],
    [[m('up'), m('degraded')], 'degraded'],
    [[m('degraded'), m('down')], 'outage'],
    [[m('down', false), m('up')], 'operational'],
    [[m('degraded', false), m('up')], 'operational'],
    [[m('down')], 'outage'],
  ])('%j -> %s', (monitors, expected) => {
    expect(aggregateStatus(monitors)).toBe(expected);
  });
});
