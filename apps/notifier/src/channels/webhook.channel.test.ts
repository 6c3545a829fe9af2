import { createHmac, timingSafeEqual } from 'node:crypto';
import { createGuardedAgents, type AlertEnvelope } from '@vigil/core';
import { startReceiver, type Receiver } from '../testing/receiver.js';
import { discordChannel, slackChannel } from './chat.channel.js';
import { webhookChannel } from './webhook.channel.js';

const agents = createGuardedAgents({ allowPrivate: true, dnsServers: [] });

const envelope: AlertEnvelope = {
  id: 'evt-42',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: { monitor: { id: 7, name: 'Checkout API ✓', url: 'https://shop.example.com' }, cause: 'Connection refused' },
};

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
    const ch = webhookChannel({ agents, timeoutMs: 2_000 });
    const out = await ch.send({ id: 1, type: 'webhook', name: 'w', config: { url: `${receiver.url}/vigil`, secret: 'whsec_test' } }, { deliveryId: 314, envelope });
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

describe('chat channels', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('Slack gets {text, blocks} at the incoming-webhook URL', async () => {
    const ch = slackChannel({ agents, timeoutMs: 2_000, baseUrl: 'https://vigil.example.com' });
    const out = await ch.send({ id: 2, type: 'slack', name: 's', config: { webhook_url: `${receiver.url}/services/T0/B0/x` } }, { deliveryId: 1, envelope });
    expect(out.ok).toBe(true);
    const req = receiver.requests.at(-1)!;
    expect(req.path).toBe('/services/T0/B0/x');
    const body = req.json as { text: string; blocks: { type: string; text?: { text: string } }[] };
    expect(Object.keys(body).sort()).toEqual(['blocks', 'text']);
    expect(body.text).toContain('Monitor down: Checkout API ✓');
    expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Monitor down: Checkout API ✓', emoji: true } });
    expect(JSON.stringify(body.blocks)).toContain('Connection refused');
    expect(JSON.stringify(body.blocks)).toContain('https://vigil.example.com/api/v1/uptime/monitors/7');
  });

  it('Discord gets {content, embeds}', async () => {
    const ch = discordChannel({ agents, timeoutMs: 2_000, baseUrl: 'https://vigil.example.com' });
    const out = await ch.send({ id: 3, type: 'discord', name: 'd', config: { webhook_url: `${receiver.url}/api/webhooks/1/tok` } }, { deliveryId: 1, envelope });
    expect(out.ok).toBe(true);
    const body = receiver.requests.at(-1)!.json as { content: string; embeds: Record<string, unknown>[] };
    expect(body.content).toBe('**Monitor down: Checkout API ✓**');
    expect(body.embeds).toHaveLength(1);
    expect(body.embeds[0]).toMatchObject({
      title: 'Monitor down: Checkout API ✓',
      description: 'Checkout API ✓ is down: Connection refused',
      url: 'https://vigil.example.com/api/v1/uptime/monitors/7',
      timestamp: '2026-11-21T10:15:30.000Z',
    });
    expect(body.embeds[0].fields).toEqual(expect.arrayContaining([{ name: 'Cause', value: 'Connection refused', inline: true }]));
  });
});
