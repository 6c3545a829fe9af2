import { createGuardedAgents, outboundPolicy, type Context, type IntegrationType } from '@vigil/core';
import type { Channel } from './channel.js';
import { discordChannel, slackChannel } from './chat.channel.js';
import { emailChannel } from './email.channel.js';
import { webhookChannel } from './webhook.channel.js';

/** How long one attempt may take, connection to response (or SMTP dialogue). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type Channels = Record<IntegrationType, Channel>;

/** One channel per integration type, sharing the guarded agents of the process's outbound policy. */
export function createChannels(ctx: Context): Channels {
  const timeoutMs = DELIVERY_TIMEOUT_MS;
  const agents = createGuardedAgents(outboundPolicy(ctx.config));
  return {
    email: emailChannel({ smtpUrl: ctx.config.smtpUrl, from: ctx.config.smtpFrom, baseUrl: ctx.config.baseUrl, timeoutMs }),
    webhook: webhookChannel({ agents, timeoutMs, clock: ctx.clock }),
    slack: slackChannel({ agents, timeoutMs, baseUrl: ctx.config.baseUrl }),
    discord: discordChannel({ agents, timeoutMs, baseUrl: ctx.config.baseUrl }),
  };
}
