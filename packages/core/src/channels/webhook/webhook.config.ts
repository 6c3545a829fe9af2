import Joi from 'joi';
import { httpUrl } from '../shared/config-fields.js';

export type WebhookConfig = { url: string; secret?: string };

export const webhookConfig = Joi.object<WebhookConfig>({
  url: httpUrl('url'),
  secret: Joi.string().min(1).max(256).messages({ '*': 'Invalid config.secret: must be a string of 1 to 256 characters' }),
});
