import type { AlertEnvelope } from '../../queue/alert-events.js';
import { onCallAction } from './oncall-action.js';

const monitor = { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' as const };
const incident = { incident_id: 7, cause: 'HTTP 503', started_at: '2026-11-21T10:00:00.000Z', resolved_at: null, duration_seconds: null, affected_checks: 2 };
const at = '2026-11-21T10:00:00.000Z';

describe('onCallAction', () => {
  it('keys an incident by its id through down, acknowledgement (any source) and up', () => {
    const down: AlertEnvelope = { id: 'incident-7-down', event: 'monitor.down', created_at: at, data: { monitor, checked_at: at, status_code: 503, error: 'HTTP 503', ...incident } };
    const reminder: AlertEnvelope = {
      id: 'incident-7-reminder-1',
      event: 'monitor.down',
      created_at: at,
      data: { monitor, ...incident, alert_kind: 'reminder' as const, reminder: 1 },
    };
    const ack: AlertEnvelope = {
      id: 'incident-7-acknowledged',
      event: 'incident.acknowledged',
      created_at: at,
      data: { monitor, ...incident, acknowledged_at: at, acknowledged_by: 'Jane', acknowledged_via: 'opsgenie' },
    };
    const up: AlertEnvelope = {
      id: 'incident-7-up',
      event: 'monitor.up',
      created_at: at,
      data: { monitor: { ...monitor, status: 'up' }, checked_at: at, status_code: 200, response_time_ms: 80, ...incident, resolved_at: at, duration_seconds: 60 },
    };
    expect([down, reminder, ack, up].map(onCallAction)).toEqual([
      { action: 'trigger', key: 'vigil-incident-7' },
      { action: 'trigger', key: 'vigil-incident-7' },
      { action: 'acknowledge', key: 'vigil-incident-7' },
      { action: 'resolve', key: 'vigil-incident-7' },
    ]);
  });

  it('keys a private location\'s silence by the location and its last poll: offline triggers, online resolves', () => {
    const location = { id: 3, name: 'office' };
    const offline: AlertEnvelope = {
      id: 'location-3-offline-1',
      event: 'location.offline',
      created_at: at,
      data: { location, last_poll: '2026-11-21T09:55:00.000Z', offline_after_seconds: 300, location_url: 'https://vigil.example/api/v1/locations/3' },
    };
    const online: AlertEnvelope = {
      id: 'location-3-online-1',
      event: 'location.online',
      created_at: at,
      data: { location, offline_since: '2026-11-21T09:55:00.000Z', last_poll: at, offline_seconds: 300, location_url: 'https://vigil.example/api/v1/locations/3' },
    };
    const key = `vigil-location-3-${Date.parse('2026-11-21T09:55:00.000Z')}`;
    expect([offline, online].map(onCallAction)).toEqual([
      { action: 'trigger', key },
      { action: 'resolve', key },
    ]);
  });

  it('makes any other event an alert of its own, keyed by the event id', () => {
    const test: AlertEnvelope = { id: 'test-1', event: 'test', created_at: at, data: { message: 'hi', integration: { id: 1, name: 'PD', type: 'pagerduty' } } };
    const degraded: AlertEnvelope = {
      id: 'monitor-1-degraded-9',
      event: 'monitor.degraded',
      created_at: at,
      data: { monitor, checked_at: at, status_code: 200, response_time_ms: 6000, degraded_threshold_ms: 5000 },
    };
    expect(onCallAction(test)).toEqual({ action: 'trigger', key: 'vigil-event-test-1' });
    expect(onCallAction(degraded)).toEqual({ action: 'trigger', key: 'vigil-event-monitor-1-degraded-9' });
  });
});
