import Joi from 'joi';
import { httpUrl } from '../shared/config-fields.js';

export type ChatWebhookConfig = { webhook_url: string };

/** Slack's and Discord's config: the incoming-webhook URL, a secret (it carries the token). */
export const chatWebhookConfig = Joi.object<ChatWebhookConfig>({ webhook_url: httpUrl('webhook_url') });
