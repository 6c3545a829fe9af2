import type { RequestHandler } from 'express';
import { AuthenticationError, findLocationByAgentKey, looksLikeAgentKey, logContext, type Context } from '@vigil/core';
import { bearerToken } from '../auth/authenticate-key.js';

export const AGENT_KEY_REQUIRED = 'Agent key required';
export const INVALID_AGENT_KEY = 'Invalid agent key';

/**
 * Routes of the agent protocol (docs/agents.md): `Authorization: Bearer <agent key>`, the key of
 * one location (private, or a region location) (its current key, or the previous one during a rotation's overlap). The
 * location the key belongs to is who is calling: whatever the agent says about itself is not.
 * API keys are not agent keys, nor the other way round (401).
 */
export function authenticateAgent(ctx: Context): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new AuthenticationError(AGENT_KEY_REQUIRED);
    const owner = looksLikeAgentKey(token) ? await findLocationByAgentKey(ctx.db, token, ctx.clock.now()) : null;
    if (!owner) throw new AuthenticationError(INVALID_AGENT_KEY);
    req.agent = owner;
    const store = logContext.getStore();
    // A region location (a public region served by agents) belongs to no account.
    if (store && owner.location.accountId !== null) store.accountId = owner.location.accountId;
    next();
  };
}
