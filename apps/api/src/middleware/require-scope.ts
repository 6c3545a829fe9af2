import type { RequestHandler } from 'express';
import { ForbiddenError, grantsScope, heldScopes, type RequiredScope } from '@vigil/core';
import { authOf } from '../http/request-auth.js';
import type { RouteDef } from '../http/route.js';

export const INSUFFICIENT_SCOPE = 'Insufficient scope';

/** 403 `{"error": "Insufficient scope", "required": <scope>}` unless the caller's key grants it. */
export function requireScope(required: RequiredScope): RequestHandler {
  return (req, _res, next) => {
    if (!grantsScope(heldScopes(authOf(req).apiKey.scopes), required)) throw new ForbiddenError(INSUFFICIENT_SCOPE, { required });
    next();
  };
}

/** The scope an `api-key` route declares; the boot fails on one that declares none. */
export function declaredScope(def: RouteDef): RequiredScope {
  if (!def.scope) throw new Error(`Route ${def.method.toUpperCase()} ${def.path} takes an API key but declares no scope`);
  return def.scope;
}
