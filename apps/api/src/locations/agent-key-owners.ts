import { findLocationByAgentKeyHash, hashApiKeySecret, type AgentKeyOwner, type Context } from '@vigil/core';
import { BoundedTtlCache } from '../auth/key-cache.js';

/** How many agent keys a process keeps, and for how long at most (the stamp ends an entry at once when its key changes). */
const KEPT_KEYS = 10_000;
const KEPT_MS = 60_000;

/**
 * The location of each agent key, kept in this process by the key's hash with the agent-key
 * stamp read before its lookup (agentKeyStampKey): an agent polls every few seconds, and each
 * poll was a PostgreSQL lookup. A kept key answers only while the stamp read by the request's own
 * burst call is the one it was looked up under, and while the clock is before the end of its
 * overlap when it is a location's previous key. Whatever ends or changes a key (the location
 * deleted, its key rotated) changes the stamp after its commit and before its answer, so the next
 * poll in every process looks it up again. Without a stamp (Redis did not answer, or a Redis
 * Cluster, where the burst call cannot read it) every poll is looked up.
 */
export class AgentKeyOwners {
  private readonly kept = new BoundedTtlCache<{ owner: AgentKeyOwner; stamp: string }>(KEPT_KEYS, KEPT_MS);

  constructor(private readonly ctx: Context) {}

  /** The location `agentKey` opens now, kept under `stamp` when there is one. */
  async ownerOf(agentKey: string, stamp: string | null): Promise<AgentKeyOwner | null> {
    const hash = hashApiKeySecret(agentKey);
    const now = this.ctx.clock.now();
    const found = stamp === null ? undefined : this.kept.get(hash, now.getTime());
    if (found && found.stamp === stamp && (found.owner.keyExpiresAt === null || found.owner.keyExpiresAt > now)) return found.owner;
    const owner = await findLocationByAgentKeyHash(this.ctx.db, hash, now);
    if (!owner || stamp === null) this.kept.delete(hash);
    else this.kept.set(hash, { owner, stamp }, now.getTime());
    return owner;
  }
}
