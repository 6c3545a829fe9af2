import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('writes keys sorted at every depth, undefined fields left out, undefined list items as null, dates as ISO text', () => {
    const value = { b: [1, undefined, { z: 'x', a: null }], a: { d: new Date('2026-11-28T00:00:00Z'), c: undefined, 'é': true, B: 2 }, s: 'q"' };
    expect(canonicalJson(value)).toBe('{"a":{"B":2,"d":"2026-11-28T00:00:00.000Z","é":true},"b":[1,null,{"a":null,"z":"x"}],"s":"q\\""}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
    expect(canonicalJson({ x: { y: undefined } })).toBe('{"x":{}}');
  });
});
