import { Cluster } from 'ioredis';
import type { RedisClient } from './redis-client.js';

/** Calls `onBatch` with every key matching `pattern` (SCAN, 1,000 at a time; on a Cluster, on every primary). */
export async function scanKeys(redis: RedisClient, pattern: string, onBatch: (keys: string[]) => void | Promise<void>): Promise<void> {
  for (const node of redis instanceof Cluster ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await onBatch(keys);
    } while (cursor !== '0');
  }
}
