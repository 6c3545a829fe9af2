import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { clip, plainBody } from '../content/plain-text.js';
import { clipBytes } from '../content/utf8.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, underBase } from '../shared/config-fields.js';
import { urgencyOf } from '../shared/priority.js';

export const NTFY_API = 'https://ntfy.sh';
/** ntfy's message limit (a longer one becomes an attachment): 4,096 bytes. */
export const NTFY_MESSAGE_MAX_BYTES = 4_096;

export type NtfyConfig = { topic: string; token?: string; api_url?: string };

const PRIORITY = { high: 5, default: 4, low: 3 } as const;
const TAGS = { critical: ['rotating_light'], warning: ['warning'], ok: ['white_check_mark'], info: ['information_source'] } as const;

/** ntfy: JSON publishing (POST to the server's root URL), with an access token when given. */
export const ntfy = defineChannel({
  type: 'ntfy',
  label: 'ntfy',
  description: 'Publishes a push notification to an ntfy topic (ntfy.sh or your own server).',
  fields: [
    { name: 'topic', type: 'string', required: true, secret: false, description: 'Topic name (1-64 of A-Z a-z 0-9 _ -); on ntfy.sh anyone who knows it can subscribe' },
    { name: 'token', type: 'string', required: false, secret: true, description: 'Access token (tk_...) for a protected topic' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `Server base URL; default ${NTFY_API}` },
  ],
  schema: Joi.object<NtfyConfig>({
    topic: Joi.string()
      .pattern(/^[-_A-Za-z0-9]{1,64}$/)
      .required()
      .messages({ 'any.required': 'config.topic is required', '*': 'Invalid config.topic: must be 1 to 64 of A-Z, a-z, 0-9, _ and -' }),
    token: Joi.string()
      .pattern(/^[\x21-\x7e]{1,256}$/)
      .messages({ '*': 'Invalid config.token: must be an access token (printable characters, no spaces)' }),
    api_url: apiUrl(NTFY_API),
  }),
  example: { topic: 'vigil-ops-7f3a9c', token: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2' },
  createSender: (deps) => ({
    send: (target, alert) => {
      const content = describeAlert(alert.envelope, deps.baseUrl);
      return sendHttp(
        {
          url: underBase(target.config.api_url ?? NTFY_API, '/'),
          body: JSON.stringify({
            topic: target.config.topic,
            title: clip(content.title, 250),
            message: clipBytes(plainBody(content), NTFY_MESSAGE_MAX_BYTES),
            priority: PRIORITY[urgencyOf(content)],
            tags: TAGS[content.severity],
            click: content.link,
          }),
          headers: {
            'User-Agent': WEBHOOK_USER_AGENT,
            ...(target.config.token ? { Authorization: `Bearer ${target.config.token}` } : {}),
          },
          readError: jsonError({ messagePaths: [['error']] }),
        },
        deps,
      );
    },
  }),
});
