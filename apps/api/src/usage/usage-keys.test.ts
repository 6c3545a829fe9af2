import { accountOfUsageKey, usageKeyPattern, usageKeys } from './usage-keys.js';

describe('usage keys', () => {
  it("puts an account's keys in its hash slot, without the prefix's braces", () => {
    expect(usageKeys('{vigil}', 42)).toEqual({
      pending: 'vigil:usage:{a42}:pending',
      inflight: 'vigil:usage:{a42}:inflight',
      seq: 'vigil:usage:{a42}:seq',
    });
    expect(usageKeyPattern('{vigil}')).toBe('vigil:usage:{a*}:*');
  });

  it('reads the account back from pending and inflight keys only', () => {
    const k = usageKeys('{vigil}', 7);
    expect(accountOfUsageKey(k.pending)).toBe(7);
    expect(accountOfUsageKey(k.inflight)).toBe(7);
    expect(accountOfUsageKey(k.seq)).toBeNull();
    expect(accountOfUsageKey('vigil:usage:{ax}:pending')).toBeNull();
    expect(accountOfUsageKey('vigil:quota:{a7}:d:2026-11-21')).toBeNull();
  });
});
