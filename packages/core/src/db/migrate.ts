import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions.js';
import { createDataSource, isTransactionPooled } from './data-source.js';
import type { Queryable } from './queryable.js';

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_423_901;

/** Whether the database has a Vigil schema (its migrations table), for commands that must not create one. */
export async function hasVigilSchema(db: Queryable): Promise<boolean> {
  const [{ present }] = await db.query<{ present: boolean }[]>(`SELECT to_regclass('migrations') IS NOT NULL AS present`);
  return present;
}

/**
 * Applies pending migrations of the database `dataSource` points at, under a PostgreSQL
 * advisory lock, so replicas that start at once (or a k8s Job racing `npm start`) apply each
 * migration exactly once. The lock is a transaction's (pg_advisory_xact_lock in a transaction
 * kept open on a connection of its own): a session lock would outlive its holder behind
 * PgBouncer in transaction pooling mode, on a server connection handed to someone else. The
 * migrations run on a one-connection pool without the statement timeout of the app's pools,
 * since moving the rows of a large table takes longer than any request may.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const url = (dataSource.options as PostgresConnectionOptions).url;
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  const migrator = createDataSource({
    url: url ?? '',
    poolSize: 1,
    applicationName: 'vigil-migrate',
    statementTimeoutMs: 0,
    transactionPooling: isTransactionPooled(dataSource),
  });
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await migrator.initialize();
    const applied = await migrator.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    if (migrator.isInitialized) await migrator.destroy();
    // Releases the lock (and, behind a pooler, its server connection).
    await lock.query('COMMIT').catch(() => undefined);
    await lock.end();
  }
}
