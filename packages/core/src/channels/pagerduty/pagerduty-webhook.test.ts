import { createHmac } from 'node:crypto';
import { ValidationError } from '../../errors/errors.js';
import { readPagerDutyWebhook, verifyPagerDutySignature } from './pagerduty-webhook.js';

const SECRET = 'ChS3cr3tFr0mPagerDuty+/=';
const sign = (body: Buffer, secret = SECRET) => `v1=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A v3 webhook event as PagerDuty documents it (incident.acknowledged, trimmed to what matters plus a few neighbours). */
function pdEvent(eventType: string, incidentKey: unknown, agent: unknown = { id: 'PLH1HKV', summary: 'Jane Doe', type: 'user_reference' }): Buffer {
  return Buffer.from(
    JSON.stringify({
      event: {
        id: '5ac64822-4adc-4fda-ade0-410becf0de4f',
        event_type: eventType,
        resource_type: 'incident',
        occurred_at: '2026-11-21T10:05:00.000Z',
        agent,
        client: null,
        data: { id: 'PGR0VU2', type: 'incident', number: 2, status: 'acknowledged', incident_key: incidentKey, title: 'Monitor down: Checkout API' },
      },
    }),
  );
}

describe('verifyPagerDutySignature', () => {
  const body = pdEvent('incident.acknowledged', 'vigil-incident-7');

  it('accepts the v1 HMAC-SHA256 of the raw body, alone or among several signatures', () => {
    expect(verifyPagerDutySignature(body, sign(body), SECRET)).toBe(true);
    expect(verifyPagerDutySignature(body, `${sign(body, 'old-secret')}, ${sign(body)}`, SECRET)).toBe(true);
  });

  it('refuses a wrong secret, a changed body, a missing header, other schemes and malformed hex', () => {
    expect(verifyPagerDutySignature(body, sign(body, 'other'), SECRET)).toBe(false);
    expect(verifyPagerDutySignature(Buffer.concat([body, Buffer.from(' ')]), sign(body), SECRET)).toBe(false);
    expect(verifyPagerDutySignature(body, undefined, SECRET)).toBe(false);
    expect(verifyPagerDutySignature(body, sign(body).replace('v1=', 'v0='), SECRET)).toBe(false);
    expect(verifyPagerDutySignature(body, 'v1=zz', SECRET)).toBe(false);
    expect(verifyPagerDutySignature(body, sign(body), '')).toBe(false);
  });
});

describe('readPagerDutyWebhook', () => {
  it('acknowledges the Vigil incident named by incident_key, by the agent', () => {
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'vigil-incident-7'))).toEqual({ kind: 'acknowledge', incidentId: 7, by: 'Jane Doe' });
    expect(readPagerDutyWebhook(pdEvent('incident.resolved', 'vigil-incident-8'))).toEqual({ kind: 'acknowledge', incidentId: 8, by: 'Jane Doe' });
  });

  it('names PagerDuty when no agent is given, and cleans the agent name', () => {
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'vigil-incident-7', null))).toMatchObject({ by: 'PagerDuty' });
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'vigil-incident-7', { summary: ' Jane\n\u0007Doe ' }))).toMatchObject({ by: 'Jane Doe' });
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'vigil-incident-7', { summary: 'x'.repeat(5000) }))).toMatchObject({ by: 'x'.repeat(200) });
  });

  it('ignores pings, other event types and incidents Vigil did not open', () => {
    expect(readPagerDutyWebhook(pdEvent('pagey.ping', null))).toEqual({ kind: 'ignore' });
    expect(readPagerDutyWebhook(pdEvent('incident.triggered', 'vigil-incident-7'))).toEqual({ kind: 'ignore' });
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'd3640fbd41094207a1c11e58e46b1662'))).toEqual({ kind: 'ignore' });
    expect(readPagerDutyWebhook(pdEvent('incident.acknowledged', 'vigil-incident-99999999999'))).toEqual({ kind: 'ignore' });
  });

  it('rejects what is not a v3 webhook event', () => {
    expect(() => readPagerDutyWebhook(Buffer.from('{nope'))).toThrow(new ValidationError('Invalid JSON body'));
    expect(() => readPagerDutyWebhook(Buffer.from('{"messages":[]}'))).toThrow(ValidationError);
    expect(() => readPagerDutyWebhook(Buffer.from('[1]'))).toThrow(ValidationError);
  });
});
