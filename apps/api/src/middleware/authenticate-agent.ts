import type { RequestHandler } from 'express';
import { AuthenticationError, agentKeyStampKey, looksLikeAgentKey, logContext, newAgentKeyStamp, type Context } from '@vigil/core';
import { bearerToken } from '../auth/authenticate-key.js';
import { BurstCounter } from '../limits/burst-counter.js';
import { AgentKeyOwners } from '../locations/agent-key-owners.js';
import { burstCounter, burstLimiterUnavailable, sendBurstLimited, takeDeferredBurst } from './burst-limit.js';

export const AGENT_KEY_REQUIRED = 'Agent key required';
export const INVALID_AGENT_KEY = 'Invalid agent key';

/**
 * Routes of the agent protocol (docs/agents.md): `Authorization: Bearer <agent key>`, the key of
 * one location (private, or a region location) (its current key, or the previous one during a rotation's overlap). The
 * location the key belongs to is who is calling: whatever the agent says about itself is not.
 * API keys are not agent keys, nor the other way round (401).
 *
 * The routes count their client's burst limit here (`ownBurst`), before anything else, in one
 * Redis call that also reads the agent-key stamp, so a poll whose key is kept in this process
 * (AgentKeyOwners) makes no PostgreSQL lookup. If Redis does not answer, the request passes the
 * burst limit (as everywhere) and its key is looked up.
 */
export function authenticateAgent(ctx: Context): RequestHandler {
  const owners = new AgentKeyOwners(ctx);
  // Each call also reads the agent-key stamp (not on a Redis Cluster: there the burst middleware counts these routes).
  const burst = new BurstCounter(ctx.redis, ctx.config.redis.mode === 'cluster', { key: agentKeyStampKey(ctx.config), fresh: newAgentKeyStamp });
  return async (req, res, next) => {
    let stamp: string | null = null;
    if (takeDeferredBurst(req)) {
      const { key, limit } = burstCounter(ctx, req);
      const counted = await burst.consume(key, limit, ctx.clock.now()).catch((e: unknown) => {
        burstLimiterUnavailable(ctx, e);
        return null;
      });
      if (counted && !counted.allowed) return sendBurstLimited(ctx, res, counted.msBeforeNext);
      stamp = counted?.stamp ?? null;
    }
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new AuthenticationError(AGENT_KEY_REQUIRED);
    const owner = looksLikeAgentKey(token) ? await owners.ownerOf(token, stamp) : null;
    if (!owner) throw new AuthenticationError(INVALID_AGENT_KEY);
    req.agent = owner;
    const store = logContext.getStore();
    // A region location (a public region served by agents) belongs to no account.
    if (store && owner.location.accountId !== null) store.accountId = owner.location.accountId;
    next();
  };
}
