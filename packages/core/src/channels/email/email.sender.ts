import nodemailer, { type Transporter } from 'nodemailer';
import { describeAlert } from '../content/alert-content.js';
import type { ChannelSender, DeliveryOutcome, SenderDeps } from '../definition.js';
import type { EmailConfig } from './email.config.js';
import { renderEmail } from './email-message.js';

export const SMTP_NOT_CONFIGURED = 'SMTP not configured';

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
}

/** The recipients of an email integration: `to` is one address or a list. */
export function recipientsOf(config: EmailConfig): string[] {
  const to = config.to;
  return (Array.isArray(to) ? to : [to]).filter((x) => x !== '');
}

/** SMTP 4yz replies and connection failures are transient; 5yz replies are final. */
export function classifySmtpError(err: SmtpError): Pick<DeliveryOutcome, 'responseCode' | 'error' | 'retryable'> {
  const code = typeof err.responseCode === 'number' ? err.responseCode : null;
  const error = code !== null ? `SMTP ${code}: ${err.message.replace(/\s+/g, ' ').trim()}` : `SMTP error: ${err.message}`;
  return { responseCode: code, error, retryable: code === null || code < 500 };
}

/** Reply code of the final SMTP answer, e.g. "250 2.0.0 OK: queued" -> 250. */
function replyCode(response: unknown): number | null {
  const m = typeof response === 'string' ? /^(\d{3})/.exec(response) : null;
  return m ? Number(m[1]) : null;
}

/**
 * Email through the operator's SMTP server (SMTP_URL), not through the outbound guard: the
 * server is configuration, not a user target. One transport per process, no pooling, so no
 * connection outlives its message. Without SMTP_URL every delivery fails with "SMTP not configured".
 */
export function emailSender(deps: Pick<SenderDeps, 'smtp' | 'baseUrl' | 'timeoutMs'>): ChannelSender<EmailConfig> & { close(): void } {
  let transport: Transporter | undefined;
  const transporter = (url: string) =>
    (transport ??= nodemailer.createTransport({
      url,
      connectionTimeout: deps.timeoutMs,
      greetingTimeout: deps.timeoutMs,
      socketTimeout: deps.timeoutMs,
    } as Parameters<typeof nodemailer.createTransport>[0]));
  return {
    async send(target, alert) {
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      if (!deps.smtp.url) {
        return { ok: false, responseCode: null, error: SMTP_NOT_CONFIGURED, retryable: false, durationMs: took() };
      }
      const to = recipientsOf(target.config);
      if (!to.length) return { ok: false, responseCode: null, error: 'No recipients', retryable: false, durationMs: took() };
      const message = renderEmail(describeAlert(alert.envelope, deps.baseUrl), target.name);
      try {
        const info = (await transporter(deps.smtp.url).sendMail({
          from: deps.smtp.from,
          to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { 'X-Vigil-Event': alert.envelope.event, 'X-Vigil-Delivery': String(alert.deliveryId) },
        })) as { response?: string; rejected?: unknown[] };
        const rejected = Array.isArray(info.rejected) ? info.rejected.length : 0;
        if (rejected === to.length) {
          return { ok: false, responseCode: replyCode(info.response), error: 'Every recipient was rejected', retryable: false, durationMs: took() };
        }
        return { ok: true, responseCode: replyCode(info.response), error: null, retryable: false, durationMs: took() };
      } catch (e) {
        return { ok: false, ...classifySmtpError(e as SmtpError), durationMs: took() };
      }
    },
    close() {
      transport?.close();
      transport = undefined;
    },
  };
}
