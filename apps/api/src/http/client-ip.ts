import type { Request } from 'express';

/**
 * Each request's IP, once: Express's `req.ip` runs proxy-addr (the X-Forwarded-For chain against
 * the trust setting) on every access, and a keyed request asks twice (its burst key, its key-use
 * record), 2 % of a keyed read's CPU. The address of one request never changes.
 */
const known = new WeakMap<Request, string>();

/** The caller's IP for per-IP limits: IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address. */
export function clientIp(req: Request): string {
  let ip = known.get(req);
  if (ip === undefined) {
    // Without a trusted proxy Express's req.ip is the socket's address (proxy-addr trusts no
    // X-Forwarded-For hop): read it directly instead of parsing the header for nothing.
    const direct = req.app.get('trust proxy') === false;
    const raw = (direct ? req.socket.remoteAddress : req.ip) ?? req.socket.remoteAddress ?? 'unknown';
    ip = raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice(7) : raw;
    known.set(req, ip);
  }
  return ip;
}
