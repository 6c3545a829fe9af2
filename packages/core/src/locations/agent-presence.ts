import type { RedisClient } from '../queue/redis-client.js';

/** An agent counts as connected while its last poll is at most this old. */
export const AGENT_CONNECTED_MS = 60_000;
/** Agents silent for longer than this are forgotten (no longer listed). */
const AGENT_FORGOTTEN_MS = 86_400_000;

/** One agent of a location as the API last saw it poll. */
export interface AgentPresence {
  agentId: string;
  version: string;
  lastPollMs: number;
}

const agentsKey = (p: string, loc: number) => `${p}:location:${loc}:agents`;
const lastPollKey = (p: string, loc: number) => `${p}:location:${loc}:last-poll`;
/** Location names by their newest poll (a sorted set): which locations rounds wait for. */
const connectedNamesKey = (p: string) => `${p}:locations:connected`;

/**
 * What records a poll of an agent (its self-chosen id and version, both bounded by the caller) at
 * `location`: the keys, in one Redis Cluster slot, and the values that the lease take (takeLeases)
 * writes in its script, so a poll is one round trip (the record was a transaction of its own, and
 * an ioredis transaction copies every script the client defines into each one it makes).
 */
export interface AgentPollRecord {
  /** The location's agents (a hash), its last poll, the connected locations' names (a sorted set). */
  keys: [agents: string, lastPoll: string, connectedNames: string];
  /** The agent's id, its entry (version and poll time), the poll time (epoch ms), the location's name. */
  args: [agentId: string, entry: string, lastPollMs: string, locationName: string];
}

export function agentPollRecord(prefix: string, location: { id: number; name: string }, agent: AgentPresence): AgentPollRecord {
  return {
    keys: [agentsKey(prefix, location.id), lastPollKey(prefix, location.id), connectedNamesKey(prefix)],
    args: [agent.agentId, JSON.stringify({ version: agent.version, lastPollMs: agent.lastPollMs }), String(agent.lastPollMs), location.name],
  };
}

/**
 * The names of the locations an agent polled within AGENT_CONNECTED_MS of `nowMs`: the locations
 * a round waits for, as it waits for regions with a live checker. Names are per account, so two
 * accounts' `office` count as one: a silent one is then waited for until the round's deadline,
 * never judged as failed. Older names are removed.
 */
export async function connectedLocationNames(redis: RedisClient, prefix: string, nowMs: number): Promise<string[]> {
  await redis.zremrangebyscore(connectedNamesKey(prefix), '-inf', nowMs - AGENT_CONNECTED_MS);
  return redis.zrange(connectedNamesKey(prefix), 0, -1);
}

/** The location's agents seen in the last day, newest poll first (older ones are removed). */
export async function locationAgents(redis: RedisClient, prefix: string, locationId: number, nowMs: number): Promise<AgentPresence[]> {
  const all = await redis.hgetall(agentsKey(prefix, locationId));
  const out: AgentPresence[] = [];
  const gone: string[] = [];
  for (const [agentId, raw] of Object.entries(all)) {
    const value: unknown = JSON.parse(raw);
    const version = typeof value === 'object' && value !== null ? Reflect.get(value, 'version') : undefined;
    const lastPollMs = typeof value === 'object' && value !== null ? Reflect.get(value, 'lastPollMs') : undefined;
    if (typeof version !== 'string' || typeof lastPollMs !== 'number' || nowMs - lastPollMs > AGENT_FORGOTTEN_MS) gone.push(agentId);
    else out.push({ agentId, version, lastPollMs });
  }
  if (gone.length) await redis.hdel(agentsKey(prefix, locationId), ...gone);
  return out.sort((a, b) => b.lastPollMs - a.lastPollMs);
}

/** The newest poll of any agent of the location (epoch ms), or null: never polled. */
export async function lastAgentPoll(redis: RedisClient, prefix: string, locationId: number): Promise<number | null> {
  const raw = await redis.get(lastPollKey(prefix, locationId));
  return raw === null ? null : Number(raw);
}

/** The newest poll of each location (epoch ms, null: never polled), in the order of `locationIds`; one command. */
export async function lastAgentPolls(redis: RedisClient, prefix: string, locationIds: readonly number[]): Promise<(number | null)[]> {
  if (!locationIds.length) return [];
  const raw = await redis.mget(...locationIds.map((id) => lastPollKey(prefix, id)));
  return raw.map((v) => (v === null ? null : Number(v)));
}

/** The keys of a location's agents (what a deleted location's clearLocation forgets with its runs). */
export function locationAgentKeys(prefix: string, locationId: number): string[] {
  return [agentsKey(prefix, locationId), lastPollKey(prefix, locationId)];
}
