import { accountKeyPrefix, escapeGlob, isKeyUnderPrefix, prefixKeyPatterns, taggedKeyPattern, taggedPrefix } from './redis-keys.js';

describe('Redis key names', () => {
  it("extends the prefix's hash tag, or adds one after a prefix without", () => {
    expect(taggedPrefix('{vigil}', '1')).toBe('{vigil:1}');
    expect(accountKeyPrefix('{vigil}', 42)).toBe('{vigil:a42}');
    expect(accountKeyPrefix('app{vigil}x', 42)).toBe('app{vigil:a42}x');
    expect(accountKeyPrefix('vigil', 42)).toBe('vigil:{a42}');
    expect(accountKeyPrefix('{}vigil', 42)).toBe('{}vigil:{a42}');
  });

  it('tells the keys of a deployment from those of another', () => {
    expect(isKeyUnderPrefix('{vigil}', '{vigil}:checks:wait')).toBe(true);
    expect(isKeyUnderPrefix('{vigil}', '{vigil:a42}:auth')).toBe(true);
    expect(isKeyUnderPrefix('{vigil}', 'vigil:auth:{a42}')).toBe(false);
    expect(isKeyUnderPrefix('{vigil}', '{vigil2}:x')).toBe(false);
    expect(isKeyUnderPrefix('vigil', 'vigil:{a42}:auth')).toBe(true);
    expect(isKeyUnderPrefix('vigil', 'other:{a42}:auth')).toBe(false);
  });

  it('matches tagged keys of every tag with a glob that takes the prefix literally', () => {
    expect(taggedKeyPattern('{vigil}', 'a*', ':usage:*')).toBe('{vigil:a*}:usage:*');
    expect(taggedKeyPattern('{v*}', 'a*', ':x')).toBe('{v\\*:a*}:x');
    expect(escapeGlob('a[b]?\\')).toBe('a\\[b\\]\\?\\\\');
  });

  it('names every key of a deployment with two globs: on the prefix, and on its tagged prefixes', () => {
    expect(prefixKeyPatterns('{vigil}')).toEqual(['{vigil}*', '{vigil:*}*']);
    expect(prefixKeyPatterns('vigil')).toEqual(['vigil*', 'vigil:{*}*']);
    expect(prefixKeyPatterns('{v*}')).toEqual(['{v\\*}*', '{v\\*:*}*']);
  });
});
