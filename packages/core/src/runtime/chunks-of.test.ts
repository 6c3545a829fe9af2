import { chunksOf } from './chunks-of.js';

describe('chunksOf', () => {
  it('cuts every length from 0 to 25 into runs of 1 to 7 that join back to the items', () => {
    for (let n = 0; n <= 25; n++) {
      const items = Array.from({ length: n }, (_, i) => i);
      for (let size = 1; size <= 7; size++) {
        const chunks = chunksOf(items, size);
        expect(chunks.flat()).toEqual(items);
        expect(chunks).toHaveLength(Math.ceil(n / size));
        chunks.forEach((c, i) => expect(c.length).toBe(i < chunks.length - 1 ? size : n - size * (chunks.length - 1)));
      }
    }
  });

  it('refuses a size that is not a positive integer', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) expect(() => chunksOf([1], size)).toThrow(RangeError);
  });
});
