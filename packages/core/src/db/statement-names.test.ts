import { MOST_NAMES, NAME_AFTER_USES, StatementNames } from './statement-names.js';

describe('StatementNames', () => {
  const useTimes = (names: StatementNames, text: string, times: number) => Array.from({ length: times }, () => names.nameOf(text));

  it('names a text on its NAME_AFTER_USES-th use, then keeps that name', () => {
    const names = new StatementNames();
    const seen = useTimes(names, 'SELECT 1 WHERE $1', NAME_AFTER_USES + 2);
    expect(seen.slice(0, NAME_AFTER_USES - 1)).toEqual(Array(NAME_AFTER_USES - 1).fill(undefined));
    expect(seen[NAME_AFTER_USES - 1]).toMatch(/^vigil_stmt_\d+$/);
    expect(new Set(seen.slice(NAME_AFTER_USES - 1))).toEqual(new Set([seen[NAME_AFTER_USES - 1]]));
  });

  it('gives each text its own name', () => {
    const names = new StatementNames();
    const a = useTimes(names, 'SELECT $1', NAME_AFTER_USES).at(-1);
    const b = useTimes(names, 'SELECT $1 + 1', NAME_AFTER_USES).at(-1);
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
  });

  it('gives at most MOST_NAMES names; later texts run unnamed, named ones keep theirs', () => {
    const names = new StatementNames();
    const first = useTimes(names, 'SELECT 0', NAME_AFTER_USES).at(-1);
    for (let i = 1; i < MOST_NAMES; i++) expect(useTimes(names, `SELECT ${i}`, NAME_AFTER_USES).at(-1)).toBeDefined();
    expect(useTimes(names, 'SELECT past_the_cap', NAME_AFTER_USES * 3)).toEqual(Array(NAME_AFTER_USES * 3).fill(undefined));
    expect(names.nameOf('SELECT 0')).toBe(first);
  });

  it('leaves long texts unnamed', () => {
    const names = new StatementNames();
    expect(useTimes(names, `SELECT '${'x'.repeat(20_000)}'`, NAME_AFTER_USES * 2)).toEqual(Array(NAME_AFTER_USES * 2).fill(undefined));
  });

  it('runs a refused text unnamed for good', () => {
    const names = new StatementNames();
    expect(useTimes(names, 'SELECT * FROM t', NAME_AFTER_USES).at(-1)).toBeDefined();
    names.refuse('SELECT * FROM t');
    expect(useTimes(names, 'SELECT * FROM t', NAME_AFTER_USES * 2)).toEqual(Array(NAME_AFTER_USES * 2).fill(undefined));
  });
});
