import Joi from 'joi';
import { apiUrl, tokenField } from '../shared/config-fields.js';

export const PAGERDUTY_API_URL = 'https://events.pagerduty.com';

/**
 * `routing_key`: the Integration Key of an "Events API V2" integration on a PagerDuty service;
 * `api_url`: the Events API's base (default the public one); `webhook_secret`: the signing
 * secret PagerDuty shows for the v3 webhook subscription that calls the integration's inbound_url.
 */
export type PagerDutyConfig = { routing_key: string; api_url?: string; webhook_secret?: string };

export const pagerdutyConfig = Joi.object<PagerDutyConfig>({
  routing_key: tokenField('routing_key', /^[A-Za-z0-9]{32}$/, 'the 32-character Integration Key of a PagerDuty Events API v2 integration'),
  api_url: apiUrl(PAGERDUTY_API_URL),
  webhook_secret: Joi.string().min(1).max(256).messages({ '*': 'Invalid config.webhook_secret: must be a string of 1 to 256 characters' }),
});
