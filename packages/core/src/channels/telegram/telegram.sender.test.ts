import { downAlert, senderDeps, telegramFixture, telegramFlood, type ProviderFixture } from '@vigil/testing';
import { ValidationError } from '../../errors/errors.js';
import { telegram } from './index.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

describe('telegram channel against a Bot API fixture', () => {
  let api: ProviderFixture;
  const sender = telegram.createSender(senderDeps());
  const target = (config: Record<string, unknown> = {}) => ({ id: 1, name: 't', config: { bot_token: TOKEN, chat_id: '-1001234567890', api_url: api.url, ...config } });
  beforeAll(async () => {
    api = await telegramFixture(TOKEN, ['-1001234567890']);
  });
  afterAll(() => api.close());

  it('sends sendMessage with the chat, an HTML text and no link preview', async () => {
    const out = await sender.send(target(), downAlert({ name: 'Shop <main> & co' }));
    expect(out).toMatchObject({ ok: true, responseCode: 200, error: null });
    const req = api.requests.at(-1)!;
    expect(req.path).toBe(`/bot${TOKEN}/sendMessage`);
    expect(req.json).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    const text = (req.json as { text: string }).text;
    expect(text.startsWith('<b>Monitor down: Shop &lt;main&gt; &amp; co</b>\n\n')).toBe(true);
    expect(text).toContain('https://vigil.example.com/api/v1/uptime/monitors/7');
  });

  it('keeps the text within 4,096 characters', async () => {
    const out = await sender.send(target(), downAlert({ cause: 'x'.repeat(10_000) }));
    expect(out.ok).toBe(true);
  });

  it('a flood-control 429 is retried after its retry_after', async () => {
    api.script.push(telegramFlood(7));
    const out = await sender.send(target(), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 429, retryable: true, retryAfterMs: 7_000 });
    expect(out.error).toBe('HTTP 429 Too Many Requests: Too Many Requests: retry after 7');
  });

  it('a 5xx is retried; a 400 is final, with Telegram\'s description and without the token', async () => {
    api.script.push({ status: 502 });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, responseCode: 502, retryable: true });
    const out = await sender.send(target({ chat_id: '-100999' }), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 400, retryable: false, error: 'HTTP 400 Bad Request: Bad Request: chat not found' });
  });

  it('a wrong token is a final 401, and the token never appears in the error even when echoed', async () => {
    api.script.push({ status: 404, body: `{"ok":false,"error_code":404,"description":"Not Found: /bot${TOKEN}/sendMessage"}` });
    const out = await sender.send(target(), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 404, retryable: false });
    expect(out.error).not.toContain(TOKEN);
    expect(out.error).toContain('/bot****/sendMessage');
  });

  it('validates its config', () => {
    expect(telegram.validateConfig({ bot_token: TOKEN, chat_id: -1001234567890 })).toEqual({ bot_token: TOKEN, chat_id: '-1001234567890' });
    expect(telegram.validateConfig({ bot_token: TOKEN, chat_id: '@vigil_alerts' })).toEqual({ bot_token: TOKEN, chat_id: '@vigil_alerts' });
    expect(() => telegram.validateConfig({ chat_id: '1' })).toThrow(new ValidationError('config.bot_token is required'));
    expect(() => telegram.validateConfig({ bot_token: 'nope', chat_id: '1' })).toThrow(new ValidationError('Invalid config.bot_token: must be a bot token, <bot id>:<secret>'));
    expect(() => telegram.validateConfig({ bot_token: TOKEN, chat_id: 'general' })).toThrow(
      new ValidationError('Invalid config.chat_id: must be a numeric chat id or an @channelusername'),
    );
    expect(() => telegram.validateConfig({ bot_token: TOKEN, chat_id: '1', api_url: 'ftp://x' })).toThrow(
      new ValidationError('Invalid config.api_url: must be an http:// or https:// URL'),
    );
  });
});
