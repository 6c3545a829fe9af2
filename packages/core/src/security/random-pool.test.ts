import { pooledRandomBytes } from '@vigil/core';

describe('pooledRandomBytes', () => {
  it('hands out each byte once, across refills, and keeps earlier results intact', () => {
    const taken = Array.from({ length: 2_000 }, () => pooledRandomBytes(9));
    const copies = taken.map((b) => Buffer.from(b));
    // 18,000 bytes: several refills of the 4 KiB pool.
    expect(new Set(taken.map((b) => b.toString('hex'))).size).toBe(taken.length);
    taken.forEach((b, i) => {
      expect(b).toHaveLength(9);
      expect(b.equals(copies[i])).toBe(true);
    });
    // Not all zeros, not one repeated value: the bytes vary.
    expect(new Set(Buffer.concat(taken)).size).toBeGreaterThan(200);
  });

  it('serves requests larger than the pool directly', () => {
    const big = pooledRandomBytes(10_000);
    expect(big).toHaveLength(10_000);
    expect(new Set(big).size).toBeGreaterThan(200);
  });
});
