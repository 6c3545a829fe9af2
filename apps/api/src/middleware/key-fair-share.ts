import type { Request, RequestHandler, Response } from 'express';
import { bearerToken } from '../auth/authenticate-key.js';
import { whenClosed } from '../http/response-end.js';
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
    // The request may start (and yield) inside enter(), before enter() has returned its leave.
    let yielded = false;
    let leave = () => {
      yielded = true;
    };
    res.vigilYieldSlot = () => leave();
    leave = scheduler.enter(lineOf(token, req), () => next());
    if (yielded) leave();
    whenClosed(res, leave);
  };
}

declare module 'express-serve-static-core' {
  interface Response {
    /** How the request holding (or waiting for) a slot gives it back; leaving twice is a no-op. On the response, not in a WeakMap keyed by it: one table entry per request churns (see ChurnList in core). */
    vigilYieldSlot?: () => void;
  }
}

/**
 * Gives the request's slot back before it waits on a worker's job (a manual check, a test
 * delivery, a redelivery: up to seconds on a slow target) rather than hold one of the few slots
 * for its whole wait: what is left of it is I/O, and a flood of such requests to a tarpit would
 * otherwise keep every other account's requests waiting.
 */
export function yieldSlot(res: Response): void {
  res.vigilYieldSlot?.();
}
