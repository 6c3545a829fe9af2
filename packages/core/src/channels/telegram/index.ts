import Joi from 'joi';
import { defineChannel } from '../channel.js';
import { describeAlert } from '../content/alert-content.js';
import { jsonError } from '../http/provider-errors.js';
import { sendHttp, WEBHOOK_USER_AGENT } from '../http/request.js';
import { apiUrl, tokenField, underBase } from '../shared/config-fields.js';
import { renderTelegram } from './telegram-message.js';

export const TELEGRAM_API = 'https://api.telegram.org';

export type TelegramConfig = { bot_token: string; chat_id: string | number; api_url?: string };

/** Telegram Bot API sendMessage. The bot token sits in the URL path: it is masked in any error. */
export const telegram = defineChannel({
  type: 'telegram',
  label: 'Telegram',
  description: 'Sends a message through a Telegram bot (Bot API sendMessage) to a user, group or channel.',
  fields: [
    { name: 'bot_token', type: 'string', required: true, secret: true, description: 'The bot\'s token from @BotFather, 123456:ABC-...' },
    { name: 'chat_id', type: 'string', required: true, secret: false, description: 'Chat id (e.g. -1001234567890) or @channelusername' },
    { name: 'api_url', type: 'string', required: false, secret: false, description: `Bot API server; default ${TELEGRAM_API}` },
  ],
  schema: Joi.object<TelegramConfig>({
    bot_token: tokenField('bot_token', /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'a bot token, <bot id>:<secret>'),
    chat_id: Joi.alternatives()
      .try(Joi.number().integer(), Joi.string().max(33).pattern(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/))
      .required()
      .messages({ 'any.required': 'config.chat_id is required', '*': 'Invalid config.chat_id: must be a numeric chat id or an @channelusername' }),
    api_url: apiUrl(TELEGRAM_API),
  }),
  normalise: (config) => ({ ...config, chat_id: String(config.chat_id) }),
  example: { bot_token: '123456789:AAEXAMPLEexampleEXAMPLEexample0123', chat_id: '-1001234567890' },
  createSender: (deps) => ({
    send: (target, alert) =>
      sendHttp(
        {
          url: underBase(target.config.api_url ?? TELEGRAM_API, `/bot${target.config.bot_token}/sendMessage`),
          body: JSON.stringify({
            chat_id: target.config.chat_id,
            text: renderTelegram(describeAlert(alert.envelope, deps.baseUrl)),
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          }),
          headers: { 'User-Agent': WEBHOOK_USER_AGENT },
          readError: jsonError({ messagePaths: [['description']], retryAfterSeconds: ['parameters', 'retry_after'] }),
        },
        deps,
      ),
  }),
});
