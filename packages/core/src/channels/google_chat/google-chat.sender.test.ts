import { downAlert, googleChatFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { googleChat } from './index.js';

const TOKEN = 'vOdu8eBzMWtZdG9uB3jPqQ1rS2tU3vW4xY5zA6bC7dE';

describe('google_chat channel against an incoming-webhook fixture', () => {
  let chat: ProviderFixture;
  const sender = googleChat.createSender(senderDeps());
  const target = (token = TOKEN) => ({ id: 1, name: 'g', config: { url: `${chat.url}/v1/spaces/AAAAx1/messages?key=AIzaSyDdI0hCZtE6vySjMm-WEfRq3CPzqKqqsHI&token=${token}` } });
  beforeAll(async () => {
    chat = await googleChatFixture('AAAAx1', TOKEN);
  });
  afterAll(() => chat.close());

  it('posts {text} with a bold title, the facts and a <link|text>', async () => {
    const out = await sender.send(target(), downAlert({ name: 'Shop <users/all>' }));
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = chat.requests.at(-1)!;
    expect(req.headers['content-type']).toBe('application/json; charset=UTF-8');
    const { text } = req.json as { text: string };
    expect(text.startsWith('*Monitor down: Shop ‹users/all›*\n')).toBe(true);
    expect(text).toContain('<https://vigil.example.com/api/v1/uptime/monitors/7|View in Vigil>');
  });

  it('keeps the text within 4,096 characters', async () => {
    expect((await sender.send(target(), downAlert({ cause: 'z'.repeat(9_000) }))).ok).toBe(true);
  });

  it("429 is retried (Retry-After); 403 is final with Google's message, the token masked", async () => {
    chat.script.push({ status: 429, headers: { 'Retry-After': '5' }, body: '{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}' });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, retryable: true, retryAfterMs: 5_000, error: 'HTTP 429 Too Many Requests: Resource has been exhausted (e.g. check quota).' });
    const out = await sender.send(target('not-the-token'), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 403, retryable: false, error: 'HTTP 403 Forbidden: The caller does not have permission' });
  });
});
