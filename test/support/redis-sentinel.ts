import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { waitFor } from './wait-for.js';

/** A primary, its replica and three Sentinels watching them, all throwaway, on loopback. */
export interface SentinelSetup {
  /** The name the Sentinels know the primary by. */
  name: string;
  primary: RedisServer;
  replica: RedisServer;
  sentinels: RedisServer[];
  /** What a Vigil process needs to find the primary through the Sentinels. */
  env: Record<string, string>;
  /** The port of the node the Sentinels name as primary right now. */
  primaryPort(): Promise<number>;
  stop(): Promise<void>;
}

async function ask<T>(port: number, work: (r: Redis) => Promise<T>): Promise<T> {
  const r = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    return await work(r);
  } finally {
    r.disconnect();
  }
}

/**
 * Starts the primary, the replica (waits until it is in sync) and three Sentinels with a quorum
 * of 2 that call a primary down after 2 s (not sooner: a loaded machine must not fail over by
 * itself); resolves once every Sentinel knows the replica and the two other Sentinels, so a
 * failover can be agreed on.
 */
export async function startSentinelSetup(name = 'vigil'): Promise<SentinelSetup> {
  const started: RedisServer[] = [];
  try {
    const primary = await startRedisServer();
    started.push(primary);
    const replica = await startRedisServer({ config: [`replicaof 127.0.0.1 ${primary.port}`] });
    started.push(replica);
    await waitFor(async () => /master_link_status:up/.test(await ask(replica.port, (r) => r.info('replication'))), { timeoutMs: 20_000, what: 'the replica in sync' });
    const sentinels: RedisServer[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await startRedisServer({
        sentinel: true,
        config: [
          `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${name} 2000`,
          `sentinel failover-timeout ${name} 10000`,
          `sentinel parallel-syncs ${name} 1`,
        ],
      });
      started.push(s);
      sentinels.push(s);
    }
    for (const s of sentinels) {
      await waitFor(
        async () =>
          ask(s.port, async (r) => {
            const replicas = (await r.call('SENTINEL', 'REPLICAS', name)) as unknown[];
            const others = (await r.call('SENTINEL', 'SENTINELS', name)) as unknown[];
            return replicas.length === 1 && others.length === 2;
          }),
        { timeoutMs: 30_000, what: `Sentinel ${s.port} to know the replica and the other Sentinels` },
      );
    }
    return {
      name,
      primary,
      replica,
      sentinels,
      env: {
        REDIS_SENTINELS: sentinels.map((s) => `127.0.0.1:${s.port}`).join(','),
        REDIS_SENTINEL_NAME: name,
      },
      async primaryPort() {
        const [, port] = (await ask(sentinels[0].port, (r) => r.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name))) as [string, string];
        return Number(port);
      },
      async stop() {
        await Promise.all(started.map((s) => s.stop()));
      },
    };
  } catch (e) {
    await Promise.all(started.map((s) => s.stop()));
    throw e;
  }
}
