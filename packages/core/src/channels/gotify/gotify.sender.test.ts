import { downAlert, gotifyFixture, senderDeps, type ProviderFixture } from '@vigil/testing';
import { ValidationError } from '../../errors/errors.js';
import { gotify } from './index.js';

const TOKEN = 'AbCdEfGhIjKlMnO';

describe('gotify channel against a server fixture', () => {
  let server: ProviderFixture;
  const sender = gotify.createSender(senderDeps());
  const target = (token = TOKEN) => ({ id: 1, name: 'g', config: { app_token: token, api_url: `${server.url}/` } });
  beforeAll(async () => {
    server = await gotifyFixture(TOKEN);
  });
  afterAll(() => server.close());

  it('POSTs /message with X-Gotify-Key: title, message, priority and a click URL', async () => {
    const out = await sender.send(target(), downAlert());
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = server.requests.at(-1)!;
    expect(req.path).toBe('/message');
    expect(req.headers['x-gotify-key']).toBe(TOKEN);
    expect(req.json).toMatchObject({
      title: 'Monitor down: Checkout API',
      priority: 8,
      extras: { 'client::notification': { click: { url: 'https://vigil.example.com/api/v1/uptime/monitors/7' } } },
    });
  });

  it("a wrong token is final with Gotify's errorDescription; 503 is retried", async () => {
    expect(await sender.send(target('WrongTokenValue'), downAlert())).toMatchObject({
      ok: false,
      responseCode: 401,
      retryable: false,
      error: 'HTTP 401 Unauthorized: you need to provide a valid access token or user credentials to access this api',
    });
    server.script.push({ status: 503, headers: { 'Retry-After': '1' } });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 503, retryable: true, retryAfterMs: 1_000 });
  });

  it('needs api_url (there is no public Gotify)', () => {
    expect(() => gotify.validateConfig({ app_token: TOKEN })).toThrow(new ValidationError('config.api_url is required'));
  });
});
