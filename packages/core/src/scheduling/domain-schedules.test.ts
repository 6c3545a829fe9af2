import {
  FREQUENCY_MS,
  domainIdOfScheduler,
  domainScheduleOffsetMs,
  domainSchedulerId,
  planDomainReconcile,
  type ScheduledDomain,
} from './domain-schedules.js';
import { MONITORING_FREQUENCIES } from '../tiers/tiers.js';

describe('scheduler ids', () => {
  it('are domain-<id>, without ":"', () => {
    expect(domainSchedulerId(42)).toBe('domain-42');
    expect(domainSchedulerId(42)).not.toContain(':');
  });

  it.each([
    ['domain-42', 42],
    ['domain-1', 1],
    ['domain-0', null],
    ['domain-042', null],
    ['domain-', null],
    ['monitor-42', null],
    ['domain-42x', null],
    ['reconcile-domain-schedules', null],
  ])('%s belongs to domain %p', (id, expected) => {
    expect(domainIdOfScheduler(id)).toBe(expected);
  });
});

describe('domainScheduleOffsetMs', () => {
  it.each(MONITORING_FREQUENCIES)('stays within (0, every) for %s and is stable per id', (frequency) => {
    for (let id = 1; id < 2000; id += 7) {
      const offset = domainScheduleOffsetMs(id, frequency);
      expect(offset).toBeGreaterThanOrEqual(1);
      expect(offset).toBeLessThan(FREQUENCY_MS[frequency]);
      expect(domainScheduleOffsetMs(id, frequency)).toBe(offset);
    }
  });

  it('spreads consecutive ids over the period', () => {
    const every = FREQUENCY_MS.hourly;
    const buckets = new Array(10).fill(0);
    for (let id = 1; id <= 1000; id++) buckets[Math.floor((domainScheduleOffsetMs(id, 'hourly') / every) * 10)]++;
    for (const n of buckets) expect(n).toBeGreaterThan(80);
  });
});

describe('planDomainReconcile', () => {
  const found = (id: number, frequency: keyof typeof FREQUENCY_MS): [string, ScheduledDomain] => [
    domainSchedulerId(id),
    { everyMs: FREQUENCY_MS[frequency], offsetMs: domainScheduleOffsetMs(id, frequency) },
  ];

  it('adds missing schedulers and removes ours that no domain wants', () => {
    const actual = new Map([found(1, 'daily'), found(9, 'hourly'), ['other-scheduler', { everyMs: 1000, offsetMs: null }]]);
    const plan = planDomainReconcile(
      [
        { id: 1, monitoringFrequency: 'daily' },
        { id: 2, monitoringFrequency: 'hourly' },
      ],
      actual,
    );
    expect(plan).toEqual({ upsert: [{ id: 2, monitoringFrequency: 'hourly' }], remove: ['domain-9'] });
  });

  it('re-times a scheduler whose period or phase differs', () => {
    const actual = new Map<string, ScheduledDomain>([
      found(1, 'daily'),
      ['domain-2', { everyMs: FREQUENCY_MS.daily, offsetMs: domainScheduleOffsetMs(2, 'daily') }],
      ['domain-3', { everyMs: FREQUENCY_MS.hourly, offsetMs: null }],
    ]);
    const plan = planDomainReconcile(
      [
        { id: 1, monitoringFrequency: 'daily' },
        { id: 2, monitoringFrequency: '15min' },
        { id: 3, monitoringFrequency: 'hourly' },
      ],
      actual,
    );
    expect(plan.upsert.map((d) => d.id)).toEqual([2, 3]);
    expect(plan.remove).toEqual([]);
  });

  it('changes nothing when Redis agrees', () => {
    const wanted = [
      { id: 5, monitoringFrequency: '5min' as const },
      { id: 6, monitoringFrequency: 'daily' as const },
    ];
    expect(planDomainReconcile(wanted, new Map([found(5, '5min'), found(6, 'daily')]))).toEqual({ upsert: [], remove: [] });
  });
});
