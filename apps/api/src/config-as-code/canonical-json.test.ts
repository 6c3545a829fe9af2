import { canonicalJson, sameJson } from './canonical-json.js';

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

describe('sameJson', () => {
  it('answers as comparing the canonical JSON of both sides', () => {
    const d = new Date('2026-11-28T00:00:00Z');
    const pairs: [unknown, unknown][] = [
      [{ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }],
      [{ a: 1, c: undefined }, { a: 1 }],
      [{ a: 1 }, { a: 1, c: null }],
      [[1, undefined], [1, null]],
      [[1, 2], [2, 1]],
      [undefined, null],
      [d, '2026-11-28T00:00:00.000Z'],
      [d, new Date(d.getTime())],
      [{}, []],
      [{ a: {} }, { a: { b: undefined } }],
      ['1', 1],
      [0, -0],
      [{ a: [{ x: 'y' }] }, { a: [{ x: 'z' }] }],
      [null, {}],
    ];
    for (const [a, b] of pairs) expect([a, b, sameJson(a, b)]).toEqual([a, b, canonicalJson(a) === canonicalJson(b)]);
  });
});
