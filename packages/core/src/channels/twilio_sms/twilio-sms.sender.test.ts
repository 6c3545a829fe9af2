import { downAlert, senderDeps, twilioFixture, type ProviderFixture } from '@vigil/testing';
import { ValidationError } from '../../errors/errors.js';
import { twilioSms } from './index.js';

const SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';

describe('twilio_sms channel against a Messages resource fixture', () => {
  let api: ProviderFixture;
  const sender = twilioSms.createSender(senderDeps());
  const target = (config: Record<string, unknown> = {}) => ({ id: 1, name: 's', config: { account_sid: SID, auth_token: AUTH, from: '+15017122661', to: '+15558675310', api_url: api.url, ...config } });
  beforeAll(async () => {
    api = await twilioFixture(SID, AUTH);
  });
  afterAll(() => api.close());

  it('POSTs To, From and a Body of at most 1,600 characters with Basic auth; 201 delivers', async () => {
    const out = await sender.send(target(), downAlert({ cause: 'w'.repeat(5_000) }));
    expect(out).toMatchObject({ ok: true, responseCode: 201 });
    const form = new URLSearchParams(api.requests.at(-1)!.raw.toString('utf8'));
    expect(form.get('To')).toBe('+15558675310');
    expect(form.get('From')).toBe('+15017122661');
    expect(form.get('Body')!.length).toBeLessThanOrEqual(1600);
    expect(form.get('Body')!.endsWith('\nhttps://vigil.example.com/api/v1/uptime/monitors/7')).toBe(true);
  });

  it('a Messaging Service SID is sent as MessagingServiceSid', async () => {
    const mg = 'MG0123456789abcdef0123456789abcdef';
    expect((await sender.send(target({ from: mg }), downAlert())).ok).toBe(true);
    expect(new URLSearchParams(api.requests.at(-1)!.raw.toString('utf8')).get('MessagingServiceSid')).toBe(mg);
  });

  it('a wrong auth token is final with code and message (no token); 429 is retried', async () => {
    const out = await sender.send(target({ auth_token: 'ffffffffffffffffffffffffffffffff' }), downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 401, retryable: false, error: 'HTTP 401 Unauthorized: 20003: Authenticate' });
    api.script.push({ status: 429, headers: { 'Retry-After': '2' }, body: '{"code":20429,"message":"Too Many Requests","status":429}' });
    expect(await sender.send(target(), downAlert())).toMatchObject({ ok: false, retryable: true, retryAfterMs: 2_000, error: 'HTTP 429 Too Many Requests: 20429: Too Many Requests' });
  });

  it('validates numbers in E.164', () => {
    expect(() => twilioSms.validateConfig({ account_sid: SID, auth_token: AUTH, from: '+15017122661', to: '0612345678' })).toThrow(
      new ValidationError('Invalid config.to: must be a number in E.164, e.g. +15558675310'),
    );
  });
});
