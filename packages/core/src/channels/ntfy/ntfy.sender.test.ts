import { downAlert, ntfyFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { ntfy } from './index.js';

const TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2';

describe('ntfy channel against a server fixture', () => {
  let server: ProviderFixture;
  const sender = ntfy.createSender(senderDeps());
  const target = (config: Record<string, unknown>) => ({ id: 1, name: 'n', config: { api_url: server.url, ...config } });
  beforeAll(async () => {
    server = await ntfyFixture({ protectedTopic: 'vigil-private', token: TOKEN });
  });
  afterAll(() => server.close());

  it('publishes JSON {topic, title, message, priority, tags, click} to the root URL', async () => {
    const out = await sender.send(target({ topic: 'vigil-ops' }), downAlert());
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.json).toMatchObject({ topic: 'vigil-ops', title: 'Monitor down: Checkout API', priority: 5, tags: ['rotating_light'], click: 'https://vigil.example.com/api/v1/uptime/monitors/7' });
  });

  it('sends the token as a Bearer for a protected topic, and clips the message to 4,096 bytes', async () => {
    const out = await sender.send(target({ topic: 'vigil-private', token: TOKEN }), downAlert({ cause: '€'.repeat(5_000) }));
    expect(out.ok).toBe(true);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("429 is retried after Retry-After; a protected topic without the token is a final 403 with ntfy's error", async () => {
    server.script.push({ status: 429, headers: { 'Retry-After': '3' }, body: '{"code":42901,"http":429,"error":"limit reached: too many requests, please be nice"}' });
    expect(await sender.send(target({ topic: 'vigil-ops' }), downAlert())).toMatchObject({ ok: false, retryable: true, retryAfterMs: 3_000, error: 'HTTP 429 Too Many Requests: limit reached: too many requests, please be nice' });
    expect(await sender.send(target({ topic: 'vigil-private' }), downAlert())).toMatchObject({ ok: false, responseCode: 403, retryable: false, error: 'HTTP 403 Forbidden: forbidden' });
  });
});
