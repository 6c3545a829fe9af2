import { QueryFailedError, type DataSource } from 'typeorm';
import { createTestDatabase, databaseUrl, dropTestDatabase } from '@vigil/testing';
import { createDataSource } from './data-source.js';
import { NAME_AFTER_USES } from './statement-names.js';

/*
 * Statements outside a transaction skip TypeORM's query runner (VigilDataSource): the answers,
 * the errors and the pool must be what TypeORM gave.
 */
describe('VigilDataSource: statements on the pool', () => {
  let name: string;
  let db: DataSource;

  beforeAll(async () => {
    name = await createTestDatabase();
    db = createDataSource({ url: databaseUrl(name), poolSize: 1, statementTimeoutMs: 4_000 });
    await db.initialize();
    await db.query('CREATE TABLE direct_t (id int PRIMARY KEY, v text)');
  });
  afterAll(async () => {
    await db.destroy();
    await dropTestDatabase(name);
  });

  it('answers as TypeORM did: rows, and [rows, affected] for an UPDATE or DELETE', async () => {
    for (const q of [db, db.manager]) {
      await q.query('DELETE FROM direct_t WHERE id > $1', [0]);
      expect(await q.query('INSERT INTO direct_t (id, v) VALUES ($1, $2), ($3, $4) RETURNING id', [1, 'a', 2, 'b'])).toEqual([{ id: 1 }, { id: 2 }]);
      expect(await q.query('SELECT v FROM direct_t WHERE id = $1', [1])).toEqual([{ v: 'a' }]);
      expect(await q.query('UPDATE direct_t SET v = $2 WHERE id = $1 RETURNING v', [1, 'c'])).toEqual([[{ v: 'c' }], 1]);
      expect(await q.query('UPDATE direct_t SET v = $2 WHERE id = $1', [9, 'c'])).toEqual([[], 0]);
      expect(await q.query('WITH d AS (DELETE FROM direct_t WHERE id = $1 RETURNING id) SELECT id FROM d', [2])).toEqual([{ id: 2 }]);
      expect(await q.query('DELETE FROM direct_t WHERE id = $1 RETURNING id', [1])).toEqual([[{ id: 1 }], 1]);
      // Without parameters, TypeORM runs it (several statements at once, the simple protocol).
      expect(await q.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    }
  });

  it("throws TypeORM's QueryFailedError around pg's, and keeps the pool's only connection", async () => {
    await db.query('INSERT INTO direct_t (id, v) VALUES ($1, $2)', [5, 'x']);
    const failed = await db.query('INSERT INTO direct_t (id, v) VALUES ($1, $2)', [5, 'y']).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('23505');
    expect((failed as QueryFailedError).query).toBe('INSERT INTO direct_t (id, v) VALUES ($1, $2)');
    const pid = async () => (await db.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid', []))[0]?.pid;
    const before = await pid();
    await expect(db.manager.query('SELECT 1/$1::int', [0])).rejects.toBeInstanceOf(QueryFailedError);
    expect(await pid()).toBe(before);
  });

  it('leaves a transaction to its own connection', async () => {
    await db.transaction(async (m) => {
      await m.query('INSERT INTO direct_t (id, v) VALUES ($1, $2)', [7, 'in']);
      expect(await m.query('SELECT v FROM direct_t WHERE id = $1', [7])).toEqual([{ v: 'in' }]);
      expect(await m.query('SELECT txid_current_if_assigned() IS NOT NULL AS tx', [])).toEqual([{ tx: true }]);
    });
    expect(await db.query('SELECT v FROM direct_t WHERE id = $1', [7])).toEqual([{ v: 'in' }]);
  });

  it('runs a statement used often as a named prepared statement, parsed once on the connection', async () => {
    const text = 'SELECT v FROM direct_t WHERE id = $1 AND $2::int IS NOT NULL';
    await db.query('INSERT INTO direct_t (id, v) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [20, 'named']);
    for (let i = 0; i < NAME_AFTER_USES + 2; i++) expect(await db.query(text, [20, i])).toEqual([{ v: 'named' }]);
    const prepared = (await db.query('SELECT name, statement FROM pg_prepared_statements')) as { name: string; statement: string }[];
    expect(prepared.filter((p) => p.statement === text)).toEqual([{ name: expect.stringMatching(/^vigil_stmt_\d+$/), statement: text }]);
  });

  it('runs a named statement gone stale (its table changed under it) again unnamed', async () => {
    await db.query('CREATE TABLE direct_stale (a int)');
    await db.query('INSERT INTO direct_stale (a) VALUES ($1)', [1]);
    const text = 'SELECT * FROM direct_stale WHERE a = $1';
    for (let i = 0; i < NAME_AFTER_USES + 1; i++) expect(await db.query(text, [1])).toEqual([{ a: 1 }]);
    // PostgreSQL refuses the prepared form now: "cached plan must not change result type".
    await db.query('ALTER TABLE direct_stale ADD COLUMN b int DEFAULT 7');
    expect(await db.query(text, [1])).toEqual([{ a: 1, b: 7 }]);
    expect(await db.query(text, [1])).toEqual([{ a: 1, b: 7 }]);
  });
});
