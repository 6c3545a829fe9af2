import type { RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config/redis-target.js';

/**
 * A node that answers READONLY is a former primary that a failover made a replica (Sentinel,
 * or a managed Redis behind one name): reconnect, which asks the Sentinels for the primary
 * again, and resend the command there.
 */
export function reconnectOnReadOnly(e: Error): 2 | false {
  return e.message.startsWith('READONLY') ? 2 : false;
}

/** How to reach the nodes: the URL of one node, or the Sentinels that name the primary. */
export function targetOptions(target: RedisTarget | string): { url?: string; options: RedisOptions } {
  if (typeof target === 'string') return { url: target, options: {} };
  if (target.mode === 'standalone') return { url: target.url, options: {} };
  if (target.mode === 'cluster') throw new Error('a Redis Cluster is reached through its nodes, not one URL');
  return {
    options: {
      sentinels: target.sentinels,
      name: target.name,
      username: target.username,
      password: target.password,
      sentinelPassword: target.sentinelPassword,
      db: target.db,
      ...(target.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
      ...(target.sentinelTls ? { sentinelTLS: {} } : {}),
      // Sentinel tells of a new primary (+switch-master) before the old connection notices.
      failoverDetector: true,
    },
  };
}
