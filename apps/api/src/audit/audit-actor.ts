import type { Request } from 'express';
import type { AuditActor, Clock } from '@vigil/core';
import { clientIp } from '../http/client-ip.js';
import { authOf } from '../http/request-auth.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set once the request recorded its audit entries (recordAudit). */
    audited?: boolean;
  }
}

/** The caller of a keyed route as its audit entries name it: account, key (id and name), client IP. */
export function auditActor(req: Request, clock: Clock): AuditActor {
  const { account, apiKey } = authOf(req);
  return {
    accountId: account.id,
    keyId: apiKey.id,
    keyName: apiKey.name,
    ip: clientIp(req),
    now: () => clock.now(),
    recorded: () => {
      req.audited = true;
    },
  };
}

/** A write route's 2xx is refused unless the request recorded its audit entries. */
export function assertAudited(req: Request, status: number): void {
  if (status < 300 && !req.audited) throw new Error(`${req.method} ${req.route ? String((req.route as { path: string }).path) : req.path} answered ${status} without recording an audit entry`);
}
