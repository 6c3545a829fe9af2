import { downAlert, pushoverFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { pushover } from './index.js';

const APP = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';
const USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';

describe('pushover channel against a Messages API fixture', () => {
  let api: ProviderFixture;
  const sender = pushover.createSender(senderDeps());
  const target = (user = USER) => ({ id: 1, name: 'p', config: { app_token: APP, user_key: user, api_url: api.url } });
  beforeAll(async () => {
    api = await pushoverFixture(APP, USER);
  });
  afterAll(() => api.close());

  it('POSTs the form to /1/messages.json: token, user, title, message, url, priority, timestamp', async () => {
    const out = await sender.send(target(), downAlert({ cause: 'q'.repeat(3_000) }));
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const form = new URLSearchParams(api.requests.at(-1)!.raw.toString('utf8'));
    expect(form.get('token')).toBe(APP);
    expect(form.get('user')).toBe(USER);
    expect(form.get('title')).toBe('Monitor down: Checkout API');
    expect(form.get('message')!.length).toBeLessThanOrEqual(1024);
    expect(form.get('url')).toBe('https://vigil.example.com/api/v1/uptime/monitors/7');
    expect(form.get('priority')).toBe('1');
    expect(form.get('timestamp')).toBe(String(Date.parse('2026-11-21T10:15:30.000Z') / 1000));
  });

  it('an invalid user key is final with the first of Pushover\'s errors; 429 and 500 are retried', async () => {
    const out = await sender.send(target('gznej3rKEVAvPUxu9vvNnqpmZpokzF'), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 400, retryable: false, error: 'HTTP 400 Bad Request: user identifier is not a valid user, group, or subscribed user key' });
    expect(out.error).not.toContain(APP);
    api.script.push({ status: 429, body: '{"status":0,"errors":["application is over its message limit"]}' }, { status: 500 });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 429, retryable: true, error: 'HTTP 429 Too Many Requests: application is over its message limit' });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 500, retryable: true });
  });
});
