import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HEARTBEAT_EVERY_MS, agentPollRecord, createSecretBox, leaseBox, recordHeartbeat, takeLeases, type AgentKeyOwner, type AgentLease, type Context, type Lease } from '@vigil/core';

/** How often a long poll looks again for a due run. */
const POLL_STEP_MS = 250;

/**
 * Leases up to `max` due runs of the agent's location, waiting up to `waitMs` (long poll) for
 * one to be due; stops early when the request is gone. The probe target, stored sealed under
 * VIGIL_SECRET_KEY, is re-sealed to the lease secret of the very key the agent presented (the
 * current one, or the previous one during a rotation's overlap), so only that location's
 * agents can open it. Records the poll (agent id, version, time) for GET /locations/{id}; an
 * agent of a region location (a public region served by agents) also counts as a live checker of
 * its region while it polls (GET /regions, and rounds wait for the region's answer).
 */
export async function leaseRuns(
  ctx: Context,
  owner: AgentKeyOwner,
  opts: { agentId: string; version: string; max: number; waitMs: number; gone: () => boolean },
): Promise<AgentLease[]> {
  const p = ctx.config.redisPrefix;
  const started = ctx.clock.now().getTime();
  let leases: Lease[] = [];
  let beatMs = -Infinity;
  for (;;) {
    const nowMs = ctx.clock.now().getTime();
    if (owner.location.accountId === null && nowMs - beatMs >= HEARTBEAT_EVERY_MS) {
      await recordHeartbeat(ctx.redis, p, owner.location.name, `agent-${opts.agentId}`, new Date(nowMs));
      beatMs = nowMs;
    }
    // The lease ids (16 random bytes each, in hex) from one draw.
    const random = randomBytes(16 * opts.max).toString('hex');
    const ids = Array.from({ length: opts.max }, (_, i) => random.slice(32 * i, 32 * (i + 1)));
    const poll = agentPollRecord(p, owner.location, { agentId: opts.agentId, version: opts.version, lastPollMs: nowMs });
    leases = await takeLeases(ctx.redis, p, owner.location.id, nowMs, ids, poll);
    if (leases.length || opts.gone() || nowMs - started >= opts.waitMs) break;
    await sleep(Math.min(POLL_STEP_MS, opts.waitMs - (nowMs - started)));
  }
  if (!leases.length) return [];
  // Opened only for a poll that leased something (most polls of an idle location lease nothing).
  const box = createSecretBox(ctx.config.secretKey);
  const toAgent = leaseBox(box.open(owner.sealedLeaseSecret));
  return leases.map(({ leaseId, offer, expiresMs }) => ({
    lease_id: leaseId,
    monitor_id: offer.monitorId,
    run_key: offer.runKey,
    due_at: new Date(offer.dueMs).toISOString(),
    expires_at: new Date(expiresMs).toISOString(),
    sealed_target: toAgent.seal(box.open(offer.sealed)),
  }));
}
