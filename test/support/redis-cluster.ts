import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, startRedisServer, type RedisServer } from './redis-server.js';
import { waitFor } from './wait-for.js';

/** A throwaway Redis Cluster of primaries only, on loopback. */
export interface RedisClusterSetup {
  nodes: RedisServer[];
  /** What a Vigil process needs to use it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts `size` cluster-enabled nodes, joins them with `redis-cli --cluster create` and waits until every node says cluster_state:ok. */
export async function startRedisCluster(size = 3): Promise<RedisClusterSetup> {
  const nodes: RedisServer[] = [];
  try {
    for (let i = 0; i < size; i++) {
      nodes.push(await startRedisServer({ config: ['cluster-enabled yes', 'cluster-config-file nodes.conf', 'cluster-node-timeout 5000', `cluster-port ${await freePort()}`] }));
    }
    await promisify(execFile)('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'], { timeout: 60_000 });
    for (const n of nodes) {
      await waitFor(
        async () => {
          const r = new Redis(n.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
          r.on('error', () => undefined);
          try {
            await r.connect();
            return /cluster_state:ok/.test((await r.call('CLUSTER', 'INFO')) as string);
          } finally {
            r.disconnect();
          }
        },
        { timeoutMs: 30_000, what: `node ${n.port} to see the cluster up` },
      );
    }
    return {
      nodes,
      env: { REDIS_CLUSTER_NODES: nodes.map((n) => `127.0.0.1:${n.port}`).join(',') },
      async stop() {
        await Promise.all(nodes.map((n) => n.stop()));
      },
    };
  } catch (e) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw e;
  }
}
