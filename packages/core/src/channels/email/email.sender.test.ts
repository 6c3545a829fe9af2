import { parseMail, startSmtpSink, type SmtpSink } from '@vigil/testing';
import type { AlertEnvelope } from '../../queue/alert-events.js';
import type { ChannelTarget } from '../definition.js';
import type { EmailConfig } from './email.config.js';
import { classifySmtpError, emailSender, recipientsOf, SMTP_NOT_CONFIGURED } from './email.sender.js';

const envelope: AlertEnvelope = {
  id: 'evt-mail-1',
  event: 'monitor.down',
  created_at: '2026-11-21T10:15:30.000Z',
  data: {
    monitor: { id: 7, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
    checked_at: '2026-11-21T10:15:30.000Z',
    status_code: 503,
    error: 'HTTP 503 Service Unavailable',
    monitor_id: 7,
  },
};

function target(to: string | string[]): ChannelTarget<EmailConfig> {
  return { id: 1, name: 'Ops mail', config: { to } };
}

describe('email channel against a real SMTP server on loopback', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRcpt: (a) => (a.startsWith('gone@') ? 550 : a.startsWith('busy@') ? 451 : undefined) });
  });
  afterAll(() => sink.close());

  function channel(smtpUrl: string | null = sink.url) {
    return emailSender({ smtp: { url: smtpUrl ?? undefined, from: 'Vigil <alerts@vigil.test>' }, baseUrl: 'https://vigil.example.com', timeoutMs: 5_000 });
  }

  it('delivers a plain-text and HTML message naming the monitor, the cause, the time and a link', async () => {
    const ch = channel();
    const outcome = await ch.send(target(['ops@example.com', 'oncall@example.com']), { deliveryId: 99, envelope });
    ch.close();
    expect(outcome).toMatchObject({ ok: true, responseCode: 250, error: null, retryable: false });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);

    const mail = sink.mails.at(-1)!;
    expect(mail.from).toBe('alerts@vigil.test');
    expect(mail.to.sort()).toEqual(['oncall@example.com', 'ops@example.com']);
    const { headers, text, html } = parseMail(mail.raw);
    expect(headers).toMatch(/^Subject: \[Vigil\] Monitor down: Checkout API$/m);
    expect(headers).toMatch(/^X-Vigil-Event: monitor\.down$/m);
    expect(headers).toMatch(/^X-Vigil-Delivery: 99$/m);
    expect(headers).toMatch(/multipart\/alternative/i);
    for (const part of [text, html]) {
      expect(part).toContain('Checkout API');
      expect(part).toContain('HTTP 503 Service Unavailable');
      expect(part).toContain('2026-11-21 10:15:30 UTC');
      expect(part).toContain('https://vigil.example.com/api/v1/uptime/monitors/7');
    }
    expect(html).toContain('<a href="https://vigil.example.com/api/v1/uptime/monitors/7">');
    expect(text).not.toContain('<');
  });

  it('takes a single address as `to`', async () => {
    const ch = channel();
    const outcome = await ch.send(target('single@example.com'), { deliveryId: 1, envelope });
    ch.close();
    expect(outcome.ok).toBe(true);
    expect(sink.mails.at(-1)!.to).toEqual(['single@example.com']);
  });

  it('fails with "SMTP not configured" when SMTP_URL is unset, without retry', async () => {
    const before = sink.mails.length;
    const outcome = await channel(null).send(target('ops@example.com'), { deliveryId: 1, envelope });
    expect(outcome).toMatchObject({ ok: false, responseCode: null, error: SMTP_NOT_CONFIGURED, retryable: false });
    expect(sink.mails.length).toBe(before);
  });

  it('a permanent refusal (550) is final, a temporary one (451) is retried', async () => {
    const ch = channel();
    const gone = await ch.send(target('gone@example.com'), { deliveryId: 1, envelope });
    const busy = await ch.send(target('busy@example.com'), { deliveryId: 1, envelope });
    ch.close();
    expect(gone).toMatchObject({ ok: false, responseCode: 550, retryable: false });
    expect(gone.error).toMatch(/^SMTP 550/);
    expect(busy).toMatchObject({ ok: false, responseCode: 451, retryable: true });
  });

  it('a server that does not answer is a retryable failure', async () => {
    const closed = await startSmtpSink();
    const url = closed.url;
    await closed.close();
    const ch = channel(url);
    const outcome = await ch.send(target('ops@example.com'), { deliveryId: 1, envelope });
    ch.close();
    expect(outcome).toMatchObject({ ok: false, responseCode: null, retryable: true });
    expect(outcome.error).toMatch(/^SMTP error: /);
  });
});

describe('email helpers', () => {
  it('recipientsOf takes a string or a list and drops empty entries', () => {
    expect(recipientsOf({ to: 'a@x.io' })).toEqual(['a@x.io']);
    expect(recipientsOf({ to: ['a@x.io', '', 'b@x.io'] })).toEqual(['a@x.io', 'b@x.io']);
    expect(recipientsOf({ to: [] })).toEqual([]);
  });

  it('classifySmtpError: 4yz and no reply are transient, 5yz final', () => {
    expect(classifySmtpError(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))).toEqual({
      responseCode: 550,
      error: 'SMTP 550: Mailbox unavailable',
      retryable: false,
    });
    expect(classifySmtpError(Object.assign(new Error('Try later'), { responseCode: 421 })).retryable).toBe(true);
    expect(classifySmtpError(new Error('connect ECONNREFUSED'))).toEqual({
      responseCode: null,
      error: 'SMTP error: connect ECONNREFUSED',
      retryable: true,
    });
  });
});
