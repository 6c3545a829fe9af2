import { randomUUID } from 'node:crypto';
import { HEARTBEAT_PINGS_PER_JOB, JobName, chunksOf, hashPingToken, looksLikePingToken, monitorIdsOfPingTokens, type Context, type HeartbeatPingPayload } from '@vigil/core';
import { limiterNamespace } from '../limits/fixed-window-limiter.js';
import { PingAdmissions, type PingAdmission, type PingAdmit } from '../limits/ping-admission.js';
import { newPingTokenStamp, pingsHashTag, pingTokenStampKey } from './ping-tokens.js';
import { TickBatch } from './tick-batch.js';

/** Pings a token may send per minute (start + success of a job every second fit twice over). */
export const PINGS_PER_MINUTE = 120;
const WINDOW_SEC = 60;

/** How long a token's monitor is kept in this process at most (the stamp ends it at once when a token changes). */
const TOKEN_CACHE_TTL_MS = 60_000;
/** Tokens kept at most, in the lookups and in the spent windows (each starts again empty past it). */
const TOKEN_CACHE_MAX = 10_000;

/** What a ping's limits answer: refused by its client's burst limit or its token's, or admitted (`go`: what accept() takes). */
export type PingLimits =
  | { kind: 'burst'; msBeforeNext: number }
  | { kind: 'limited'; limit: number; msBeforeNext: number }
  | { kind: 'go'; hash: string | null; stamp: string };

export type PingAnswer = { kind: 'accepted' } | { kind: 'unknown' };

/** What the ping reports. */
export type IncomingPing = Pick<HeartbeatPingPayload, 'kind' | 'exitCode' | 'body'>;

/** Retries 1 s, 2 s, 4 s ... 2048 s apart: a ping survives about an hour of PostgreSQL outage. */
const JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86_400, count: 5000 },
} as const;

/**
 * Accepts pings: a token of the wrong shape is unknown without a lookup; the per-token limit is
 * counted under the token's hash (the token itself never reaches Redis or a log), before the
 * lookup, so a runaway job costs Redis only; a known token's ping joins a HeartbeatPings job
 * (each ping with its own id) that the checker judges and records.
 *
 * Per event-loop turn, the pings that arrived in it share one Redis call for their limits (each
 * one's burst limit, when the burst middleware left it to the ping, and its token's window; see
 * PingAdmissions), one token lookup for the tokens not known here (one statement) and one
 * enqueue: HeartbeatPings jobs of up to HEARTBEAT_PINGS_PER_JOB pings each (addBulk: one Redis
 * transaction), so the checker pays a job's way through the queue once per batch, not per ping.
 *
 * Known tokens: a token's monitor is kept in this process with the ping-token stamp read before
 * its lookup; the stamp is read again in every turn's limit call, and a token is answered from
 * here only while the stamp is the one it was looked up under. Whatever ends a token (a rotation,
 * a heartbeat monitor deleted) changes the stamp after its commit and before its answer
 * (bumpPingTokenStamp), so from then on every process looks its tokens up again: a rotated or
 * deleted token is unknown from the next ping on, in every process, as without the cache. An
 * unknown token is never kept.
 */
export class PingIntake {
  private readonly admissions: TickBatch<PingAdmit, { stamp: string; admission: PingAdmission }>;
  private readonly lookups: TickBatch<string, number | null>;
  private readonly enqueues: TickBatch<HeartbeatPingPayload, void>;
  private readonly known = new Map<string, { monitorId: number; stamp: string; until: number }>();
  /** Tokens that spent their window, refused here until it ends (no Redis call for their counts). */
  private readonly spent = new Map<string, number>();
  private readonly keyPrefix: string;

