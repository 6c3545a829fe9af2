import type { RequestHandler } from 'express';
import { bearerToken } from '../auth/authenticate-key.js';

interface Line {
  active: number;
  waiting: (() => void)[];
}

/**
 * At most `limit` requests of one API key are worked on at a time in this process; the others
 * wait in that key's line, first come first served, before any database or Redis work. A client
 * hammering the API then holds a bounded share of the database pool, and another account's
 * request does not queue behind all of its requests. Nothing is refused: a waiting request only
 * starts later. Requests without a Bearer key are not held.
 */
export function keyFairShare(limit: number): RequestHandler {
  const lines = new Map<string, Line>();
  return (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) return next();
    // The client left during an earlier step: 'close' has fired already, so no slot is taken.
    if (res.closed) return;
    let line = lines.get(token);
    if (!line) {
      line = { active: 0, waiting: [] };
      lines.set(token, line);
    }
    const own = line;
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const run = () => {
      state = 'running';
      next();
    };
    res.once('close', () => {
      if (state === 'waiting') {
        // The client left while waiting: leave the line without holding a slot.
        own.waiting.splice(own.waiting.indexOf(run), 1);
      } else if (state === 'running') {
        const successor = own.waiting.shift();
        if (successor) successor();
        else own.active--;
      }
      state = 'done';
      if (own.active === 0 && !own.waiting.length) lines.delete(token);
    });
    if (own.active < limit) {
      own.active++;
      run();
    } else {
      own.waiting.push(run);
    }
  };
}
