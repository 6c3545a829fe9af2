import { json, PAGERDUTY_THROTTLED, senderDeps, startPagerDutyEventsApi, type PagerDutyEventsApi } from '@vigil/testing';
import type { AlertEnvelope } from '../../queue/alert-events.js';
import { pagerduty } from './index.js';

const ROUTING_KEY = 'e93facc04764012d7bfb002500d5d1a6';
const WEBHOOK_SECRET = 'pd-webhook-signing-secret-1234';
const monitor = { id: 7, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' as const };
const incident = { incident_id: 42, cause: 'HTTP 503 Service Unavailable', started_at: '2026-11-21T10:15:30.000Z', resolved_at: null, duration_seconds: null, affected_checks: 2 };

const down: AlertEnvelope = {
  id: 'incident-42-down',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: { monitor, checked_at: '2026-11-21T10:15:30.000Z', status_code: 503, error: 'HTTP 503 Service Unavailable', ...incident, monitor_id: 7 },
};
const acknowledged: AlertEnvelope = {
  id: 'incident-42-acknowledged',
  event: 'incident.acknowledged',
  created_at: '2026-11-21T10:20:00.000Z',
  data: { monitor, ...incident, acknowledged_at: '2026-11-21T10:20:00.000Z', acknowledged_by: 'on-call bot', acknowledged_via: 'api', monitor_id: 7 },
};
const up: AlertEnvelope = {
  id: 'incident-42-up',
  event: 'monitor.up',
  created_at: '2026-11-21T10:30:00.000Z',
  data: { monitor: { ...monitor, status: 'up' }, checked_at: '2026-11-21T10:30:00.000Z', status_code: 200, response_time_ms: 90, ...incident, resolved_at: '2026-11-21T10:30:00.000Z', duration_seconds: 870, monitor_id: 7 },
};

describe('pagerduty channel (Events API v2)', () => {
  let api: PagerDutyEventsApi;
  const sender = pagerduty.createSender(senderDeps());
  const target = () => ({ id: 1, name: 'PD', config: { routing_key: ROUTING_KEY, api_url: api.url, webhook_secret: WEBHOOK_SECRET } });
  beforeEach(async () => {
    api = await startPagerDutyEventsApi();
  });
  afterEach(() => api.close());

  it('triggers on down, acknowledges and resolves the same dedup_key, as the API documents them', async () => {
    for (const envelope of [down, acknowledged, up]) {
      const out = await sender.send(target(), { deliveryId: 1, envelope });
      expect(out).toMatchObject({ ok: true, responseCode: 202, error: null });
    }
    expect(api.requests.map((r) => [r.method, r.path, r.headers['content-type']])).toEqual(Array(3).fill(['POST', '/v2/enqueue', 'application/json']));
    const [trigger, ack, resolve] = api.events;
    expect(trigger).toEqual({
      routing_key: ROUTING_KEY,
      event_action: 'trigger',
      dedup_key: 'vigil-incident-42',
      payload: {
        summary: 'Monitor down: Checkout API. Checkout API is down: HTTP 503 Service Unavailable',
        source: 'shop.example.com',
        severity: 'critical',
        timestamp: '2026-11-21T10:15:30.000Z',
        class: 'monitor.down',
        custom_details: expect.objectContaining({ Monitor: 'Checkout API', Cause: 'HTTP 503 Service Unavailable', Incident: '#42', 'Vigil event': 'incident-42-down' }),
      },
      links: [{ href: 'https://vigil.example.com/api/v1/uptime/monitors/7', text: 'Open in Vigil' }],
      client: 'Vigil',
      client_url: 'https://vigil.example.com',
    });
    expect(ack).toEqual({ routing_key: ROUTING_KEY, event_action: 'acknowledge', dedup_key: 'vigil-incident-42' });
    expect(resolve).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: 'vigil-incident-42' });
    expect(api.alerts.get('vigil-incident-42')).toBe('resolved');
  });

  it('429 is retried after Retry-After; 5xx retried', async () => {
    api.script.push(PAGERDUTY_THROTTLED);
    const throttled = await sender.send(target(), { deliveryId: 1, envelope: down });
    expect(throttled).toMatchObject({ ok: false, responseCode: 429, retryable: true, retryAfterMs: 2_000 });
    expect(throttled.error).toContain('Requests for this service are arriving too quickly');
    api.script.push(json(500, { status: 'error', message: 'Internal error' }));
    expect(await sender.send(target(), { deliveryId: 1, envelope: down })).toMatchObject({ ok: false, responseCode: 500, retryable: true });
    expect(await sender.send(target(), { deliveryId: 1, envelope: down })).toMatchObject({ ok: true, responseCode: 202 });
  });

  it("400 fails for good with PagerDuty's message, and no secret in it", async () => {
    const out = await sender.send({ ...target(), config: { ...target().config, routing_key: 'short' } }, { deliveryId: 1, envelope: down });
    // The stored config is checked first: a routing key that cannot be one never leaves.
    expect(out).toMatchObject({ ok: false, retryable: false });
    expect(api.requests).toHaveLength(0);

    api.script.push(json(400, { status: 'invalid event', message: 'Event object is invalid', errors: [`Unknown routing key ${ROUTING_KEY}`] }));
    const bad = await sender.send(target(), { deliveryId: 1, envelope: down });
    expect(bad).toMatchObject({ ok: false, responseCode: 400, retryable: false });
    expect(bad.error).toBe('HTTP 400 Bad Request: Event object is invalid; Unknown routing key ****');
    expect(bad.error).not.toContain(WEBHOOK_SECRET);
  });

  it('checks its config: routing_key required, api_url an http(s) URL, two secret fields', () => {
    expect(pagerduty.validateConfig({ routing_key: ROUTING_KEY })).toEqual({ routing_key: ROUTING_KEY });
    expect(() => pagerduty.validateConfig({})).toThrow('config.routing_key is required');
    expect(() => pagerduty.validateConfig({ routing_key: ROUTING_KEY, api_url: 'ftp://x' })).toThrow('Invalid config.api_url');
    expect(pagerduty.secretFields).toEqual(['routing_key', 'webhook_secret']);
  });
});
