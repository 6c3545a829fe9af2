import type { RedisClient } from '../queue/redis-client.js';
import { locationAgentKeys, type AgentPollRecord } from './agent-presence.js';

/**
 * The checks a private location owes, in Redis (docs/agents.md, "Leases"). The dispatcher in the
 * checker offers each due run of a location's monitors (a sorted set by due time, plus the
 * run's sealed payload in a hash); the API leases them to the location's agents: a lease moves
 * a run into the location's leased set with an expiry on Redis's own clock (agents' and API
 * hosts' clocks are never compared) and writes a lease record (`<prefix>:lease:<id>`, kept one
 * day) that a result is checked against. A lease that expires before its result arrives puts
 * the run back on offer under a new lease (an agent died); a result of either lease records
 * the run once (the writer dedupes by run key). Every key carries the hash-tagged prefix: one
 * Redis Cluster slot.
 */
const dueKey = (p: string, loc: number) => `${p}:location:${loc}:due`;
const offersKey = (p: string, loc: number) => `${p}:location:${loc}:offers`;
const leasedKey = (p: string, loc: number) => `${p}:location:${loc}:leased`;
const recordPrefix = (p: string) => `${p}:lease:`;
/** Where the dispatcher's last offer window of a location ended (epoch ms). */
export const dispatchCursorKey = (p: string, loc: number) => `${p}:location:${loc}:cursor`;

/** How long a lease record is kept (results replayed after an outage of up to a day are recognised). */
export const LEASE_RECORD_TTL_MS = 86_400_000;
/** A run not leased within this long after its due time is dropped: its round was judged long ago. */
export const STALE_OFFER_MS = 300_000;

/** One due run of a monitor at a private location. */
export interface LocationOffer {
  monitorId: number;
  runKey: string;
  dueMs: number;
  /** How long a lease of it lasts: the probe's timeout plus a margin. */
  leaseMs: number;
  /** The probe target, sealed to the location (leaseBox). */
  sealed: string;
}

/** A run handed to an agent. */
export interface Lease {
  leaseId: string;
  offer: LocationOffer;
  /** When the lease expires (Redis's clock, epoch ms). */
  expiresMs: number;
}

/** What a lease id stands for, as recorded when it was handed out. */
export interface LeaseRecord {
  locationId: number;
  monitorId: number;
  runKey: string;
  dueMs: number;
  state: 'leased' | 'expired' | 'done';
}

const memberOf = (o: { monitorId: number; dueMs: number }) => `${o.monitorId}:${o.dueMs}`;

/** Offers runs (ARGV triples: member, due ms, payload) not on offer yet; drops offers older than ARGV[1]. */
const OFFER = `
local stale = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1000)
for _, member in ipairs(stale) do
  redis.call('ZREM', KEYS[1], member)
  redis.call('HDEL', KEYS[2], member)
end
local added = 0
for i = 2, #ARGV, 3 do
  if redis.call('ZADD', KEYS[1], 'NX', tonumber(ARGV[i + 1]), ARGV[i]) == 1 then
    redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 2])
    added = added + 1
  end
end
return added`;

/**
 * Records the agent's poll (AgentPollRecord: KEYS[4..6], ARGV[6..9]), puts expired leases' runs
 * back on offer, then leases up to ARGV[2] runs due by ARGV[1] under ids ARGV[10]..n. Returns
 * [now, id, payload, expiry, ...].
 */
const TAKE = `
redis.call('HSET', KEYS[4], ARGV[6], ARGV[7])
redis.call('SET', KEYS[5], ARGV[8])
redis.call('ZADD', KEYS[6], tonumber(ARGV[8]), ARGV[9])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 1000)
for _, id in ipairs(expired) do
  redis.call('ZREM', KEYS[3], id)
  local raw = redis.call('GET', ARGV[4] .. id)
  if raw then
    local rec = cjson.decode(raw)
    if rec.state == 'leased' then
      if redis.call('HEXISTS', KEYS[2], rec.member) == 1 then
        redis.call('ZADD', KEYS[1], 'NX', rec.dueMs, rec.member)
      end
      rec.state = 'expired'
      redis.call('SET', ARGV[4] .. id, cjson.encode(rec), 'KEEPTTL')
    end
  end
end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = { now }
local n = 0
for _, member in ipairs(due) do
  redis.call('ZREM', KEYS[1], member)
  local payload = redis.call('HGET', KEYS[2], member)
  if payload then
    n = n + 1
    local id = ARGV[9 + n]
    local offer = cjson.decode(payload)
    local expiry = now + tonumber(offer.leaseMs)
    redis.call('ZADD', KEYS[3], expiry, id)
    local rec = { locationId = tonumber(ARGV[3]), member = member, monitorId = offer.monitorId, runKey = offer.runKey, dueMs = offer.dueMs, state = 'leased' }
    redis.call('SET', ARGV[4] .. id, cjson.encode(rec), 'PX', tonumber(ARGV[5]))
    table.insert(out, id)
    table.insert(out, payload)
    table.insert(out, expiry)
  end
end
return out`;

/** Marks a lease done (its run is no longer on offer nor re-issued); returns the record as it was, or nil. */
const COMPLETE = `
local raw = redis.call('GET', ARGV[1])
if not raw then return nil end
local rec = cjson.decode(raw)
if rec.state ~= 'done' then
  redis.call('ZREM', KEYS[3], ARGV[2])
  redis.call('ZREM', KEYS[1], rec.member)
  redis.call('HDEL', KEYS[2], rec.member)
  local was = rec.state
  rec.state = 'done'
  redis.call('SET', ARGV[1], cjson.encode(rec), 'KEEPTTL')
  rec.state = was
end
return cjson.encode(rec)`;

