import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import type { OutgoingAlert } from '../definition.js';
import { textError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { httpUrl } from '../shared/config-fields.js';
import { checkTemplate, parseTemplate, renderTemplate, RENDERED_MAX_BYTES, TEMPLATE_MAX_CHARS } from './body-template.js';
import { templateContext, TEMPLATE_PATHS, type JsonValue } from './template-context.js';

export type WebhookTemplateConfig = { url: string; body_template: string; headers?: Record<string, string> };

const MAX_HEADERS = 20;
/** Headers the request itself sets: a template's headers cannot replace them. */
const RESERVED = ['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'user-agent'];
const HEADER_NAME = new RegExp(`^(?!(?:${RESERVED.join('|')})$)[A-Za-z0-9!#$%&'*+.^_\`|~-]{1,64}$`, 'i');

/** The event a template is checked against at save time: every placeholder has a value. */
const SAMPLE_ALERT: OutgoingAlert = {
  deliveryId: 1,
  envelope: {
    id: 'evt-sample',
    event: 'monitor.down',
    created_at: '2026-01-01T00:00:00.000Z',
    data: {
      monitor: { id: 1, name: 'Checkout API', url: 'https://shop.example.com/health', status: 'down' },
      checked_at: '2026-01-01T00:00:00.000Z',
      status_code: 503,
      error: 'HTTP 503 Service Unavailable',
      incident_id: 1,
      cause: 'HTTP 503 Service Unavailable',
      started_at: '2026-01-01T00:00:00.000Z',
      resolved_at: null,
      duration_seconds: null,
      affected_checks: 1,
    },
  },
};

function sampleContext(): Record<string, JsonValue> {
  return templateContext(SAMPLE_ALERT, describeAlert(SAMPLE_ALERT.envelope, 'https://vigil.example.com'));
}

/** A webhook whose JSON body is the user's template, placeholders filled in from the event. */
export const webhookTemplate = defineChannel({
  type: 'webhook_template',
  label: 'Webhook (custom body)',
  description:
    'POSTs a JSON body of your own: a template with {{path}} placeholders (e.g. {{monitor.name}}, {{incident.id}}, {{event}}), ' +
    'each value JSON-escaped; optional extra headers.',
  fields: [
    { name: 'url', type: 'string', required: true, secret: false, description: 'http:// or https:// URL that receives the POST' },
    {
      name: 'body_template',
      type: 'string',
      required: true,
      secret: false,
      description: `JSON with {{placeholders}} (at most ${TEMPLATE_MAX_CHARS} characters); known: ${TEMPLATE_PATHS.join(', ')}`,
    },
    { name: 'headers', type: 'string map', required: false, secret: true, description: `Up to ${MAX_HEADERS} extra headers (e.g. Authorization); values are secret` },
  ],
  schema: Joi.object<WebhookTemplateConfig>({
    url: httpUrl('url'),
    body_template: Joi.string()
      .min(1)
      .max(TEMPLATE_MAX_CHARS)
      .required()
      .messages({ 'any.required': 'config.body_template is required', '*': `Invalid config.body_template: must be a string of 1 to ${TEMPLATE_MAX_CHARS} characters` }),
    headers: Joi.object()
      .pattern(/^/, Joi.string().max(1024).pattern(/^[^\r\n\0]*$/))
      .max(MAX_HEADERS)
      .custom((headers: Record<string, string>) => {
        // Names are checked here, not as the pattern's keys: a name the pattern did not match would be dropped, not refused.
        if (!Object.keys(headers).every((name) => HEADER_NAME.test(name))) throw new Error('reserved or invalid header name');
        return headers;
      })
      .messages({
        '*': `Invalid config.headers: must be an object of up to ${MAX_HEADERS} header names to string values of up to 1024 characters (not ${RESERVED.join(', ')})`,
      }),
  }),
  normalise: (config) => {
    checkTemplate(config.body_template, sampleContext());
    return config;
  },
  example: { url: 'https://hooks.example.com/alerts', body_template: '{"text": "{{title}}: {{summary}}", "monitor": {{monitor}}, "incident": "{{incident.id}}"}' },
  createSender: (deps) => ({
    send: (target, alert) => {
      const body = renderTemplate(parseTemplate(target.config.body_template), templateContext(alert, describeAlert(alert.envelope, deps.baseUrl)));
      if (body === null) {
        return Promise.resolve({ ok: false, responseCode: null, error: `Rendered body exceeds ${RENDERED_MAX_BYTES} bytes`, retryable: false, durationMs: 0 });
      }
      return sendHttp(
        {
          url: target.config.url,
          body,
          headers: {
            ...target.config.headers,
            'User-Agent': WEBHOOK_USER_AGENT,
            'X-Vigil-Event': alert.envelope.event,
            'X-Vigil-Delivery': String(alert.deliveryId),
          },
          readError: textError,
        },
        deps,
      );
    },
  }),
});
