import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createRedisConnection } from '../queue/redis-connection.js';
import type { RedisClient } from '../queue/redis-client.js';
import { agentPollRecord, connectedLocationNames, lastAgentPoll, locationAgents } from './agent-presence.js';
import { clearLocation, offerRuns, readLease, takeLeases, type LocationOffer } from './lease-store.js';

// Real Redis, a prefix of this run's own (one hash tag: the scripts' keys share a slot).
const prefix = `{vigil-test-leases-${randomBytes(4).toString('hex')}}`;
const location = { id: 7, name: 'office' };
let redis: RedisClient;

beforeAll(async () => {
  redis = createRedisConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', 'client');
  await once(redis, 'ready');
});

afterAll(async () => {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
});

const offer = (monitorId: number, dueMs: number): LocationOffer => ({ monitorId, runKey: `run-${monitorId}-${dueMs}`, dueMs, leaseMs: 60_000, sealed: `sealed-${monitorId}` });

describe('takeLeases', () => {
  afterEach(() => clearLocation(redis, prefix, location.id));

  it('records the poll and leases the due runs, oldest first, under the ids given, in one call', async () => {
    const now = Date.now();
    await offerRuns(redis, prefix, location.id, [offer(2, now - 1_000), offer(1, now - 2_000), offer(3, now + 60_000)], now);
    const poll = agentPollRecord(prefix, location, { agentId: 'agent-a', version: '1.2.3', lastPollMs: now });

    const leases = await takeLeases(redis, prefix, location.id, now, ['id-1', 'id-2', 'id-3'], poll);

    // Two due (the third falls due in a minute); the third id is not used.
    expect(leases.map((l) => [l.leaseId, l.offer.monitorId])).toEqual([
      ['id-1', 1],
      ['id-2', 2],
    ]);
    expect(leases[0].offer).toEqual(offer(1, now - 2_000));
    expect(await readLease(redis, prefix, 'id-2')).toEqual({ locationId: location.id, monitorId: 2, runKey: `run-2-${now - 1_000}`, dueMs: now - 1_000, state: 'leased' });
    expect(await readLease(redis, prefix, 'id-3')).toBeNull();
    // The poll: the agent with its version, the location's last poll, its name among the connected.
    expect(await locationAgents(redis, prefix, location.id, now)).toEqual([{ agentId: 'agent-a', version: '1.2.3', lastPollMs: now }]);
    expect(await lastAgentPoll(redis, prefix, location.id)).toBe(now);
    expect(await connectedLocationNames(redis, prefix, now)).toContain(location.name);
  });

  it('records a poll that leases nothing, and a later poll of the same agent replaces its entry', async () => {
    const now = Date.now();
    const first = agentPollRecord(prefix, location, { agentId: 'agent-b', version: '1.0.0', lastPollMs: now - 5_000 });
    expect(await takeLeases(redis, prefix, location.id, now - 5_000, ['x'], first)).toEqual([]);
    const second = agentPollRecord(prefix, location, { agentId: 'agent-b', version: '1.0.1', lastPollMs: now });
    expect(await takeLeases(redis, prefix, location.id, now, ['y'], second)).toEqual([]);
    expect(await locationAgents(redis, prefix, location.id, now)).toEqual([{ agentId: 'agent-b', version: '1.0.1', lastPollMs: now }]);
    expect(await lastAgentPoll(redis, prefix, location.id)).toBe(now);
  });
});
