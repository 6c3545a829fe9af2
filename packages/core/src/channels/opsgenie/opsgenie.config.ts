import Joi from 'joi';
import { apiUrl, tokenField } from '../shared/config-fields.js';

export const OPSGENIE_API_URL = 'https://api.opsgenie.com';

/**
 * `api_key`: the API key of an Opsgenie "API" integration (a UUID); `api_url`: the Alert API's
 * base (default the public US one; EU accounts use https://api.eu.opsgenie.com);
 * `webhook_secret`: what the Opsgenie Webhook integration that calls the inbound_url sends in
 * its X-Vigil-Webhook-Secret header (generated when omitted, shown once).
 */
export type OpsgenieConfig = { api_key: string; api_url?: string; webhook_secret?: string };

export const opsgenieConfig = Joi.object<OpsgenieConfig>({
  api_key: tokenField('api_key', /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'the API key (a UUID) of an Opsgenie API integration'),
  api_url: apiUrl(OPSGENIE_API_URL),
  webhook_secret: Joi.string()
    .pattern(/^[\x21-\x7e]{16,256}$/)
    .messages({ '*': 'Invalid config.webhook_secret: must be 16 to 256 printable characters without spaces' }),
});
