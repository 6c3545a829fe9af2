import { DEFAULT_TIERS, type TierLimits } from '@vigil/core';
import { planLimits } from './plan-limits.js';

const tier = (overrides: Partial<TierLimits>): TierLimits => ({ ...DEFAULT_TIERS.pro, ...overrides });

describe('planLimits', () => {
  it('shows the tier limits under their API names, in this order', () => {
    const limits = planLimits(tier({ requestsPerDay: 10, requestsPerMinute: 2, concurrentScans: 3, uptimeMonitoring: true, monitors: 4, domains: 5 }));
    expect(limits).toEqual({ requests_per_day: 10, requests_per_minute: 2, concurrent_scans: 3, uptime_monitoring: true, monitors: 4, domains: 5 });
    expect(Object.keys(limits)).toEqual(['requests_per_day', 'requests_per_minute', 'concurrent_scans', 'uptime_monitoring', 'monitors', 'domains']);
  });

  it('keeps null (unlimited) as null', () => {
    expect(planLimits(tier({ requestsPerDay: null, concurrentScans: null, monitors: null, domains: null, uptimeMonitoring: true }))).toMatchObject({
      requests_per_day: null,
      concurrent_scans: null,
      monitors: null,
      domains: null,
    });
  });

  it('a plan without uptime monitoring has no monitors, whatever the tier count says', () => {
    expect(planLimits(tier({ uptimeMonitoring: false, monitors: 50 })).monitors).toBe(0);
    expect(planLimits(tier({ uptimeMonitoring: false, monitors: null })).monitors).toBe(0);
  });
});
