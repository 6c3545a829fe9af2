import type { Request } from 'express';

/** The caller's IP for per-IP limits: IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as the IPv4 address. */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
