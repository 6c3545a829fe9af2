import { createTestContext, type TestContext } from '@vigil/testing';
import { numberArrayLiteral, textArrayLiteral } from './array-literals.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('array literals (real PostgreSQL)', () => {
  it('numbers and nulls read back as int[] and bigint[]', async () => {
    const values = [1, null, -7, 2_147_483_647, 0];
    expect(numberArrayLiteral(values)).toBe('{1,NULL,-7,2147483647,0}');
    const [row] = await ctx.db.query<{ i: (number | null)[]; b: (string | null)[] }[]>('SELECT $1::int[] AS i, $2::bigint[] AS b', [
      numberArrayLiteral(values),
      numberArrayLiteral([9_007_199_254_740_991, null]),
    ]);
    expect(row).toEqual({ i: values, b: ['9007199254740991', null] });
  });

  it('strings with quotes, backslashes, commas, braces, spaces, NULL as text, and nulls read back unchanged', async () => {
    const values = ['plain', 'a "quoted" word', 'back\\slash', 'a,b {c}', '  ', '', 'NULL', null, '{"dns":1,"tls":null}'];
    const [row] = await ctx.db.query<{ t: (string | null)[]; j: unknown[] }[]>('SELECT $1::text[] AS t, $2::jsonb[] AS j', [
      textArrayLiteral(values),
      textArrayLiteral(['{"a":"x\\"y"}', null]),
    ]);
    expect(row.t).toEqual(values);
    expect(row.j).toEqual([{ a: 'x"y' }, null]);
  });

  it('empty arrays', async () => {
    const [row] = await ctx.db.query<{ i: number[]; t: string[] }[]>('SELECT $1::int[] AS i, $2::text[] AS t', [numberArrayLiteral([]), textArrayLiteral([])]);
    expect(row).toEqual({ i: [], t: [] });
  });
});
