import type { RequestHandler } from 'express';
import { logContext, type Context } from '@vigil/core';
import { authenticateKey, bearerToken } from '../auth/authenticate-key.js';
import { clientIp } from '../http/client-ip.js';

/**
 * Anonymous allowed; a key that is sent (`Authorization: Bearer <key>`) must still be valid (a
 * bad key is a 401, a deactivated account's a 403). Any other Authorization header carries no
 * API key: the call is anonymous. (Routes that require a key use apiKeyGate.)
 */
export function optionalApiKey(ctx: Context): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    req.auth = await authenticateKey(ctx, token, clientIp(req));
    const store = logContext.getStore();
    if (store) store.accountId = req.auth.account.id;
    next();
  };
}
