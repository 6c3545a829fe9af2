import { downAlert, mattermostFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { mattermost } from './index.js';

const HOOK = 'xq3h5kd7ufbnmcq8rjw1ix9s4a';

describe('mattermost channel against an incoming-webhook fixture', () => {
  let server: ProviderFixture;
  const sender = mattermost.createSender(senderDeps());
  const target = (hook = HOOK) => ({ id: 1, name: 'm', config: { url: `${server.url}/hooks/${hook}` } });
  beforeAll(async () => {
    server = await mattermostFixture(HOOK);
  });
  afterAll(() => server.close());

  it('posts {username, text, attachments} with escaped markdown and the facts', async () => {
    const out = await sender.send(target(), downAlert({ name: 'shop_api *prod*' }));
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const body = server.requests.at(-1)!.json as { username: string; text: string; attachments: { color: string; title_link: string; fields: { title: string; value: string }[] }[] };
    expect(body.username).toBe('Vigil');
    expect(body.text).toBe('**Monitor down: shop\\_api \\*prod\\***');
    expect(body.attachments[0].color).toBe('#d92d20');
    expect(body.attachments[0].title_link).toBe('https://vigil.example.com/api/v1/uptime/monitors/7');
    expect(body.attachments[0].fields.map((f) => f.title)).toContain('Cause');
  });

  it("503 is retried with its Retry-After; an unknown hook is final with Mattermost's message", async () => {
    server.script.push({ status: 503, headers: { 'Retry-After': '12' } });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 503, retryable: true, retryAfterMs: 12_000 });
    expect(await sender.send(target('unknownhook000000000000000'), downAlert())).toMatchObject({ ok: false, responseCode: 400, retryable: false, error: 'HTTP 400 Bad Request: Invalid webhook' });
  });
});
