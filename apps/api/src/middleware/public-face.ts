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
import { PublicLane } from '../public-status/public-lane.js';
import { badgeTarget, isPublicPath, pageTarget } from '../public-status/public-paths.js';
import { PAGE_HEADERS, type StatusPageService } from '../public-status/status-page-service.js';
import { whenClosed } from '../http/response-end.js';
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

/** Runs `fn` after `ms` (0: on the next event-loop turn); returns a cancel. */
function schedule(fn: () => void, ms: number): () => void {
  if (ms <= 0) {
    const immediate = setImmediate(fn);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
}

/** Whose share of the public lane a request takes: its page (slug or custom hostname) or badge token. */
function laneKey(req: Request): string {
  const badge = badgeTarget(req.path);
  if (badge) return `badge:${badge.token}`;
  const page = pageTarget(req.path, () => normaliseHostname(req.hostname));
  if (page) return 'slug' in page.ref ? `page:${page.ref.slug}` : `host:${page.ref.hostname}`;
  return `path:${req.path}`;
}

/**
 * The public face's bounded share of the process (see PublicFaceGate): every other request is
 * counted as API work in flight; public requests (pages, feeds, badges, a custom hostname's root)
 * go at once while the API is idle, at a bounded rate while it is busy, and are shed with 503
 * and Retry-After when they waited too long. An admitted request then takes one of the public
 * lane's VIGIL_PUBLIC_IN_FLIGHT slots (PublicLane: its own budget, apart from the API's slots,
 * shared fairly between pages), and is shed the same way when that line is full or too slow.
 * A request with its slot for a page or badge whose cached
 * copy can be served (see VersionedCache.peek) is answered here from memory, without any await,
 * and gives its slot back once its answer is written (the rest is the socket's);
 * the same client IP may do so up to the burst limit per second in this process, and beyond
 * that (or on a cache miss) takes the usual path through the Redis burst limiter to the route.
 * Mounted after the dependency gate.
 */
export function publicFace(ctx: Context, pages: StatusPageService, badges: BadgeService, gate?: PublicFaceGate, lane?: PublicLane): RequestHandler {
  const now = () => performance.now();
  const own = gate ?? new PublicFaceGate({ ...PUBLIC_FACE_DEFAULTS, now, schedule });
  const slots =
    lane ?? new PublicLane({ limit: ctx.config.publicInFlight, maxQueue: PUBLIC_FACE_DEFAULTS.maxQueue, maxWaitMs: PUBLIC_FACE_DEFAULTS.maxWaitMs, now, schedule });
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
      whenClosed(res, own.apiStarted());
      return next();
    }
    /** True when answered from memory (the answer is then in the socket's hands: no work left). */
    const serve = (): boolean => {
      if (res.closed) return false;
      const cached = req.method === 'GET' || req.method === 'HEAD' ? fromMemory(req) : undefined;
      if (cached && window.within(clientIp(req), ctx.config.burstPerSecond, performance.now())) {
        // Labelled in the access log and metrics as the route would be.
        if (cached.route) req.route = { path: cached.route };
        sendCached(req, res, cached.body, cached.headers);
        return true;
      }
      next();
      return false;
    };
    const refuse = () => {
      if (!res.closed) sendError(ctx, shed, req, res);
    };
    const leave = own.enter((admitted) => {
      if (res.closed) return;
      if (!admitted) return refuse();
      // An answer from memory gives its slot back as soon as it is written, not when the client
      // has read it all: a slow reader of a large page holds a cached Buffer, not the lane.
      let answered = false;
      let leaveLane: (() => void) | undefined = undefined;
      leaveLane = slots.enter(
        laneKey(req),
        () => {
          answered = serve();
          if (answered) leaveLane?.();
        },
        refuse,
      );
      if (answered) leaveLane();
      else whenClosed(res, leaveLane);
    });
    if (leave) whenClosed(res, leave);
  };
}
