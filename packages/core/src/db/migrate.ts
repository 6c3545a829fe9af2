import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions.js';

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_423_901;

/**
 * Applies pending migrations under a PostgreSQL advisory lock, so replicas that start at
 * once (or a k8s Job racing `npm start`) apply each migration exactly once. The lock lives on
 * a connection of its own so that a pool of any size can run the migrations.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const lock = new pg.Client({ connectionString: (dataSource.options as PostgresConnectionOptions).url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.end();
  }
}
