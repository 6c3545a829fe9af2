import type { Request } from 'express';
import type { Account, AgentKeyOwner, ApiKey } from '@vigil/core';

/** Who is calling: set by the authenticate middleware on routes that take an API key. */
export interface AuthInfo {
  account: Account;
  apiKey: ApiKey;
}

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
    auth?: AuthInfo;
    /** The private location whose agent key authenticated the call (routes with auth 'agent-key'). */
    agent?: AgentKeyOwner;
  }
}

/** The caller of an authenticated route. Only call it on routes declared with auth 'api-key'. */
export function authOf(req: Request): AuthInfo {
  if (!req.auth) throw new Error(`Route ${req.method} ${req.path} used authOf without authentication`);
  return req.auth;
}

/** The location of an agent route's caller. Only call it on routes declared with auth 'agent-key'. */
export function agentOf(req: Request): AgentKeyOwner {
  if (!req.agent) throw new Error(`Route ${req.method} ${req.path} used agentOf without an agent key`);
  return req.agent;
}
