import { createTestContext, type TestContext } from '@vigil/testing';
import { inlineParams } from './inline-params.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

it('means what the statement with parameters means: text with quotes and backslashes, arrays, times, JSON, booleans, nulls', async () => {
  const statement = {
    sql: `SELECT $1::text AS t, $2::integer[] AS ids, $3::text[] AS names, $4::timestamptz AS at, $5::jsonb AS doc, $6::boolean AS b, $7::integer AS none, $8::bigint AS big, $9::text AS ninth, $10::text AS tenth`,
    params: ["it's a \\ back\\slash", [1, 2, 30], ['a"b', 'c\\d', null, "e'f"], new Date('2026-11-28T09:45:12.345Z'), JSON.stringify({ a: "x'y", b: [1] }), false, null, '9007199254740993', 'nine', 'ten'],
  };
  const withParams = await ctx.db.query(statement.sql, [...statement.params]);
  expect(await ctx.db.query(inlineParams(statement))).toEqual(withParams);
  expect(withParams[0].t).toBe("it's a \\ back\\slash");
});

it('refuses a $n without its parameter and a binary parameter', () => {
  expect(() => inlineParams({ sql: 'SELECT $2', params: [1] })).toThrow('no parameter $2');
  expect(() => inlineParams({ sql: 'SELECT $1', params: [Buffer.from('x')] })).toThrow('binary');
  expect(() => inlineParams({ sql: 'SELECT $1', params: ["a\u0000'; DROP TABLE x; --"] })).toThrow('NUL');
});
