import { bumpStatusVersions, statusVersionKey, type Context } from '@vigil/core';

/**
 * How long a version read is reused by this process. Under a crowd, requests for pages and
 * badges of one account share one Redis GET per window instead of making one each; a change
 * made through this process is seen at once (statusChanged forgets the memo), one made
 * elsewhere (the checker, another API replica) within this window.
 */
export const VERSION_MEMO_MS = 1_000;

interface Memo {
  at: number;
  value: Promise<string | null>;
  /** The value once the read has answered (undefined before). */
  settled?: string | null;
}

const memos = new WeakMap<Context, Map<number, Memo>>();

function memoOf(ctx: Context): Map<number, Memo> {
  let memo = memos.get(ctx);
  if (!memo) {
    memo = new Map();
    memos.set(ctx, memo);
  }
  return memo;
}

/** An account's status version (see bumpStatusVersions), '0' before any bump, null when Redis cannot say. */
export function statusVersionReader(ctx: Context): (accountId: number) => Promise<string | null> {
  const memo = memoOf(ctx);
  return (accountId) => {
    const now = ctx.clock.now().getTime();
    const known = memo.get(accountId);
    if (known && now - known.at < VERSION_MEMO_MS && now >= known.at) return known.value;
    const entry: Memo = { at: now, value: Promise.resolve(null) };
    entry.value = ctx.redis.get(statusVersionKey(ctx.config.redisPrefix, accountId)).then(
      (v) => {
        entry.settled = v ?? '0';
        return entry.settled;
      },
      () => {
        entry.settled = null;
        return null;
      },
    );
    if (memo.size >= 10_000) memo.clear();
    memo.set(accountId, entry);
    return entry.value;
  };
}

/**
 * The version statusVersionReader would answer without waiting: a read made within the last
 * VERSION_MEMO_MS that has answered (a string), else undefined (null never: an unknown version
 * is not "unchanged"). Lets a fresh cached page be served without any await.
 */
export function knownStatusVersion(ctx: Context, accountId: number): string | undefined {
  const known = memoOf(ctx).get(accountId);
  const now = ctx.clock.now().getTime();
  if (!known || now - known.at >= VERSION_MEMO_MS || now < known.at) return undefined;
  return known.settled ?? undefined;
}

/** What the API calls when it changed what an account's pages or badges show. */
export async function statusChanged(ctx: Context, accountId: number): Promise<void> {
  await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, [accountId]);
  memoOf(ctx).delete(accountId);
}
