import { isKeyUnderPrefix } from '@vigil/core';
import { accountOfLegacyUsageKey, accountOfUsageKey, legacyUsageKeyPattern, legacyUsageKeys, usageKeyPattern, usageKeys } from './usage-keys.js';

describe('usage keys', () => {
  it("puts an account's keys in its hash slot, under the prefix", () => {
    expect(usageKeys('{vigil}', 42)).toEqual({
      pending: '{vigil:a42}:usage:pending',
      inflight: '{vigil:a42}:usage:inflight',
      seq: '{vigil:a42}:usage:seq',
    });
    expect(usageKeyPattern('{vigil}')).toBe('{vigil:a*}:usage:*');
    expect(usageKeys('vigil', 42).pending).toBe('vigil:{a42}:usage:pending');
    expect(usageKeyPattern('vigil')).toBe('vigil:{a*}:usage:*');
    for (const prefix of ['{vigil}', 'vigil', 'x{v}y']) expect(isKeyUnderPrefix(prefix, usageKeys(prefix, 3).seq)).toBe(true);
  });

  it('reads the account back from pending and inflight keys only', () => {
    for (const prefix of ['{vigil}', 'vigil', '{va1}']) {
      const k = usageKeys(prefix, 7);
      expect(accountOfUsageKey(prefix, k.pending)).toBe(7);
      expect(accountOfUsageKey(prefix, k.inflight)).toBe(7);
      expect(accountOfUsageKey(prefix, k.seq)).toBeNull();
    }
    expect(accountOfUsageKey('{vigil}', '{vigil:ax}:usage:pending')).toBeNull();
    expect(accountOfUsageKey('{vigil}', '{vigil:a7}:quota:d:2026-11-21')).toBeNull();
    expect(accountOfUsageKey('{vigil}', '{other:a7}:usage:pending')).toBeNull();
  });

  it('still knows the keys of releases before the prefix fix', () => {
    expect(legacyUsageKeys('{vigil}', 42).pending).toBe('vigil:usage:{a42}:pending');
    expect(legacyUsageKeyPattern('{vigil}')).toBe('vigil:usage:{a*}:*');
    expect(accountOfLegacyUsageKey('vigil:usage:{a42}:inflight')).toBe(42);
    expect(accountOfLegacyUsageKey('vigil:usage:{a42}:seq')).toBeNull();
  });
});
