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
  const base = `${redisPrefix.replace(/[{}]/g, '')}:usage:{a${accountId}}`;
  return { pending: `${base}:pending`, inflight: `${base}:inflight`, seq: `${base}:seq` };
}

/** The pattern matching every account's pending and inflight keys (recovery after a crash). */
export function usageKeyPattern(redisPrefix: string): string {
  return `${redisPrefix.replace(/[{}]/g, '')}:usage:{a*}:*`;
}

/** The account id of a key made by usageKeys, or null. */
export function accountOfUsageKey(key: string): number | null {
  const m = /:usage:\{a(\d+)\}:(?:pending|inflight)$/.exec(key);
  return m ? Number(m[1]) : null;
}
