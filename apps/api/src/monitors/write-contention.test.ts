import { createWriteContention, createWriteTurns } from './write-contention.js';

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

describe('write turns', () => {
  it('runs the writes of one key one at a time in arrival order, other keys at once, and forgets a key when done', async () => {
    const turns = createWriteTurns();
    const log: string[] = [];
    let release!: () => void;
    const first = turns.run('1:1', async () => {
      log.push('1a start');
      await new Promise<void>((r) => (release = r));
      log.push('1a end');
      return 'a';
    });
    const second = turns.run('1:1', async () => {
      log.push('1b start');
      return 'b';
    });
    const other = turns.run('2:1', async () => {
      log.push('2 start');
      return 'c';
    });
    await other;
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['1a start', '2 start']);
    release();
    await expect(first).resolves.toBe('a');
    await expect(second).resolves.toBe('b');
    expect(log).toEqual(['1a start', '2 start', '1a end', '1b start']);
    await new Promise((r) => setImmediate(r));
    expect(turns.size()).toBe(0);
  });

  it('passes the turn on after a write that throws, and the thrower still rejects', async () => {
    const turns = createWriteTurns();
    const failed = turns.run('1:1', async () => {
      throw new Error('boom');
    });
    const next = turns.run('1:1', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
