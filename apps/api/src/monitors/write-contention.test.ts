import { createWriteContention } from './write-contention.js';

describe('write contention', () => {
  it('holds a monitor whose versioned write missed for two seconds, others not at all', () => {
    let t = 1_000;
    const c = createWriteContention(() => t);
    expect(c.isContended(1)).toBe(false);
    c.missed(1);
    expect(c.isContended(1)).toBe(true);
    expect(c.isContended(2)).toBe(false);
    t += 1_999;
    expect(c.isContended(1)).toBe(true);
    t += 1;
    expect(c.isContended(1)).toBe(false);
  });

  it('starts empty past 10,000 monitors', () => {
    const c = createWriteContention(() => 0);
    for (let id = 1; id <= 10_000; id++) c.missed(id);
    expect(c.isContended(1)).toBe(true);
    c.missed(10_001);
    expect(c.isContended(1)).toBe(false);
    expect(c.isContended(10_001)).toBe(true);
  });
});
