import type { Redis } from 'ioredis';

/** Calls `onBatch` with every key matching `pattern` (SCAN, 1,000 at a time). */
export async function scanKeys(redis: Redis, pattern: string, onBatch: (keys: string[]) => void | Promise<void>): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await onBatch(keys);
  } while (cursor !== '0');
}
