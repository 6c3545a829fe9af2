import type { DataSource } from 'typeorm';
import { createTestDatabase, databaseUrl, dropTestDatabase } from '@vigil/testing';
import { createDataSource, isTransactionPooled } from './data-source.js';
import { preparedQuery } from './prepared-query.js';
import { NAME_AFTER_USES } from './statement-names.js';

/*
 * What a data source behind a transaction pooler leaves out, seen from PostgreSQL itself (one
 * connection per pool, so the session looked at is the one the statements ran on). With
 * PgBouncer in front: test/ha/pgbouncer.test.ts (`npm run test:ha`).
 */
describe('data sources with transactionPooling', () => {
  let name: string;
  const sources: DataSource[] = [];

  beforeAll(async () => {
    name = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(sources.map((s) => s.destroy()));
    await dropTestDatabase(name);
  });

  async function source(transactionPooling: boolean) {
    const db = createDataSource({ url: databaseUrl(name), poolSize: 1, statementTimeoutMs: 4_000, transactionPooling });
    sources.push(db);
    await db.initialize();
    return db;
  }

  const preparedNames = async (db: DataSource) =>
    ((await db.query('SELECT name FROM pg_prepared_statements ORDER BY name')) as { name: string }[]).map((r) => r.name);

  it('sends no statement_timeout nor jit startup parameter (PgBouncer refuses them: set on the role or database); a direct source does', async () => {
    const pooled = await source(true);
    const direct = await source(false);
    // Where the session's settings come from: the startup packet is source 'client'.
    const settings = (db: DataSource) => db.query(`SELECT name, source, setting FROM pg_settings WHERE name IN ('jit', 'statement_timeout') ORDER BY name`);
    expect(await settings(direct)).toEqual([
      { name: 'jit', source: 'client', setting: 'off' },
      { name: 'statement_timeout', source: 'client', setting: '4000' },
    ]);
    expect((await settings(pooled)).map((r: { source: string }) => r.source)).not.toContain('client');
    expect([isTransactionPooled(pooled), isTransactionPooled(direct)]).toEqual([true, false]);
  });

  it('runs preparedQuery unnamed, leaving no prepared statement in the session; a direct source prepares it once', async () => {
    const pooled = await source(true);
    const direct = await source(false);
    for (const db of [pooled, direct]) {
      for (let i = 0; i < 2; i++) expect(await preparedQuery(db, 'vigil_tp_answer', 'SELECT $1::int + 1 AS n', [i])).toEqual([{ n: i + 1 }]);
    }
    expect(await preparedNames(pooled)).toEqual([]);
    expect(await preparedNames(direct)).toEqual(['vigil_tp_answer']);
  });

  it('runs a statement used often on the pool unnamed; a direct source names it (StatementNames)', async () => {
    const pooled = await source(true);
    const direct = await source(false);
    for (const db of [pooled, direct]) {
      for (let i = 0; i < NAME_AFTER_USES + 2; i++) expect(await db.query('SELECT $1::int * 2 AS n', [i])).toEqual([{ n: i * 2 }]);
    }
    expect(await preparedNames(pooled)).toEqual([]);
    expect(await preparedNames(direct)).toEqual([expect.stringMatching(/^vigil_stmt_\d+$/)]);
  });
});
