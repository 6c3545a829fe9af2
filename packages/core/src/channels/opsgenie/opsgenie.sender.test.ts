import { json, OPSGENIE_THROTTLED, senderDeps, startOpsgenieApi, type OpsgenieApi } from '@vigil/testing';
import type { AlertEnvelope } from '../../queue/alert-events.js';
import { opsgenie } from './index.js';

const API_KEY = 'eb243592-faa2-4ba2-a551-1afdf565c889';
const monitor = { id: 7, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' as const };
const incident = { incident_id: 42, cause: 'HTTP 503 Service Unavailable', started_at: '2026-11-21T10:15:30.000Z', resolved_at: null, duration_seconds: null, affected_checks: 2 };

const down: AlertEnvelope = {
  id: 'incident-42-down',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: { monitor: { ...monitor, name: `Checkout API ${'x'.repeat(200)}` }, checked_at: '2026-11-21T10:15:30.000Z', status_code: 503, error: 'HTTP 503', ...incident, monitor_id: 7 },
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

describe('opsgenie channel (Alert API)', () => {
  let api: OpsgenieApi;
  const sender = opsgenie.createSender(senderDeps());
  const target = () => ({ id: 1, name: 'OG', config: { api_key: API_KEY, api_url: api.url, webhook_secret: 'ogsec_0123456789abcdef' } });
  beforeEach(async () => {
    api = await startOpsgenieApi(API_KEY);
  });
  afterEach(() => api.close());

  it('creates the alert with the incident alias, acknowledges and closes it by alias, with the GenieKey', async () => {
    for (const envelope of [down, acknowledged, up]) {
      expect(await sender.send(target(), { deliveryId: 1, envelope })).toMatchObject({ ok: true, responseCode: 202, error: null });
    }
    expect(api.requests.map((r) => [r.method, r.path, r.headers.authorization, r.headers['content-type']])).toEqual([
      ['POST', '/v2/alerts', `GenieKey ${API_KEY}`, 'application/json'],
      ['POST', '/v2/alerts/vigil-incident-42/acknowledge?identifierType=alias', `GenieKey ${API_KEY}`, 'application/json'],
      ['POST', '/v2/alerts/vigil-incident-42/close?identifierType=alias', `GenieKey ${API_KEY}`, 'application/json'],
    ]);
    const [create, ack, close] = api.actions;
    expect(create.body).toEqual({
      message: expect.stringMatching(/^Monitor down: Checkout API x+…$/),
      alias: 'vigil-incident-42',
      description: expect.stringContaining('https://vigil.example.com/api/v1/uptime/monitors/7'),
      tags: ['vigil', 'monitor.down'],
      details: expect.objectContaining({ Incident: '#42', 'Vigil event': 'incident-42-down' }),
      entity: 'shop.example.com',
      source: 'Vigil',
      priority: 'P1',
    });
    expect((create.body.message as string).length).toBe(130);
    expect(ack.body).toEqual({ user: 'on-call bot', source: 'Vigil', note: 'on-call bot acknowledged the outage of Checkout API.' });
    expect(close.body).toMatchObject({ source: 'Vigil' });
    expect(api.alerts.get('vigil-incident-42')).toBe('closed');
  });

  it('429 is retried after Retry-After; 5xx retried', async () => {
    api.script.push(OPSGENIE_THROTTLED);
    expect(await sender.send(target(), { deliveryId: 1, envelope: down })).toMatchObject({ ok: false, responseCode: 429, retryable: true, retryAfterMs: 2_000 });
    api.script.push(json(503, { message: 'Service unavailable' }));
    expect(await sender.send(target(), { deliveryId: 1, envelope: down })).toMatchObject({ ok: false, responseCode: 503, retryable: true });
  });

  it("a wrong key (401) and an invalid alert (422) fail for good with Opsgenie's message, never the key", async () => {
    const otherKey = '00000000-faa2-4ba2-a551-1afdf565c889';
    const denied = await sender.send({ ...target(), config: { ...target().config, api_key: otherKey } }, { deliveryId: 1, envelope: down });
    expect(denied).toMatchObject({ ok: false, responseCode: 401, retryable: false, error: 'HTTP 401 Unauthorized: Could not authenticate' });
    api.script.push(json(422, { message: 'Request body is not processable. Please check the errors.', errors: { message: `Key ${API_KEY} is not allowed here` }, took: 0.001 }));
    const invalid = await sender.send(target(), { deliveryId: 1, envelope: down });
    expect(invalid).toMatchObject({ ok: false, responseCode: 422, retryable: false });
    expect(invalid.error).toBe('HTTP 422 Unprocessable Entity: Request body is not processable. Please check the errors.; message: Key **** is not allowed here');
  });

  it('checks its config and generates the callback secret', () => {
    expect(() => opsgenie.validateConfig({ api_key: 'nope' })).toThrow('Invalid config.api_key');
    expect(opsgenie.validateConfig({ api_key: API_KEY, api_url: 'https://api.eu.opsgenie.com' })).toEqual({ api_key: API_KEY, api_url: 'https://api.eu.opsgenie.com' });
    expect(opsgenie.generated?.generate()).toMatch(/^ogsec_[0-9a-f]{48}$/);
    expect(opsgenie.secretFields).toEqual(['api_key', 'webhook_secret']);
  });
});
