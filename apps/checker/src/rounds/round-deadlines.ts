import { pipelineReplies, type RedisClient } from '@vigil/core';

/**
 * The deadlines of rounds still waiting for regions, in Redis: a sorted set (member: the round,
 * score: its deadline on Redis's clock, from TIME, so checkers' clocks are never compared) and
 * a hash of each round's check time (where its checks are in the partitioned table). One
 * command per batch of checks, instead of an outbox row, its relay and a delayed job per round.
 * Both keys carry the (hash-tagged) prefix: one Redis Cluster slot.
 */
const deadlinesKey = (prefix: string) => `${prefix}:round-deadlines`;
const timesKey = (prefix: string) => `${prefix}:round-deadline-times`;

/** A round as its member: monitor id first, the job key (which may hold ':') last. */
const memberOf = (monitorId: number, jobKey: string) => `${monitorId}:${jobKey}`;

/** The first deadline of a round wins (NX): later answers do not push it back. */
const ADD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 1, #ARGV, 3 do
  if redis.call('ZADD', KEYS[1], 'NX', now + tonumber(ARGV[i]), ARGV[i + 1]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i + 1], ARGV[i + 2])
  end
end
return now`;

/**
 * Rounds whose deadline passed, at most ARGV[1]: each is leased (its deadline moved ARGV[2] ms
 * on) so that another checker does not take it too; a checker that dies before it judged them
 * leaves them to be taken again after the lease.
 */
const LEASE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
local out = {}
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), member)
  table.insert(out, member)
  table.insert(out, redis.call('HGET', KEYS[2], member) or '0')
end
return out`;

export interface RoundDeadline {
  monitorId: number;
  jobKey: string;
  /** When one of its checks ran (finds the round's checks). */
  at: Date;
}

/** Sets the deadline of each round (`inMs` from now on Redis's clock) unless it has one. */
export async function addRoundDeadlines(redis: RedisClient, prefix: string, rounds: readonly (RoundDeadline & { inMs: number })[]): Promise<void> {
  if (!rounds.length) return;
  const args = rounds.flatMap((r) => [String(r.inMs), memberOf(r.monitorId, r.jobKey), String(r.at.getTime())]);
  await redis.eval(ADD, 2, deadlinesKey(prefix), timesKey(prefix), ...args);
}

/** Takes (leases for `leaseMs`) up to `limit` rounds whose deadline has passed. */
export async function leaseDueRounds(redis: RedisClient, prefix: string, limit: number, leaseMs: number): Promise<RoundDeadline[]> {
  const flat = (await redis.eval(LEASE, 2, deadlinesKey(prefix), timesKey(prefix), String(limit), String(leaseMs))) as string[];
  const out: RoundDeadline[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const [id, ...rest] = flat[i].split(':');
    out.push({ monitorId: Number(id), jobKey: rest.join(':'), at: new Date(Number(flat[i + 1])) });
  }
  return out;
}

/** Forgets rounds (judged, or found nothing to judge). */
export async function removeRoundDeadlines(redis: RedisClient, prefix: string, rounds: readonly { monitorId: number; jobKey: string }[]): Promise<void> {
  if (!rounds.length) return;
  const members = rounds.map((r) => memberOf(r.monitorId, r.jobKey));
  pipelineReplies(await redis.multi().zrem(deadlinesKey(prefix), ...members).hdel(timesKey(prefix), ...members).exec());
}
