/**
 * The short per-target cache of header reports: the scanner writes it, the API reads it to
 * answer without a job. Key `${prefix}:hdr:<sha1 of the normalised URL>`.
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from '../queue/redis-client.js';
import type { HeaderReport } from './header-report.js';

export const HEADER_CACHE_TTL_SECONDS = 60;

export function headerCheckCacheKey(prefix: string, url: string): string {
  return `${prefix}:hdr:${createHash('sha1').update(url).digest('hex')}`;
}

/** The cached report of a normalised URL, or null. */
export async function readCachedHeaderReport(redis: RedisClient, prefix: string, url: string): Promise<HeaderReport | null> {
  const cached = await redis.get(headerCheckCacheKey(prefix, url));
  return cached ? (JSON.parse(cached) as HeaderReport) : null;
}

export async function cacheHeaderReport(redis: RedisClient, prefix: string, url: string, report: HeaderReport, ttlSeconds = HEADER_CACHE_TTL_SECONDS): Promise<void> {
  await redis.set(headerCheckCacheKey(prefix, url), JSON.stringify(report), 'EX', ttlSeconds);
}
