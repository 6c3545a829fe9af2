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
  /** A read ahead of expiry was started (see knownStatusVersion). */
  refreshing?: boolean;
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

/** Starts a Redis read of the version; its Memo settles when Redis answers. */
function readVersion(ctx: Context, accountId: number, at: number): Memo {
  const entry: Memo = { at, value: Promise.resolve(null) };
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
  return entry;
}

function install(memo: Map<number, Memo>, accountId: number, entry: Memo): void {
  if (memo.size >= 10_000) memo.clear();
  memo.set(accountId, entry);
}

/** An account's status version (see bumpStatusVersions), '0' before any bump, null when Redis cannot say. */
export function statusVersionReader(ctx: Context): (accountId: number) => Promise<string | null> {
  const memo = memoOf(ctx);
  return (accountId) => {
    const now = ctx.clock.now().getTime();
    const known = memo.get(accountId);
    if (known && now - known.at < VERSION_MEMO_MS && now >= known.at) return known.value;
    const entry = readVersion(ctx, accountId, now);
    install(memo, accountId, entry);
    return entry.value;
  };
}

/**
 * The version statusVersionReader would answer without waiting: a read made within the last
 * VERSION_MEMO_MS that has answered (a string), else undefined (null never: an unknown version
 * is not "unchanged"). Lets a fresh cached page be served without any await. Past half of
 * VERSION_MEMO_MS it also starts one read ahead, installed when it answers (unless the memo
 * changed meanwhile, e.g. statusChanged forgot it), so a page asked for steadily never waits.
 */
export function knownStatusVersion(ctx: Context, accountId: number): string | undefined {
  const memo = memoOf(ctx);
  const known = memo.get(accountId);
  const now = ctx.clock.now().getTime();
  if (!known || now - known.at >= VERSION_MEMO_MS || now < known.at || known.settled === undefined || known.settled === null) return undefined;
  if (now - known.at >= VERSION_MEMO_MS / 2 && !known.refreshing) {
    known.refreshing = true;
    const ahead = readVersion(ctx, accountId, now);
    void ahead.value.then(() => {
      if (memo.get(accountId) === known) install(memo, accountId, ahead);
    });
  }
  return known.settled;
}

/** What the API calls when it changed what an account's pages or badges show. */
export async function statusChanged(ctx: Context, accountId: number): Promise<void> {
  await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, [accountId]);
  memoOf(ctx).delete(accountId);
}