  constructor(
    private readonly ctx: Context,
    private readonly perMinute = PINGS_PER_MINUTE,
  ) {
    // rate-limiter-flexible's key layout (FixedWindowLimiter's before): the counts of a running window carry over.
    this.keyPrefix = `${limiterNamespace(ctx.config.redisPrefix, 'ping')}${pingsHashTag(ctx.config)}:${perMinute}`;
    const redis = new PingAdmissions(ctx.redis, pingTokenStampKey(ctx.config), WINDOW_SEC);
    this.admissions = new TickBatch(async (items) => {
      const { stamp, admissions } = await redis.admit(items, newPingTokenStamp(), perMinute);
      return admissions.map((admission) => ({ stamp, admission }));
    });
    this.lookups = new TickBatch(async (hashes) => {
      const found = await monitorIdsOfPingTokens(ctx.db, hashes);
      return hashes.map((h) => found.get(h) ?? null);
    });
    this.enqueues = new TickBatch<HeartbeatPingPayload, void>(async (payloads) => {
      await ctx.queues.addBulk(
        JobName.HeartbeatPings,
        chunksOf(payloads, HEARTBEAT_PINGS_PER_JOB).map((pings) => ({ payload: { pings }, opts: JOB_OPTIONS })),
      );
      return payloads.map(() => undefined);
    });
  }

  /**
   * The ping's limits, counted before anything else is looked at: `burst` when this ping counts
   * its client's burst limit (the burst middleware left it: takeDeferredBurst); `countToken` false
   * for a ping refused before its token counts (an invalid action). A token of the wrong shape is
   * not counted (it is unknown without a lookup).
   */
  async limits(token: string, burst: { key: string; limit: number } | null, countToken: boolean): Promise<PingLimits> {
    const hash = countToken && looksLikePingToken(token) ? hashPingToken(token) : null;
    const spentUntil = hash === null ? undefined : this.spent.get(hash);
    const spent = spentUntil !== undefined && spentUntil > Date.now();
    if (hash !== null && spentUntil !== undefined && !spent) this.spent.delete(hash);
    const refused = (until: number): PingLimits => ({ kind: 'limited', limit: this.perMinute, msBeforeNext: Math.max(0, until - Date.now()) });
    if (spent && !burst) return refused(spentUntil);
    const counts = !spent && hash !== null;
    if (!burst && !counts) return { kind: 'go', hash, stamp: '' };
    const { stamp, admission } = await this.admissions.add({ burst, tokenKey: counts ? `${this.keyPrefix}:${hash}` : null, now: this.ctx.clock.now() });
    if (admission.kind === 'burst') return { kind: 'burst', msBeforeNext: admission.msBeforeNext };
    if (spent) return refused(spentUntil);
    if (admission.kind === 'counted' && admission.consumed > this.perMinute) {
      // One past the limit is the first refused ping: from then on refused here until the window ends.
      if (hash !== null) {
        // Any token-shaped string has a window: bounded, as the lookups are (Redis still counts past it).
        if (this.spent.size >= TOKEN_CACHE_MAX) this.spent.clear();
        this.spent.set(hash, Date.now() + admission.msBeforeNext);
      }
      return { kind: 'limited', limit: this.perMinute, msBeforeNext: admission.msBeforeNext };
    }
    return { kind: 'go', hash, stamp };
  }

  /** An admitted ping: unknown when its token is not one (or not of the shape), else queued for the checker. */
  async accept(go: { hash: string | null; stamp: string }, ping: IncomingPing): Promise<PingAnswer> {
    if (go.hash === null) return { kind: 'unknown' };
    const monitorId = await this.monitorOf(go.hash, go.stamp);
    if (monitorId === null) return { kind: 'unknown' };
    await this.enqueues.add({ pingId: randomUUID(), monitorId, kind: ping.kind, exitCode: ping.exitCode, receivedAt: this.ctx.clock.now().toISOString(), body: ping.body });
    return { kind: 'accepted' };
  }

  /** The token's monitor: kept here under the current stamp, or looked up (and kept under the stamp read before the lookup). */
  private async monitorOf(hash: string, stamp: string): Promise<number | null> {
    const now = Date.now();
    const kept = this.known.get(hash);
    if (kept && kept.stamp === stamp && kept.until > now) return kept.monitorId;
    const monitorId = await this.lookups.add(hash);
    if (monitorId === null) {
      this.known.delete(hash);
      return null;
    }
    if (this.known.size >= TOKEN_CACHE_MAX) this.known.clear();
    this.known.set(hash, { monitorId, stamp, until: now + TOKEN_CACHE_TTL_MS });
    return monitorId;
  }
}
