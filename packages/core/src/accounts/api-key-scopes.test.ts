import { ALL_SCOPES, grantsScope, heldScopes, isScope, scopeBeyond } from './api-key-scopes.js';

describe('API key scopes', () => {
  it('write implies read, *:read grants every read only, * everything', () => {
    expect(grantsScope(['monitors:write'], 'monitors:read')).toBe(true);
    expect(grantsScope(['monitors:read'], 'monitors:write')).toBe(false);
    expect(grantsScope(['monitors:write'], 'domains:read')).toBe(false);
    expect(grantsScope(['*:read'], 'billing:read')).toBe(true);
    expect(grantsScope(['*:read'], 'billing:write')).toBe(false);
    expect(grantsScope(['*'], 'keys:write')).toBe(true);
    expect(grantsScope([], 'monitors:read')).toBe(false);
  });

  it('names the first requirement a requested set has beyond the held one', () => {
    expect(scopeBeyond(['*'], ALL_SCOPES)).toBeNull();
    expect(scopeBeyond(['*:read', 'keys:write'], ['*:read', 'keys:write'])).toBeNull();
    expect(scopeBeyond(['monitors:write'], ['monitors:read'])).toBeNull();
    expect(scopeBeyond(['monitors:read'], ['monitors:write'])).toBe('monitors:write');
    expect(scopeBeyond(['*:read'], ['*'])).toBe('monitors:write');
    expect(scopeBeyond(['monitors:write', 'domains:write'], ['*:read'])).toBe('integrations:read');
  });

  it('ignores stored values it does not know', () => {
    expect(isScope('monitors:admin')).toBe(false);
    expect(heldScopes(['monitors:admin', 'domains:read'])).toEqual(['domains:read']);
  });
});
