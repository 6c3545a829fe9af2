import { CHECKOUT_DOWN_ENVELOPE, senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import { discord } from './index.js';

const envelope = CHECKOUT_DOWN_ENVELOPE;

describe('discord channel', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('Discord gets {content, embeds}', async () => {
    const ch = discord.createSender(senderDeps());
    const out = await ch.send({ id: 3, name: 'd', config: { webhook_url: `${receiver.url}/api/webhooks/1/tok` } }, { deliveryId: 1, envelope });
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
