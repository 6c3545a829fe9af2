import { senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import type { AlertEnvelope } from '../../queue/alert-events.js';
import { slack } from './index.js';

const envelope: AlertEnvelope = {
  id: 'evt-42',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: {
    monitor: { id: 7, name: 'Checkout API ✓', url: 'https://shop.example.com', status: 'down' },
    checked_at: '2026-11-21T10:15:30.000Z',
    status_code: null,
    error: 'Connection refused',
    monitor_id: 7,
  },
};

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
