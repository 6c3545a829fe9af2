import { integrationWants, type Subscription } from './scope.js';

const all: Subscription = { isActive: true, events: [], monitorIds: [], domainIds: [] };

describe('integrationWants', () => {
  it('an active integration with no filters takes every event', () => {
    expect(integrationWants(all, { event: 'monitor.down', monitorId: 1 })).toBe(true);
    expect(integrationWants(all, { event: 'certificate.expiring', domainId: 4 })).toBe(true);
    expect(integrationWants(all, { event: 'scan.completed' })).toBe(true);
  });

  it('an inactive integration takes nothing', () => {
    expect(integrationWants({ ...all, isActive: false }, { event: 'monitor.down', monitorId: 1 })).toBe(false);
  });

  it('events[] filters by name', () => {
    const sub = { ...all, events: ['monitor.down', 'monitor.up'] };
    expect(integrationWants(sub, { event: 'monitor.down', monitorId: 1 })).toBe(true);
    expect(integrationWants(sub, { event: 'monitor.degraded', monitorId: 1 })).toBe(false);
    expect(integrationWants(sub, { event: 'certificate.expired', domainId: 1 })).toBe(false);
  });

  it('monitor_ids limits monitor events and leaves domain events alone', () => {
    const sub = { ...all, monitorIds: [1, 2] };
    expect(integrationWants(sub, { event: 'monitor.down', monitorId: 2 })).toBe(true);
    expect(integrationWants(sub, { event: 'monitor.down', monitorId: 3 })).toBe(false);
    expect(integrationWants(sub, { event: 'certificate.expiring', domainId: 3 })).toBe(true);
  });

  it('domain_ids limits domain events and leaves monitor events alone', () => {
    const sub = { ...all, domainIds: [5] };
    expect(integrationWants(sub, { event: 'certificate.expiring', domainId: 5 })).toBe(true);
    expect(integrationWants(sub, { event: 'domain.grade_changed', domainId: 6 })).toBe(false);
    expect(integrationWants(sub, { event: 'monitor.up', monitorId: 6 })).toBe(true);
  });

  it('an event about neither a monitor nor a domain passes every scope, but not the events filter', () => {
    expect(integrationWants({ ...all, monitorIds: [1], domainIds: [2] }, { event: 'scan.completed' })).toBe(true);
    expect(integrationWants({ ...all, events: ['monitor.down'] }, { event: 'scan.completed' })).toBe(false);
  });

  it('all filters together', () => {
    const sub = { isActive: true, events: ['certificate.expiring'], monitorIds: [1], domainIds: [9] };
    expect(integrationWants(sub, { event: 'certificate.expiring', domainId: 9 })).toBe(true);
    expect(integrationWants(sub, { event: 'certificate.expiring', domainId: 8 })).toBe(false);
    expect(integrationWants(sub, { event: 'certificate.expired', domainId: 9 })).toBe(false);
  });
});
