import type { OutgoingAlert } from '@vigil/core';

/** A monitor.down alert within an incident, as fan-out hands it to channels. */
export function downAlert(opts: { name?: string; cause?: string; deliveryId?: number } = {}): OutgoingAlert {
  const cause = opts.cause ?? 'HTTP 503 Service Unavailable';
  return {
    deliveryId: opts.deliveryId ?? 41,
    envelope: {
      id: 'evt-down-1',
      event: 'monitor.down',
      created_at: '2026-11-21T10:15:30.000Z',
      data: {
        monitor: { id: 7, name: opts.name ?? 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
        checked_at: '2026-11-21T10:15:30.000Z',
        status_code: 503,
        error: cause,
        incident_id: 12,
        cause,
        started_at: '2026-11-21T10:15:30.000Z',
        resolved_at: null,
        duration_seconds: null,
        affected_checks: 3,
        monitor_id: 7,
      },
    },
  };
}
