import { runBounded, TimeBoundExceeded } from './bounded-run.js';

describe('runBounded', () => {
  it('returns what the work returns', () => {
    expect(runBounded(() => /ok/.test('status ok'), 1000)).toBe(true);
    expect(runBounded(() => ({ n: 1 }), 1000)).toEqual({ n: 1 });
  });

  it('stops catastrophic backtracking at the bound', () => {
    // Unbounded, this takes longer than the age of the universe: the test finishing is the proof.
    expect(() => runBounded(() => /(a+)+$/.test(`${'a'.repeat(40)}b`), 20)).toThrow(TimeBoundExceeded);
  });

  it('stops endless JavaScript too', () => {
    expect(() =>
      runBounded(() => {
        for (;;) {
          /* spins */
        }
      }, 10),
    ).toThrow('Time bound of 10 ms exceeded');
  });

  it('passes other errors through and stays usable after a timeout', () => {
    expect(() =>
      runBounded(() => {
        throw new SyntaxError('bad');
      }, 1000),
    ).toThrow(SyntaxError);
    expect(() => runBounded(() => /(x+x+)+y/.test('x'.repeat(40)), 5)).toThrow(TimeBoundExceeded);
    expect(runBounded(() => 'ok'.length, 1000)).toBe(2);
  });
});
