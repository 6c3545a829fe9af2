/**
 * A small in-process cache for public pages and badges, shared by every request of one API
 * process. Each entry remembers the version of its owner (a per-account counter in Redis, see
 * bumpStatusVersions) that it was built under:
 * - same version, younger than `ttlMs`: served;
 * - same version, older: served while one rebuild runs in the background (a crowd never waits
 *   on the database for a page whose owner changed nothing);
 * - another version (an incident opened or resolved, an update posted, the page edited): rebuilt
 *   before answering, once for all the requests waiting on it.
 * When Redis cannot say (null version), the ttl alone decides. Entries are few and small; the
 * oldest go first past `maxEntries`.
 */
export interface Built<T> {
  /** The account whose version tags this entry; null when nothing was found (a short negative entry). */
  owner: number | null;
  version: string | null;
  value: T;
}

interface Entry<T> extends Built<T> {
  builtAt: number;
}

export interface VersionedCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds from the injected clock (so tests can age entries). */
  now: () => number;
}

export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<Built<T>>>();
  private readonly now: () => number;

  constructor(
    private readonly opts: VersionedCacheOptions,
    private readonly versionOf: (owner: number) => Promise<string | null>,
    private readonly onBackgroundError: (e: unknown) => void,
  ) {
    this.now = opts.now;
  }

  async get(key: string, build: () => Promise<Built<T>>): Promise<T> {
    const entry = this.entries.get(key);
    if (!entry) return (await this.rebuild(key, build)).value;
    const age = this.now() - entry.builtAt;
    const version = entry.owner === null ? entry.version : await this.versionOf(entry.owner);
    if (version !== null && version !== entry.version) return (await this.rebuild(key, build)).value;
    if (age < this.opts.ttlMs) return entry.value;
    if (entry.owner === null) return (await this.rebuild(key, build)).value;
    this.rebuild(key, build).catch(this.onBackgroundError);
    return entry.value;
  }

  /**
   * The entry's value without waiting, when `get` would serve it without waiting for a build:
   * its owner's version can be told at once (`knownVersion`) and is unchanged; past `ttlMs` it
   * is served while one rebuild runs behind it, as `get` does. Undefined otherwise (no entry, a
   * negative one, a version not known at once or moved): the caller then takes the `get` path.
   */
  peek(key: string, knownVersion: (owner: number) => string | undefined, build: () => Promise<Built<T>>): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.owner === null || knownVersion(entry.owner) !== entry.version) return undefined;
    const age = this.now() - entry.builtAt;
    if (age < 0 || age >= this.opts.ttlMs) this.rebuild(key, build).catch(this.onBackgroundError);
    return entry.value;
  }

  /** One build per key at a time; its result replaces the entry. */
  private rebuild(key: string, build: () => Promise<Built<T>>): Promise<Built<T>> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = build()
      .then((built) => {
        this.entries.delete(key);
        this.entries.set(key, { ...built, builtAt: this.now() });
        while (this.entries.size > this.opts.maxEntries) {
          const oldest = this.entries.keys().next().value;
          if (oldest === undefined) break;
          this.entries.delete(oldest);
        }
        return built;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }
}
