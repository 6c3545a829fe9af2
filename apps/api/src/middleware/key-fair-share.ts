import type { Request, RequestHandler } from 'express';
import { bearerToken } from '../auth/authenticate-key.js';
import type { FairScheduler } from '../limits/fair-scheduler.js';

/**
 * Requests with a Bearer key go through `scheduler`, in the line `lineOf` names for the key (its
 * account's), before any database or Redis work: while the process has a free slot they go at once, else they wait and the slots
 * are shared out fairly between keys (see FairScheduler). Nothing is refused: a waiting request
 * only starts later. A request gives its slot (or its place in line) back when its response
 * closes, so a client that leaves while waiting never takes a slot. Requests without a Bearer
 * key are not held.
 */
export function keyFairShare(scheduler: FairScheduler, lineOf: (token: string, req: Request) => string): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    // The client left during an earlier step: 'close' has fired already, so no slot is taken.
    if (res.closed) return;
    res.once('close', scheduler.enter(lineOf(token, req), () => next()));
  };
}
