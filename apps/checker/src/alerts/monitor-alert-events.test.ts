import { monitorAlertEvent, monitorAlertEventId } from './monitor-alert-events.js';

const monitor = { id: 7, accountId: 3, name: 'Web', url: 'https://example.com/', degradedThresholdMs: 2000 };
const check = { id: '99', checkedAt: new Date('2025-01-01T00:00:00Z'), responseTimeMs: 2500, statusCode: 200, error: null };

describe('monitor alert events', () => {
  it('event ids are deterministic and free of ":" (BullMQ job ids)', () => {
    expect(monitorAlertEventId('monitor.down', 7, 12, '99')).toBe('incident-12-down');
    expect(monitorAlertEventId('monitor.up', 7, 12, '99')).toBe('incident-12-up');
    expect(monitorAlertEventId('monitor.degraded', 7, null, '99')).toBe('monitor-7-degraded-99');
  });

  it('a degraded event carries the response time and the threshold, and no incident', () => {
    expect(monitorAlertEvent('monitor.degraded', monitor, 'degraded', check, null)).toEqual({
      eventId: 'monitor-7-degraded-99',
      accountId: 3,
      event: 'monitor.degraded',
      createdAt: '2025-01-01T00:00:00.000Z',
      monitorId: 7,
      data: {
        monitor: { id: 7, name: 'Web', url: 'https://example.com/', status: 'degraded' },
        checked_at: '2025-01-01T00:00:00.000Z',
        status_code: 200,
        response_time_ms: 2500,
        degraded_threshold_ms: 2000,
      },
    });
  });
});
