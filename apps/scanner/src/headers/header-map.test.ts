import { fromRawHeaders, headerValues, joinedHeader, rawHeadersObject, splitList, toHeaderMap } from './header-map.js';

describe('header maps', () => {
  it('lowercases names and keeps every occurrence in order, from a record', () => {
    const map = toHeaderMap({ 'X-Frame-Options': 'DENY', 'set-cookie': ['a=1', 'b=2'], 'Content-Length': 12, Missing: undefined });
    expect(headerValues(map, 'x-frame-options')).toEqual(['DENY']);
    expect(headerValues(map, 'SET-COOKIE')).toEqual(['a=1', 'b=2']);
    expect(headerValues(map, 'content-length')).toEqual(['12']);
    expect(map.has('missing')).toBe(false);
  });

  it('merges names that differ only in case, from pairs', () => {
    const map = toHeaderMap([
      ['Strict-Transport-Security', 'max-age=1'],
      ['STRICT-TRANSPORT-SECURITY', 'max-age=2'],
    ]);
    expect(headerValues(map, 'strict-transport-security')).toEqual(['max-age=1', 'max-age=2']);
  });

  it("reads Node's flat rawHeaders list", () => {
    const map = fromRawHeaders(['Server', 'nginx', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2']);
    expect(headerValues(map, 'set-cookie')).toEqual(['a=1', 'b=2']);
    expect(joinedHeader(map, 'server')).toBe('nginx');
    expect(joinedHeader(map, 'x-nothing')).toBeNull();
  });

  it('copies a Map input', () => {
    const map = toHeaderMap(new Map([['X-A', ['1', '2']]]));
    expect(headerValues(map, 'x-a')).toEqual(['1', '2']);
  });

  it('rawHeaders joins repeats with ", " but keeps set-cookie as an array', () => {
    const map = fromRawHeaders(['Vary', 'Accept', 'Vary', 'Origin', 'Set-Cookie', 'a=1', 'X-One', 'v']);
    expect(rawHeadersObject(map)).toEqual({ vary: 'Accept, Origin', 'set-cookie': ['a=1'], 'x-one': 'v' });
  });

  it('splitList trims and drops empty items', () => {
    expect(splitList(' a, ,b ,')).toEqual(['a', 'b']);
  });
});
