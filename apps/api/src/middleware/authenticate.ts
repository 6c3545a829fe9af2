import type { RequestHandler } from 'express';
import { AuthenticationError, logContext, type Context } from '@vigil/core';
import { authenticateKey, bearerToken } from '../auth/authenticate-key.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="vigil"' };

/**
 * Requires a valid API key (401 "API key required" without a Bearer header). With
 * `allowInactive`, a deactivated account passes and a later step answers its 403.
 */
export function requireApiKey(ctx: Context, opts: { allowInactive?: boolean } = {}): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new AuthenticationError('API key required', {}, CHALLENGE);
    req.auth = await authenticateKey(ctx, token, opts);
    const store = logContext.getStore();
    if (store) store.accountId = req.auth.account.id;
    next();
  };
}

/**
 * Anonymous allowed; a key that is sent (`Authorization: Bearer <key>`) must still be valid (a
 * bad key is a 401). Any other Authorization header carries no API key: the call is anonymous.
 */
export function optionalApiKey(ctx: Context): RequestHandler {
  const required = requireApiKey(ctx);
  return (req, res, next) => (bearerToken(req.get('authorization')) ? required(req, res, next) : next());
}
