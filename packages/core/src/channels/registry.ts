import type { Channel } from './channel.js';
import { discord } from './discord/index.js';
import { email } from './email/index.js';
import { googleChat } from './google_chat/index.js';
import { gotify } from './gotify/index.js';
import { matrix } from './matrix/index.js';
import { mattermost } from './mattermost/index.js';
import { ntfy } from './ntfy/index.js';
import { opsgenie } from './opsgenie/index.js';
import { pagerduty } from './pagerduty/index.js';
import { pushover } from './pushover/index.js';
import { slack } from './slack/index.js';
import { teams } from './teams/index.js';
import { telegram } from './telegram/index.js';
import { twilioSms } from './twilio_sms/index.js';
import { webhook } from './webhook/index.js';
import { webhookTemplate } from './webhook_template/index.js';

/**
 * Every alert channel, one folder each. Adding one here is all it takes: the integration types
 * the API accepts, GET /integrations/types, the OpenAPI document, secret masking and sealing,
 * and the notifier's senders all follow from this list (the database stores the type as text).
 */
export const CHANNELS = [
  email,
  webhook,
  slack,
  discord,
  pagerduty,
  opsgenie,
  teams,
  telegram,
  googleChat,
  mattermost,
  matrix,
  ntfy,
  pushover,
  gotify,
  twilioSms,
  webhookTemplate,
] as const;

/** An integration's type: the type of one registered channel. */
export type IntegrationType = (typeof CHANNELS)[number]['type'];

export const INTEGRATION_TYPES: readonly IntegrationType[] = CHANNELS.map((c) => c.type);

/** The channel of a type. */
export function channelOf(type: IntegrationType): Channel<IntegrationType> {
  const found = CHANNELS.find((c) => c.type === type);
  if (!found) throw new Error(`No channel of type ${type}`);
  return found;
}

/** Whether a stored type is one of the registered channels (a row may outlive its channel). */
export function isIntegrationType(type: string): type is IntegrationType {
  return CHANNELS.some((c) => c.type === type);
}
