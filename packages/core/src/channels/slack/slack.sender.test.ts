import { CHECKOUT_DOWN_ENVELOPE, senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import { slack } from './index.js';

const envelope = CHECKOUT_DOWN_ENVELOPE;

describe('slack channel', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('Slack gets {text, blocks} at the incoming-webhook URL', async () => {
    const ch = slack.createSender(senderDeps());
    const out = await ch.send({ id: 2, name: 's', config: { webhook_url: `${receiver.url}/services/T0/B0/x` } }, { deliveryId: 1, envelope });
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
});
