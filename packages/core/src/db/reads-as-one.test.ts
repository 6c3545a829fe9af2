import { jest } from '@jest/globals';
import pg from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';
import { createTestDatabase, databaseUrl, dropTestDatabase } from '@vigil/testing';
import { createDataSource } from './data-source.js';
import { mapRead, readsAsOne, type Read } from './reads-as-one.js';

/** A read whose rows come as pg gave them. */
const rowsRead = (sql: string, params: unknown[]): Read<unknown[]> => ({ statement: { sql, params }, of: (rows) => rows });

describe('readsAsOne', () => {
  let name: string;
  let db: DataSource;
  const TRICKY = `it's "quoted" \\ and $1 inside`;

  beforeAll(async () => {
    name = await createTestDatabase();
    // One connection: a read that kept it would leave the next statement waiting.
    db = createDataSource({ url: databaseUrl(name), poolSize: 1, statementTimeoutMs: 4_000 });
    await db.initialize();
    await db.query(`CREATE TABLE reads_t (id int PRIMARY KEY, v text, at timestamptz, doc jsonb, tags text[], n numeric(6,3), ok boolean)`);
    await db.query(`INSERT INTO reads_t VALUES ($1, $2, $3, $4, $5, $6, $7), ($8, $9, NULL, NULL, '{}', NULL, false)`, [
      1,
      TRICKY,
      new Date('2026-11-28T12:00:00.123Z'),
      JSON.stringify({ a: [1, 'x'] }),
      ['a', 'b"c'],
      99.95,
      true,
      2,
      'two',
    ]);
  });
  afterAll(async () => {
    await db.destroy();
    await dropTestDatabase(name);
  });

  it('answers each statement what it answered alone (types, ORDER BY, parameters of every kind), in one round trip', async () => {
    const statements: [string, unknown[]][] = [
      ['SELECT * FROM reads_t WHERE id = ANY($1::int[]) ORDER BY id DESC', [[1, 2]]],
      ['SELECT id FROM reads_t WHERE v = $1', [TRICKY]],
      ['SELECT count(*)::int AS n, $1::int AS k FROM reads_t WHERE at < $2', [7, new Date('2026-11-29T00:00:00Z')]],
      ['SELECT id FROM reads_t WHERE id = $1', [99]],
    ];
    const alone = await Promise.all(statements.map(([sql, params]) => db.query(sql, params)));
    const sent = jest.spyOn(pg.Client.prototype, 'query');
    try {
      const together = await readsAsOne(db.manager, statements.map(([sql, params]) => rowsRead(sql, params)));
      expect(sent).toHaveBeenCalledTimes(1);
      expect(together).toEqual(alone);
    } finally {
      sent.mockRestore();
    }
    expect(alone[0]).toEqual([
      { id: 2, v: 'two', at: null, doc: null, tags: [], n: null, ok: false },
      { id: 1, v: TRICKY, at: new Date('2026-11-28T12:00:00.123Z'), doc: { a: [1, 'x'] }, tags: ['a', 'b"c'], n: '99.950', ok: true },
    ]);
    expect(alone[1]).toEqual([{ id: 1 }]);
  });

  it("gives each read's rows to its own `of`", async () => {
    const [ids, count] = await readsAsOne(db.manager, [
      { statement: { sql: 'SELECT id FROM reads_t ORDER BY id', params: [] }, of: (rows) => (rows as { id: number }[]).map((r) => r.id) },
      { statement: { sql: 'SELECT count(*)::int AS n FROM reads_t', params: [] }, of: (rows) => (rows as { n: number }[])[0]?.n },
    ]);
    expect(ids).toEqual([1, 2]);
    expect(count).toBe(2);
  });

  it("reads in the manager's transaction: its own writes not yet committed", async () => {
    await db
      .transaction(async (m) => {
        await m.query('INSERT INTO reads_t (id, v) VALUES ($1, $2)', [3, 'uncommitted']);
        const [rows] = await readsAsOne(m, [rowsRead('SELECT v FROM reads_t WHERE id = $1', [3])]);
        expect(rows).toEqual([{ v: 'uncommitted' }]);
        throw new Error('roll back');
      })
      .catch((e: unknown) => expect((e as Error).message).toBe('roll back'));
    expect(await db.query('SELECT v FROM reads_t WHERE id = $1', [3])).toEqual([]);
  });

  it("throws TypeORM's QueryFailedError around pg's, and gives the pool's only connection back", async () => {
    const failed = await readsAsOne(db.manager, [rowsRead('SELECT id FROM reads_t', []), rowsRead('SELECT 1 / $1::int', [0])]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('22012');
    expect(await db.query('SELECT id FROM reads_t WHERE id = $1', [2])).toEqual([{ id: 2 }]);
  });

  it('mapRead: the same statement, its value passed through the function (a throw in it refuses the whole read)', async () => {
    const ids = rowsRead('SELECT id FROM reads_t ORDER BY id', []);
    const mapped = mapRead(ids, (rows) => (rows as { id: number }[]).map((r) => r.id * 10));
    expect(mapped.statement).toBe(ids.statement);
    expect(await readsAsOne(db.manager, [mapped, ids])).toEqual([[10, 20], [{ id: 1 }, { id: 2 }]]);
    const refusing = mapRead(ids, () => {
      throw new Error('refused');
    });
    await expect(readsAsOne(db.manager, [refusing])).rejects.toThrow('refused');
  });
});
