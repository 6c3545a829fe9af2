import { accountKeyPrefix, escapeGlob, taggedKeyPattern } from '@vigil/core';

/**
 * Redis keys of one account's request usage not yet in daily_usage. All carry the account's
 * hash tag, like the quota keys, so the quota script and the flush scripts each touch one slot.
 * - pending: hash day -> requests counted since the last flush took them;
 * - inflight: the hash a flush took, until daily_usage has it;
 * - seq: the sequence number of the last batch taken.
 */
export interface UsageKeys {
  pending: string;
  inflight: string;
  seq: string;
}

export function usageKeys(redisPrefix: string, accountId: number): UsageKeys {
  const base = `${accountKeyPrefix(redisPrefix, accountId)}:usage`;
  return { pending: `${base}:pending`, inflight: `${base}:inflight`, seq: `${base}:seq` };
}

/** The pattern matching every account's usage keys (recovery after a crash). */
export function usageKeyPattern(redisPrefix: string): string {
  return taggedKeyPattern(redisPrefix, 'a*', ':usage:*');
}

/** The account id of a pending or inflight key made by usageKeys for this prefix, or null. */
export function accountOfUsageKey(redisPrefix: string, key: string): number | null {
  for (const m of key.matchAll(/a(\d+)\}/g)) {
    const k = usageKeys(redisPrefix, Number(m[1]));
    if (key === k.pending || key === k.inflight) return Number(m[1]);
  }
  return null;
}

/**
 * The usage keys of releases before the prefix fix: the prefix without its braces, then
 * `:usage:{a<id>}:…`. Flushed once by an API process at start (docs/decisions.md "Every Redis key under the prefix").
 */
export function legacyUsageKeys(redisPrefix: string, accountId: number): UsageKeys {
  const base = `${redisPrefix.replace(/[{}]/g, '')}:usage:{a${accountId}}`;
  return { pending: `${base}:pending`, inflight: `${base}:inflight`, seq: `${base}:seq` };
}

/** Every account's legacy usage keys. */
export function legacyUsageKeyPattern(redisPrefix: string): string {
  return `${escapeGlob(redisPrefix.replace(/[{}]/g, ''))}:usage:{a*}:*`;
}

/** The account id of a legacy pending or inflight key, or null. */
export function accountOfLegacyUsageKey(key: string): number | null {
  const m = /:usage:\{a(\d+)\}:(?:pending|inflight)$/.exec(key);
  return m ? Number(m[1]) : null;
}
