/**
 * Names of Redis keys. Every key of a deployment starts with its prefix (VIGIL_REDIS_PREFIX,
 * `{vigil}` by default): keys shared by the whole deployment are `<prefix>:…` and live in the
 * prefix's hash slot; keys that want a slot of their own (one account's counters, one queue
 * shard) extend the prefix's hash tag: `{vigil}` → `{vigil:a42}:…`, `{vigil:1}:…`. A prefix
 * without a hash tag (`vigil`) gets one after it: `vigil:{a42}:…`. So a Lua script or a
 * transaction touches keys of one tag only, and Redis Cluster spreads the accounts and shards
 * over its nodes.
 */

interface PrefixTag {
  /** The prefix up to the closing brace of its hash tag: `{vigil`. */
  head: string;
  /** The rest of the prefix from that brace on: `}`. */
  tail: string;
}

/** The prefix's hash tag (Redis's rule: the first `{`, then the first `}` after it, not empty). */
function prefixTag(prefix: string): PrefixTag | null {
  const open = prefix.indexOf('{');
  if (open < 0) return null;
  const close = prefix.indexOf('}', open + 1);
  if (close <= open + 1) return null;
  return { head: prefix.slice(0, close), tail: prefix.slice(close) };
}

/** The prefix with `tag` added to its hash tag: keys built on it share a slot of their own. */
export function taggedPrefix(prefix: string, tag: string): string {
  const t = prefixTag(prefix);
  return t ? `${t.head}:${tag}${t.tail}` : `${prefix}:{${tag}}`;
}

/** Where one account's counters live (quota, usage, auth stamp): `{vigil:a42}`. */
export function accountKeyPrefix(prefix: string, accountId: number): string {
  return taggedPrefix(prefix, `a${accountId}`);
}

/** Whether the key belongs to the deployment with this prefix (made on it or on a tagged prefix of it). */
export function isKeyUnderPrefix(prefix: string, key: string): boolean {
  if (key.startsWith(prefix)) return true;
  const t = prefixTag(prefix);
  if (t) return key.startsWith(`${t.head}:`) && key.indexOf(t.tail, t.head.length + 1) > 0;
  return key.startsWith(`${prefix}:{`);
}

/** `text` matched literally by a Redis glob pattern (SCAN MATCH, KEYS). */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}

/** A SCAN pattern for keys `<tagged prefix><suffix>` of every tag: `tagPattern` is a glob for the tag (`a*`). */
export function taggedKeyPattern(prefix: string, tagPattern: string, suffixPattern: string): string {
  const t = prefixTag(prefix);
  return t ? `${escapeGlob(t.head)}:${tagPattern}${escapeGlob(t.tail)}${suffixPattern}` : `${escapeGlob(prefix)}:{${tagPattern}}${suffixPattern}`;
}

/** SCAN patterns that together match every key of the deployment with this prefix: on it, and on every tagged prefix of it. */
export function prefixKeyPatterns(prefix: string): string[] {
  return [`${escapeGlob(prefix)}*`, taggedKeyPattern(prefix, '*', '*')];
}