const keys = (p: string, loc: number) => [dueKey(p, loc), offersKey(p, loc), leasedKey(p, loc)];

type RedisWithLeases = RedisClient & {
  vigilLeaseTake(...keysThenArgs: string[]): Promise<(string | number)[]>;
  vigilLeaseComplete(due: string, offers: string, leased: string, record: string, leaseId: string): Promise<string | null>;
};

/**
 * The API's lease scripts as commands of the client (ioredis sends EVALSHA, the script's text
 * only when Redis does not know it): an agent's every poll and result ran EVAL with the whole
 * text (issue 35).
 */
function withLeaseScripts(redis: RedisClient): RedisWithLeases {
  if (!('vigilLeaseTake' in redis)) {
    redis.defineCommand('vigilLeaseTake', { numberOfKeys: 6, lua: TAKE });
    redis.defineCommand('vigilLeaseComplete', { numberOfKeys: 3, lua: COMPLETE });
  }
  return redis as RedisWithLeases;
}

/** Offers runs to a location's agents (a run already on offer is left as it is); drops stale offers. Returns how many were added. */
export async function offerRuns(redis: RedisClient, prefix: string, locationId: number, offers: readonly LocationOffer[], nowMs: number): Promise<number> {
  const args = offers.flatMap((o) => [memberOf(o), String(o.dueMs), JSON.stringify(o)]);
  return Number(await redis.eval(OFFER, 3, ...keys(prefix, locationId), String(nowMs - STALE_OFFER_MS), ...args));
}

function isOffer(value: unknown): value is LocationOffer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'monitorId') === 'number' &&
    typeof Reflect.get(value, 'runKey') === 'string' &&
    typeof Reflect.get(value, 'dueMs') === 'number' &&
    typeof Reflect.get(value, 'leaseMs') === 'number' &&
    typeof Reflect.get(value, 'sealed') === 'string'
  );
}

/** Records an agent's poll and leases up to `ids.length` runs due by `dueByMs` under the given (fresh, random) lease ids: one round trip. */
export async function takeLeases(redis: RedisClient, prefix: string, locationId: number, dueByMs: number, ids: readonly string[], poll: AgentPollRecord): Promise<Lease[]> {
  const flat = await withLeaseScripts(redis).vigilLeaseTake(
    ...keys(prefix, locationId),
    ...poll.keys,
    String(dueByMs),
    String(ids.length),
    String(locationId),
    recordPrefix(prefix),
    String(LEASE_RECORD_TTL_MS),
    ...poll.args,
    ...ids,
  );
  const out: Lease[] = [];
  for (let i = 1; i + 2 < flat.length; i += 3) {
    const offer: unknown = JSON.parse(String(flat[i + 1]));
    if (isOffer(offer)) out.push({ leaseId: String(flat[i]), offer, expiresMs: Number(flat[i + 2]) });
  }
  return out;
}

function isLeaseRecord(value: unknown): value is LeaseRecord & { member: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'locationId') === 'number' &&
    typeof Reflect.get(value, 'monitorId') === 'number' &&
    typeof Reflect.get(value, 'runKey') === 'string' &&
    typeof Reflect.get(value, 'dueMs') === 'number' &&
    ['leased', 'expired', 'done'].includes(String(Reflect.get(value, 'state')))
  );
}

const toRecord = (raw: string | null): LeaseRecord | null => {
  if (raw === null) return null;
  const value: unknown = JSON.parse(raw);
  if (!isLeaseRecord(value)) return null;
  return { locationId: value.locationId, monitorId: value.monitorId, runKey: value.runKey, dueMs: value.dueMs, state: value.state };
};

/** The record of a lease id, or null (never issued, or older than a day). */
export async function readLease(redis: RedisClient, prefix: string, leaseId: string): Promise<LeaseRecord | null> {
  return toRecord(await redis.get(recordPrefix(prefix) + leaseId));
}

/** Marks the lease done; the record as it was before (state `done`: a repeated result), or null. */
export async function completeLease(redis: RedisClient, prefix: string, locationId: number, leaseId: string): Promise<LeaseRecord | null> {
  const [due, offers, leased] = keys(prefix, locationId);
  const raw = await withLeaseScripts(redis).vigilLeaseComplete(due, offers, leased, recordPrefix(prefix) + leaseId, leaseId);
  return toRecord(raw);
}

/** Runs waiting for an agent (due by `dueByMs`) and runs leased now. */
export async function leaseBacklog(redis: RedisClient, prefix: string, locationId: number, dueByMs: number): Promise<{ due: number; leased: number }> {
  const [due, leased] = await Promise.all([redis.zcount(dueKey(prefix, locationId), '-inf', String(dueByMs)), redis.zcard(leasedKey(prefix, locationId))]);
  return { due, leased };
}

/**
 * Forgets everything a deleted location had on offer or leased, and its agents, in one DEL
 * (issue 35: it was two round trips; the keys share the location's prefix, as the runs' did).
 */
export async function clearLocation(redis: RedisClient, prefix: string, locationId: number): Promise<void> {
  await redis.del(...keys(prefix, locationId), dispatchCursorKey(prefix, locationId), ...locationAgentKeys(prefix, locationId));
}
