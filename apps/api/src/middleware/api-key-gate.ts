import type { Request, RequestHandler } from 'express';
import { AuthenticationError, hashApiKeySecret, logContext, UnavailableError, type Context } from '@vigil/core';
import { BoundedTtlCache } from '../auth/key-cache.js';
import { bearerToken, checkKey, findKey } from '../auth/authenticate-key.js';
import { recordKeyUse } from '../auth/key-use.js';
import type { AuthInfo } from '../http/request-auth.js';
import { clientIp } from '../http/client-ip.js';
import type { AccountQuota, QuotaDecision } from '../limits/account-quota.js';
import { BurstCounter } from '../limits/burst-counter.js';
import { ReadCoalescer } from '../http/read-coalescer.js';
import type { RequestUsage } from '../usage/request-usage.js';
import { enforceQuota, quotaLimits } from './account-limits.js';
import { burstCounter, consumeBurst, sendBurstLimited, takeDeferredBurst } from './burst-limit.js';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="vigil"' };

/** Key lookups kept per process: the most recently used, each for a short while. */
export const KEY_CACHE_ENTRIES = 10_000;
export const KEY_CACHE_TTL_MS = 10_000;
/**
 * Which account a key belongs to, for the fair scheduler's line only (never for access): kept
 * longer than the lookup, so a busy key whose lookup just expired keeps its account's line
 * instead of opening a line of its own (two lines would halve the slots for a second).
 */
export const KEY_LINE_TTL_MS = 600_000;
/** Stamp changes while one request looks its key up again before it gives up (a 500). */
const MAX_RELOADS = 5;

interface CachedKey extends AuthInfo {
  /** The account's auth stamp, read before the key was looked up. */
  stamp: string;
}

class BurstLimited {
  constructor(readonly msBeforeNext: number) {}
}

/**
 * Authentication and account limits of routes that take an API key, in as few round trips as
 * possible. A key's lookup (key and account, from PostgreSQL) is cached in the process, bounded
 * and short-lived, with the account's auth stamp read before it; each request then makes ONE
 * Redis call, the admission script, which checks the burst limit (when the burst middleware left
 * it here), compares the stamp and counts the quota. Revoking or rotating a key, (de)activating
 * an account and changing its tier replace the stamp, so the next request in any process finds
 * it changed, reads the key again (answering 401/403 or applying the new tier) and counts then.
 *
 * A key not cached (or out of date) costs two more round trips: the lookup, and the stamp read
 * before it (a lookup cached with a stamp read after it could miss a change committed between).
 * The first sight of a key needs one lookup more to learn its account. Unknown, revoked and
 * expired keys are never cached. Concurrent requests of one key that all miss the cache (its
 * lookup just expired) share one lookup (ReadCoalescer: each still gets one that started after
 * it arrived) instead of making one each, and keep their account's line in the fair scheduler.
 *
 * Answers, in order: 429 burst limit, 401 "API key required" / "Invalid API key" / "API key
 * expired", then what enforceQuota answers.
 */
