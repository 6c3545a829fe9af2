import { senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import { ValidationError } from '../errors/errors.js';
import type { AlertEnvelope } from '../queue/alert-events.js';
import { CHANNELS, channelOf, INTEGRATION_TYPES, isIntegrationType } from './registry.js';

const envelope: AlertEnvelope = {
  id: 'evt-reg',
  event: 'test',
  created_at: '2026-11-21T10:15:30.000Z',
  data: { message: 'This is a test event from Vigil.', integration: { id: 1, name: 'r', type: 'webhook' } },
};

describe('channel registry', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('lists each channel once, and the integration types are theirs', () => {
    expect(new Set(INTEGRATION_TYPES).size).toBe(CHANNELS.length);
    expect(INTEGRATION_TYPES).toEqual(expect.arrayContaining(['email', 'webhook', 'slack', 'discord']));
    expect(isIntegrationType('webhook')).toBe(true);
    expect(isIntegrationType('carrier_pigeon')).toBe(false);
  });

  it('every channel validates its own example and names its secret fields from its field list', () => {
    for (const c of CHANNELS) {
      expect(() => c.validateConfig(c.example)).not.toThrow();
      expect(c.secretFields).toEqual(c.fields.filter((f) => f.secret).map((f) => f.name));
      for (const name of Object.keys(c.example)) expect(c.fields.map((f) => f.name)).toContain(name);
    }
  });

  it("validation answers with the channel's message, and normalises", () => {
    expect(() => channelOf('webhook').validateConfig({ url: 'ftp://x' })).toThrow(new ValidationError('Invalid URL'));
    expect(() => channelOf('slack').validateConfig({})).toThrow(new ValidationError('config.webhook_url is required'));
    expect(channelOf('email').validateConfig({ to: 'a@example.com' })).toEqual({ to: ['a@example.com'] });
  });

  it('a stored config that no longer validates fails for good, without a request', async () => {
    const sender = channelOf('webhook').createSender(senderDeps());
    const before = receiver.requests.length;
    const out = await sender.send({ id: 1, name: 'w', config: { url: 42 } }, { deliveryId: 1, envelope });
    expect(out).toMatchObject({ ok: false, retryable: false, responseCode: null, error: 'Invalid webhook config: Invalid URL' });
    expect(receiver.requests.length).toBe(before);
    const ok = await sender.send({ id: 1, name: 'w', config: { url: `${receiver.url}/ok`, secret: 's' } }, { deliveryId: 1, envelope });
    expect(ok.ok).toBe(true);
    expect(receiver.requests.length).toBe(before + 1);
  });
});
