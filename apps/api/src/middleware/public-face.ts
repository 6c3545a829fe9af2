import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import { normaliseHostname, UnavailableError, type Context } from '@vigil/core';
import { clientIp } from '../http/client-ip.js';
import { requestHost } from '../http/request-host.js';
import { BADGE_HEADERS, type BadgeService } from '../badges/badge-service.js';
import { customLabel } from '../badges/render-badge.js';
import { queryValue } from '../http/validate.js';
import { sendCached, type CachedBody } from '../public-status/cached-body.js';
import { PublicFaceGate, PUBLIC_FACE_DEFAULTS, PUBLIC_RETRY_AFTER_S } from '../public-status/public-face-gate.js';
import { badgeTarget, isPublicPath, pageTarget } from '../public-status/public-paths.js';
import { PAGE_HEADERS, type StatusPageService } from '../public-status/status-page-service.js';
import { sendError } from './error-handler.js';

/** Counts requests per client IP in the current second, in this process only. */
class LocalWindow {
  private counts = new Map<string, number>();
  private startedAt = 0;
  /** True while `ip` made at most `limit` requests this second (counting this one). */
  within(ip: string, limit: number, now: number): boolean {
    if (now - this.startedAt >= 1000 || now < this.startedAt || this.counts.size >= 100_000) {
      this.counts.clear();
      this.startedAt = now;
    }
    const count = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, count);
    return count <= limit;
  }
}

/**
 * The public face's bounded share of the process (see PublicFaceGate): every other request is
 * counted as API work in flight; public requests (pages, feeds, badges, a custom hostname's root)
 * go at once while the API is idle, at a bounded rate while it is busy, and are shed with 503
 * and Retry-After when they waited too long. An admitted request for a page or badge whose cached
 * copy can be served (see VersionedCache.peek) is answered here from memory, without any await;
 * the same client IP may do so up to the burst limit per second in this process, and beyond
 * that (or on a cache miss) takes the usual path through the Redis burst limiter to the route.
 * Mounted after the dependency gate.
 */
export function publicFace(ctx: Context, pages: StatusPageService, badges: BadgeService, gate?: PublicFaceGate): RequestHandler {
  const own =
    gate ??
    new PublicFaceGate({
      ...PUBLIC_FACE_DEFAULTS,
      now: () => performance.now(),
      schedule: (fn, ms) => {
        if (ms <= 0) {
          const immediate = setImmediate(fn);
          return () => clearImmediate(immediate);
        }
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
    });
  const window = new LocalWindow();
  const serviceHost = new URL(ctx.config.baseUrl).hostname.toLowerCase();
  const shed = new UnavailableError('Too many requests for public pages; retry shortly', {}, { 'Retry-After': String(PUBLIC_RETRY_AFTER_S), 'Cache-Control': 'no-store' });
  /** A page or badge answered from memory, without any await; undefined when that cannot be. */
  const fromMemory = (req: Request): { body: CachedBody; headers: Record<string, string>; route?: string } | undefined => {
    const badge = badgeTarget(req.path);
    if (badge) {
      const body = badges.peek(badge.token, badge.badge, badge.format, customLabel(queryValue(req.query.label)));
      return body && { body, headers: BADGE_HEADERS, route: '/badges/:token/:badge' };
    }
    const page = pageTarget(req.path, () => normaliseHostname(requestHost(req)));
    const body = page ? pages.peek(page.ref, page.variant) : undefined;
    return body && { body, headers: PAGE_HEADERS, route: page?.route };
  };
  return (req, res, next) => {
    if (!isPublicPath(req.path, requestHost(req), serviceHost)) {
      res.once('close', own.apiStarted());
      return next();
    }
    const leave = own.enter((admitted) => {
      if (res.closed) return;
      if (!admitted) return sendError(ctx, shed, req, res);
      const cached = req.method === 'GET' || req.method === 'HEAD' ? fromMemory(req) : undefined;
      if (cached && window.within(clientIp(req), ctx.config.burstPerSecond, performance.now())) {
        // Labelled in the access log and metrics as the route would be.
        if (cached.route) req.route = { path: cached.route };
        return sendCached(req, res, cached.body, cached.headers);
      }
      next();
    });
    if (leave) res.once('close', leave);
  };
}
