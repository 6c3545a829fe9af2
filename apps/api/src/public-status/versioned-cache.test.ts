import { VersionedCache, type Built } from './versioned-cache.js';

function setup(ttlMs = 1000, maxEntries = 10) {
  let now = 0;
  const versions = new Map<number, string | null>([[1, '0']]);
  const errors: unknown[] = [];
  const cache = new VersionedCache<string | null>({ ttlMs, maxEntries, now: () => now }, (owner) => Promise.resolve(versions.get(owner) ?? '0'), (e) => errors.push(e));
  let builds = 0;
  const build = (value: string | null, owner: number | null = 1) => (): Promise<Built<string | null>> => {
    builds++;
    return Promise.resolve({ owner, version: owner === null ? null : (versions.get(owner) ?? '0'), value });
  };
  return { cache, versions, errors, build, builds: () => builds, tick: (ms: number) => (now += ms) };
}

describe('VersionedCache', () => {
  it('serves a fresh entry without building again', async () => {
    const t = setup();
    expect(await t.cache.get('k', t.build('a'))).toBe('a');
    expect(await t.cache.get('k', t.build('b'))).toBe('a');
    expect(t.builds()).toBe(1);
  });

  it('rebuilds before answering when the owner’s version moved', async () => {
    const t = setup();
    await t.cache.get('k', t.build('a'));
    t.versions.set(1, '1');
    expect(await t.cache.get('k', t.build('b'))).toBe('b');
  });

  it('serves a stale entry while one rebuild runs in the background', async () => {
    const t = setup();
    await t.cache.get('k', t.build('a'));
    t.tick(1500);
    expect(await t.cache.get('k', t.build('b'))).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(await t.cache.get('k', t.build('c'))).toBe('b');
    expect(t.builds()).toBe(2);
  });

  it('shares one build among concurrent requests', async () => {
    const t = setup();
    const results = await Promise.all([1, 2, 3].map(() => t.cache.get('k', t.build('a'))));
    expect(results).toEqual(['a', 'a', 'a']);
    expect(t.builds()).toBe(1);
  });

  it('keeps negative entries for the ttl only, then builds again', async () => {
    const t = setup();
    expect(await t.cache.get('k', t.build(null, null))).toBeNull();
    expect(await t.cache.get('k', t.build('a'))).toBeNull();
    t.tick(1001);
    expect(await t.cache.get('k', t.build('a'))).toBe('a');
  });

  it('falls back on the ttl when the version cannot be read', async () => {
    const t = setup();
    await t.cache.get('k', t.build('a'));
    t.versions.set(1, null);
    expect(await t.cache.get('k', t.build('b'))).toBe('a');
  });

  it('drops the oldest entries past maxEntries, and reports background failures', async () => {
    const t = setup(1000, 2);
    await t.cache.get('a', t.build('1'));
    await t.cache.get('b', t.build('2'));
    await t.cache.get('c', t.build('3'));
    expect(await t.cache.get('a', t.build('4'))).toBe('4');
    t.tick(2000);
    expect(await t.cache.get('a', () => Promise.reject(new Error('db down')))).toBe('4');
    await new Promise((r) => setImmediate(r));
    expect(t.errors).toHaveLength(1);
  });

  it('peek answers without waiting while the owner version is known and unchanged, rebuilding behind a stale entry', async () => {
    const t = setup();
    const known = new Map<number, string | undefined>([[1, '0']]);
    const knownVersion = (owner: number) => known.get(owner);
    expect(t.cache.peek('k', knownVersion, t.build('x'))).toBeUndefined(); // nothing cached: no build either
    expect(t.builds()).toBe(0);
    await t.cache.get('k', t.build('a'));
    expect(t.cache.peek('k', knownVersion, t.build('x'))).toBe('a');
    known.set(1, undefined); // version not known without waiting
    expect(t.cache.peek('k', knownVersion, t.build('x'))).toBeUndefined();
    known.set(1, '1'); // moved: get must rebuild first
    expect(t.cache.peek('k', knownVersion, t.build('x'))).toBeUndefined();
    known.set(1, '0');
    expect(t.builds()).toBe(1);
    t.tick(1000); // stale: served, one rebuild behind it
    expect(t.cache.peek('k', knownVersion, t.build('b'))).toBe('a');
    expect(t.cache.peek('k', knownVersion, t.build('c'))).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(t.builds()).toBe(2);
    expect(t.cache.peek('k', knownVersion, t.build('x'))).toBe('b');
    await t.cache.get('none', t.build(null, null)); // a negative entry is never peeked
    expect(t.cache.peek('none', knownVersion, t.build('x'))).toBeUndefined();
    expect(t.builds()).toBe(3);
  });
});
