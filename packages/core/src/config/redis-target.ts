/** A `host:port` of a Sentinel or Cluster node. */
export interface RedisNode {
  host: string;
  port: number;
}

/**
 * Where Redis is: one node (REDIS_URL), a primary found through Sentinel (REDIS_SENTINELS), or a
 * Redis Cluster (REDIS_CLUSTER_NODES). Every connection of every process is made from this by
 * createRedisConnection.
 */
export type RedisTarget =
  | { mode: 'standalone'; url: string }
  | {
      mode: 'sentinel';
      sentinels: RedisNode[];
      /** The primary's name in the Sentinels (REDIS_SENTINEL_NAME). */
      name: string;
      /** AUTH of the data nodes: REDIS_PASSWORD, else REDIS_URL's. */
      username: string | undefined;
      password: string | undefined;
      sentinelPassword: string | undefined;
      db: number;
      tls: boolean;
      sentinelTls: boolean;
    }
  | { mode: 'cluster'; nodes: RedisNode[]; username: string | undefined; password: string | undefined; tls: boolean };

/** `host:port,host:port` (IPv6 in brackets); throws on anything else. */
export function parseRedisNodes(list: string, variable: string): RedisNode[] {
  const nodes = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry);
      const port = m ? Number(m[2]) : 0;
      if (!m || port < 1 || port > 65535) throw new Error(`${variable}: "${entry}" is not host:port`);
      return { host: m[1].replace(/^\[|\]$/g, ''), port };
    });
  if (!nodes.length) throw new Error(`${variable} lists no host:port`);
  return nodes;
}

export interface RedisTargetEnv {
  url: string;
  sentinels: string | undefined;
  sentinelName: string;
  sentinelPassword: string | undefined;
  password: string | undefined;
  tls: boolean | undefined;
  sentinelTls: boolean;
  clusterNodes: string | undefined;
}

export function redisTarget(env: RedisTargetEnv): RedisTarget {
  if (env.sentinels !== undefined && env.clusterNodes !== undefined) throw new Error('REDIS_SENTINELS and REDIS_CLUSTER_NODES: set one, not both');
  if (env.sentinels === undefined && env.clusterNodes === undefined) return { mode: 'standalone', url: env.url };
  const url = new URL(env.url);
  const username = decodeURIComponent(url.username) || undefined;
  const password = env.password ?? (decodeURIComponent(url.password) || undefined);
  const tls = env.tls ?? url.protocol === 'rediss:';
  if (env.clusterNodes !== undefined) return { mode: 'cluster', nodes: parseRedisNodes(env.clusterNodes, 'REDIS_CLUSTER_NODES'), username, password, tls };
  return {
    mode: 'sentinel',
    sentinels: parseRedisNodes(env.sentinels ?? '', 'REDIS_SENTINELS'),
    name: env.sentinelName,
    username,
    password,
    sentinelPassword: env.sentinelPassword,
    db: Number(url.pathname.slice(1) || 0),
    tls,
    sentinelTls: env.sentinelTls,
  };
}