export function apiKeyGate(ctx: Context, deps: { quota: AccountQuota; usage: RequestUsage }): RequestHandler & { schedulingKey(token: string, req?: Request): string } {
  const cache = new BoundedTtlCache<CachedKey>(KEY_CACHE_ENTRIES, KEY_CACHE_TTL_MS);
  const lines = new BoundedTtlCache<number>(KEY_CACHE_ENTRIES, KEY_LINE_TTL_MS);
  // The requests of a busy key whose lookup expired make one lookup between them, not one each.
  const loads = new ReadCoalescer<CachedKey>();
  const burstCounts = new BurstCounter(ctx.redis, ctx.config.redis.mode === 'cluster');
  const { quota } = deps;
  // The fair scheduler's step and this one both need the key's hash: computed once per request.
  const hashes = new WeakMap<Request, { token: string; hash: string }>();
  const hashOf = (token: string, req?: Request): string => {
    const known = req && hashes.get(req);
    if (known && known.token === token) return known.hash;
    const hash = hashApiKeySecret(token);
    if (req) hashes.set(req, { token, hash });
    return hash;
  };

  /** The burst limit on its own: for keys that are not looked up any further. */
  async function checkBurstAlone(req: Request): Promise<void> {
    const result = await consumeBurst(ctx, burstCounts, req);
    if (!result.allowed) throw new BurstLimited(result.msBeforeNext);
  }

  /**
   * The key's lookup with the stamp read before it. `stamp` is the current one when the caller
   * just read it (a stale admission); otherwise it is read here.
   */
  async function load(keyHash: string, now: Date, known: { stamp: string } | null): Promise<CachedKey> {
    let stamp = known?.stamp;
    if (stamp === undefined) {
      // The stamp is the account's: learn the account first.
      const first = await findKey(ctx, keyHash);
      if (!first || first.apiKey.revokedAt) throw new AuthenticationError('Invalid API key');
      const read = await quota.admit({ accountId: first.account.id, apiKeyId: first.apiKey.id, now, perMinute: 0, perDay: null, burst: null, stamp: '' });
      if (read.kind !== 'stale') throw new Error('the admission script counted a stamp read');
      stamp = read.stamp;
    }
    const found = checkKey(await findKey(ctx, keyHash), now, { allowInactive: true });
    const entry = { ...found, stamp };
    cache.set(keyHash, entry, now.getTime());
    lines.set(keyHash, found.account.id, now.getTime());
    return entry;
  }

  async function admit(req: Request, token: string, now: Date): Promise<{ entry: CachedKey; decision: QuotaDecision }> {
    const keyHash = hashOf(token, req);
    let burst = takeDeferredBurst(req) ? burstCounter(ctx, req) : null;
    let entry = cache.get(keyHash, now.getTime());
    // A cached key that has expired since is looked up again (its 401 comes after the burst check).
    if (entry?.apiKey.expiresAt && entry.apiKey.expiresAt.getTime() <= now.getTime()) {
      cache.delete(keyHash);
      entry = undefined;
    }
    let known: { stamp: string } | null = null;
    for (let reloads = 0; reloads <= MAX_RELOADS; reloads++) {
      if (!entry) {
        try {
          entry = await loads.read(`${keyHash}:${known?.stamp ?? ''}`, () => load(keyHash, now, known));
          // Another request's lookup may have started a moment before this request's now.
          checkKey(entry, now, { allowInactive: true });
        } catch (e) {
          // The burst limit answers before the key's 401 (an outage stays the outage's answer).
          if (burst && e instanceof AuthenticationError) await checkBurstAlone(req);
          throw e;
        }
      }
      const { account, apiKey } = entry;
      const admission = await quota.admit({ accountId: account.id, apiKeyId: apiKey.id, now, ...quotaLimits(ctx, account), burst, stamp: entry.stamp });
      burst = null;
      if (admission.kind === 'burst') throw new BurstLimited(admission.msBeforeNext);
      if (admission.kind === 'quota') return { entry, decision: admission.decision };
      cache.delete(keyHash);
      entry = undefined;
      known = { stamp: admission.stamp };
    }
    // The account's keys change faster than this request can look one up (a client churning
    // keys): a retryable 503, not a 500.
    throw new UnavailableError('The account\'s API keys are changing; retry shortly', {}, { 'Retry-After': '1' });
  }

  const handler: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new AuthenticationError('API key required', {}, CHALLENGE);
    const now = ctx.clock.now();
    let admitted;
    try {
      admitted = await admit(req, token, now);
    } catch (e) {
      if (e instanceof BurstLimited) return sendBurstLimited(ctx, res, e.msBeforeNext);
      throw e;
    }
    const { entry, decision } = admitted;
    const { account, apiKey } = entry;
    req.auth = { account, apiKey };
    const store = logContext.getStore();
    if (store) store.accountId = account.id;
    await recordKeyUse(ctx, apiKey, now, clientIp(req));
    await enforceQuota(ctx, deps, res, account, decision, quotaLimits(ctx, account), now);
    next();
  };

  /**
   * Whose line a request with this key waits in for the fair scheduler: its account's when the
   * key's lookup is cached (all keys of an account share one fair share), else the key's own.
   */
  const schedulingKey = (token: string, req?: Request): string => {
    const keyHash = hashOf(token, req);
    const accountId = lines.get(keyHash, ctx.clock.now().getTime());
    return accountId === undefined ? `key:${keyHash}` : `account:${accountId}`;
  };
  return Object.assign(handler, { schedulingKey });
}
