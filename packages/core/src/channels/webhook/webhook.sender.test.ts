import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { CHECKOUT_DOWN_ENVELOPE, senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import { ManualClock } from '../../time/clock.js';
import { webhook } from './index.js';

const envelope = CHECKOUT_DOWN_ENVELOPE;

/** What a receiver does (docs/webhooks.md): HMAC over the raw bytes, constant-time compare. */
function verify(raw: Buffer, secret: string, header: string | undefined): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhook channel', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('POSTs {id, event, created_at, data} with event, delivery and a signature over the raw body', async () => {
    const ch = webhook.createSender(senderDeps());
    const out = await ch.send({ id: 1, name: 'w', config: { url: `${receiver.url}/vigil`, secret: 'whsec_test' } }, { deliveryId: 314, envelope });
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = receiver.requests.at(-1)!;
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-vigil-event']).toBe('monitor.down');
    expect(req.headers['x-vigil-delivery']).toBe('314');
    expect(req.headers['x-vigil-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify(req.raw, 'whsec_test', req.headers['x-vigil-signature'] as string)).toBe(true);
    expect(verify(req.raw, 'another-secret', req.headers['x-vigil-signature'] as string)).toBe(false);
    expect(req.json).toEqual({ id: 'evt-42', event: 'monitor.down', created_at: '2026-11-21T10:15:30.000Z', data: envelope.data });
    expect(Object.keys(req.json as object)).toEqual(['id', 'event', 'created_at', 'data']);
  });

  it('the signature breaks when one byte of the body changes', async () => {
    const req = receiver.requests.at(-1)!;
    const tampered = Buffer.from(req.raw);
    tampered[tampered.length - 2] ^= 1;
    expect(verify(tampered, 'whsec_test', req.headers['x-vigil-signature'] as string)).toBe(false);
  });
});

describe('webhook channel: Standard Webhooks signatures, checked by the standardwebhooks package', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  /** The verifier judges the timestamp by its own clock, so these sends use the real one. */
  async function send(config: Record<string, unknown>, previousSecret?: string, clock = senderDeps().clock) {
    const ch = webhook.createSender(senderDeps({ clock }));
    const out = await ch.send(
      { id: 1, name: 'w', config: { url: `${receiver.url}/sw`, ...config }, ...(previousSecret ? { previousSecret } : {}) },
      { deliveryId: 99, envelope },
    );
    expect(out.ok).toBe(true);
    const req = receiver.requests.at(-1)!;
    return { raw: req.raw.toString('utf8'), headers: req.headers as Record<string, string> };
  }

  it('a generated secret (whsec_ + hex) verifies as a Standard Webhooks secret, and keeps X-Vigil-Signature', async () => {
    const secret = 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef';
    const { raw, headers } = await send({ secret });
    expect(headers['webhook-id']).toBe('evt-42');
    expect(headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(raw, headers)).toEqual(JSON.parse(raw));
    expect(verify(Buffer.from(raw), secret, headers['x-vigil-signature'])).toBe(true);
    expect(headers['x-vigil-signature-previous']).toBeUndefined();
    expect(() => new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(raw, headers)).toThrow(WebhookVerificationError);
  });

  it('a secret of the user\'s own verifies with the raw secret option', async () => {
    const secret = 'my own secret, not base64!';
    const { raw, headers } = await send({ secret });
    expect(new Webhook(secret, { format: 'raw' }).verify(raw, headers)).toEqual(JSON.parse(raw));
  });

  it('during a rotation overlap both secrets verify', async () => {
    const current = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const previous = 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef';
    const { raw, headers } = await send({ secret: current }, previous);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(raw, headers)).toEqual(JSON.parse(raw));
    expect(new Webhook(previous).verify(raw, headers)).toEqual(JSON.parse(raw));
    expect(verify(Buffer.from(raw), current, headers['x-vigil-signature'])).toBe(true);
    expect(verify(Buffer.from(raw), previous, headers['x-vigil-signature-previous'])).toBe(true);
  });

  it('a message signed outside the verifier\'s five-minute window is refused as a replay', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const { raw, headers } = await send({ secret }, undefined, new ManualClock(new Date(Date.now() - 10 * 60_000)));
    expect(() => new Webhook(secret).verify(raw, headers)).toThrow('Message timestamp too old');
  });
});
