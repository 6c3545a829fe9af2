import { downAlert, senderDeps, startReceiver, type Receiver } from '@vigil/testing';
import { TEMPLATE_MAX_CHARS, TEMPLATE_MAX_PLACEHOLDERS } from './body-template.js';
import { webhookTemplate } from './index.js';

describe('webhook_template channel', () => {
  let receiver: Receiver;
  const sender = webhookTemplate.createSender(senderDeps());
  beforeAll(async () => {
    receiver = await startReceiver((n) => (n === 2 ? { status: 422, body: 'missing field "summary" for key sk_live_0123456789' } : { status: 200 }));
  });
  afterAll(() => receiver.close());

  it('fills placeholders JSON-escaped: inside strings as text, outside as JSON values; sends its headers', async () => {
    const template = '{"text": "{{monitor.name}} is down ({{incident.cause}})", "incident": {{incident.id}}, "monitor": {{monitor}}, "event": "{{event}}", "domain": {{domain}}}';
    const config = webhookTemplate.validateConfig({ url: `${receiver.url}/hook`, body_template: template, headers: { Authorization: 'Bearer sk_live_0123456789', 'X-Team': 'ops' } });
    const out = await sender.send({ id: 1, name: 'w', config }, downAlert({ name: 'Shop "main" \\ api\n</script>' }));
    expect(out).toMatchObject({ ok: true, responseCode: 200 });
    const req = receiver.requests.at(-1)!;
    expect(req.headers.authorization).toBe('Bearer sk_live_0123456789');
    expect(req.headers['x-team']).toBe('ops');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({
      text: 'Shop "main" \\ api\n</script> is down (HTTP 503 Service Unavailable)',
      incident: 12,
      monitor: { id: 7, name: 'Shop "main" \\ api\n</script>', url: 'https://shop.example.com/health', status: 'down' },
      event: 'monitor.down',
      domain: null,
    });
  });

  it('a value cannot break out of its string: a name with quotes and braces stays one value', async () => {
    const config = webhookTemplate.validateConfig({ url: `${receiver.url}/hook`, body_template: '{"t": "{{monitor.name}}"}' });
    await sender.send({ id: 1, name: 'w', config }, downAlert({ name: '", "admin": true, "x": "' }));
    expect(receiver.requests.at(-1)!.json).toEqual({ t: '", "admin": true, "x": "' });
  });

  it("a 4xx is final with the receiver's answer, its header secrets masked", async () => {
    const config = webhookTemplate.validateConfig({ url: `${receiver.url}/hook`, body_template: '{"e": "{{event}}"}', headers: { Authorization: 'sk_live_0123456789' } });
    const out = await sender.send({ id: 1, name: 'w', config }, downAlert());
    expect(out).toMatchObject({ ok: false, responseCode: 422, retryable: false, error: 'HTTP 422 Unprocessable Entity: missing field "summary" for key ****' });
  });

  it('refuses at save time: an unknown placeholder, a body that is not JSON, too many placeholders, reserved headers', () => {
    const v = (c: Record<string, unknown>) => () => webhookTemplate.validateConfig({ url: 'https://hooks.example.com/x', ...c });
    expect(v({ body_template: '{"a": "{{monitor.nmae}}"}' })).toThrow(
      /^Invalid config\.body_template: unknown placeholder \{\{monitor\.nmae\}\}; known: event, /,
    );
    expect(v({ body_template: '{"a": {{monitor.name}}' })).toThrow(/^Invalid config\.body_template: must be JSON once its placeholders are filled in/);
    expect(v({ body_template: `[${Array.from({ length: TEMPLATE_MAX_PLACEHOLDERS + 1 }, () => '{{event}}').join(',')}]` })).toThrow(
      `Invalid config.body_template: at most ${TEMPLATE_MAX_PLACEHOLDERS} placeholders`,
    );
    expect(v({ body_template: 'x'.repeat(TEMPLATE_MAX_CHARS + 1) })).toThrow(`Invalid config.body_template: must be a string of 1 to ${TEMPLATE_MAX_CHARS} characters`);
    expect(v({ body_template: '{}', headers: { Host: 'evil' } })).toThrow(/^Invalid config\.headers: /);
    expect(v({ body_template: '{}', headers: { 'X-A': 'a\r\nInjected: 1' } })).toThrow(/^Invalid config\.headers: /);
    expect(v({})).toThrow('config.body_template is required');
  });
});
