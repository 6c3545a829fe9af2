import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { activeMaintenance, windowCovers } from './window-coverage.js';

function windowOf(over: Partial<MaintenanceWindow>): MaintenanceWindow {
  return Object.assign(new MaintenanceWindow(), {
    id: 1,
    accountId: 1,
    title: 'w',
    description: null,
    appliesToAll: false,
    monitorIds: [],
    domainIds: [],
    startsAt: new Date('2026-06-01T10:00:00Z'),
    endsAt: new Date('2026-06-01T12:00:00Z'),
    rrule: null,
    durationMinutes: null,
    timezone: 'UTC',
    keepChecking: true,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  });
}

describe('windowCovers', () => {
  it('covers the named monitors and domains only', () => {
    const w = windowOf({ monitorIds: [1, 2], domainIds: [7] });
    expect(windowCovers(w, { monitorId: 2 })).toBe(true);
    expect(windowCovers(w, { monitorId: 7 })).toBe(false);
    expect(windowCovers(w, { domainId: 7 })).toBe(true);
    expect(windowCovers(w, { domainId: 1 })).toBe(false);
  });

  it('covers everything with applies_to_all', () => {
    const w = windowOf({ appliesToAll: true });
    expect(windowCovers(w, { monitorId: 99 })).toBe(true);
    expect(windowCovers(w, { domainId: 99 })).toBe(true);
  });
});

describe('activeMaintenance', () => {
  const once = windowOf({ id: 1, monitorIds: [5] });
  const weekly = windowOf({ id: 2, appliesToAll: true, startsAt: new Date('2026-05-31T11:00:00Z'), endsAt: null, rrule: 'FREQ=WEEKLY', durationMinutes: 30 });
  const other = windowOf({ id: 3, monitorIds: [6] });

  it('returns every covering window under way, with its occurrence', () => {
    const active = activeMaintenance([once, weekly, other], { monitorId: 5 }, new Date('2026-06-07T11:10:00Z'));
    expect(active.map((a) => a.window.id)).toEqual([2]);
    expect(active[0].occurrence.start.toISOString()).toBe('2026-06-07T11:00:00.000Z');
    expect(activeMaintenance([once, weekly, other], { monitorId: 5 }, new Date('2026-06-01T11:00:00Z')).map((a) => a.window.id)).toEqual([1]);
  });

  it('is empty outside every window and for targets no window covers', () => {
    expect(activeMaintenance([once, weekly, other], { monitorId: 5 }, new Date('2026-06-01T12:00:00Z'))).toEqual([]);
    expect(activeMaintenance([once, other], { domainId: 5 }, new Date('2026-06-01T11:00:00Z'))).toEqual([]);
  });
});
