import { storableJson } from './storable-json.js';

describe('storableJson', () => {
  it('replaces NUL bytes and unpaired surrogates in every string, in nested objects and arrays too', () => {
    expect(storableJson({ a: 'x\u0000y', b: ['\uD800', 'ok\uDC00'], c: { d: '\u0000' } })).toEqual({ a: 'x\uFFFDy', b: ['\uFFFD', 'ok\uFFFD'], c: { d: '\uFFFD' } });
  });

  it('keeps paired surrogates, other control characters and non-string values', () => {
    const value = { emoji: 'a\u{1F600}b', tab: 'a\tb\u0001', n: 3, t: true, z: null, list: [1, 'two'] };
    expect(storableJson(value)).toEqual(value);
  });

  it('writes values the way JSON does (dates as ISO strings, undefined dropped)', () => {
    expect(storableJson({ at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined })).toEqual({ at: '2026-01-02T03:04:05.000Z' });
  });
});
