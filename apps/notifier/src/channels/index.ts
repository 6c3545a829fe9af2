import { CHANNELS, createGuardedAgents, outboundPolicy, type Context, type SenderDeps, type StoredSender } from '@vigil/core';

/** How long one attempt may take, connection to response (or SMTP dialogue). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The sender of each registered channel, by integration type. */
export type Channels = ReadonlyMap<string, StoredSender>;

/** One sender per registered channel, sharing the guarded agents of the process's outbound policy. */
export function createChannels(ctx: Context): Channels {
  const deps: SenderDeps = {
    agents: createGuardedAgents(outboundPolicy(ctx.config)),
    timeoutMs: DELIVERY_TIMEOUT_MS,
    clock: ctx.clock,
    baseUrl: ctx.config.baseUrl,
    smtp: { url: ctx.config.smtpUrl, from: ctx.config.smtpFrom },
  };
  return new Map(CHANNELS.map((c) => [c.type, c.createSender(deps)]));
}
