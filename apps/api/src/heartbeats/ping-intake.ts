import { randomUUID } from 'node:crypto';
import { JobName, hashPingToken, looksLikePingToken, monitorIdsOfPingTokens, type Context, type HeartbeatPingPayload } from '@vigil/core';
import { FixedWindowLimiter, limiterNamespace, type FixedWindowResult } from '../limits/fixed-window-limiter.js';
import { TickBatch } from './tick-batch.js';

/** Pings a token may send per minute (start + success of a job every second fit twice over). */
export const PINGS_PER_MINUTE = 120;

export type PingAnswer =
  | { kind: 'accepted' }
  | { kind: 'unknown' }
  | { kind: 'limited'; limit: FixedWindowResult };

export interface IncomingPing {
  token: string;
  kind: HeartbeatPingPayload['kind'];
  exitCode: number | null;
  body: string | null;
}

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
 * lookup, so a runaway job costs Redis only; a known token's ping becomes a HeartbeatPing job
 * (job id = ping id) that the checker judges and records.
 *
 * The pings that arrive in one turn of the event loop share one token lookup (one statement for
 * all their tokens) and one enqueue (addBulk: one Redis transaction), instead of a round trip
 * each to PostgreSQL and Redis. Each ping's lookup still starts after it arrived, so a rotated
 * token is unknown from the next ping on, in every process (no cache of tokens).
 */
export class PingIntake {
  private readonly limiter: FixedWindowLimiter;
  private readonly lookups: TickBatch<string, number | null>;
  private readonly enqueues: TickBatch<HeartbeatPingPayload, void>;

  constructor(
    private readonly ctx: Context,
    private readonly perMinute = PINGS_PER_MINUTE,
  ) {
    this.limiter = new FixedWindowLimiter(ctx.redis, limiterNamespace(ctx.config.redisPrefix, 'ping'), 60, { spentInMemory: true });
    this.lookups = new TickBatch(async (hashes) => {
      const found = await monitorIdsOfPingTokens(ctx.db, hashes);
      return hashes.map((h) => found.get(h) ?? null);
    });
    this.enqueues = new TickBatch<HeartbeatPingPayload, void>(async (payloads) => {
      await ctx.queues.addBulk(
        JobName.HeartbeatPing,
        payloads.map((payload) => ({ payload, opts: { ...JOB_OPTIONS, jobId: payload.pingId } })),
      );
      return payloads.map(() => undefined);
    });
  }

  async accept(ping: IncomingPing): Promise<PingAnswer> {
    if (!looksLikePingToken(ping.token)) return { kind: 'unknown' };
    const hash = hashPingToken(ping.token);
    const limit = await this.limiter.consume(hash, this.perMinute);
    if (!limit.allowed) return { kind: 'limited', limit };
    const monitorId = await this.lookups.add(hash);
    if (monitorId === null) return { kind: 'unknown' };
    const pingId = randomUUID();
    const payload: HeartbeatPingPayload = {
      pingId,
      monitorId,
      kind: ping.kind,
      exitCode: ping.exitCode,
      receivedAt: this.ctx.clock.now().toISOString(),
      body: ping.body,
    };
    await this.enqueues.add(payload);
    return { kind: 'accepted' };
  }
}
