import { createDataSource, ensureDatabase, loadConfig, runMigrations, type Config } from '@vigil/core';
import type { DataSource } from 'typeorm';

/**
 * A database connection for admin commands: creates the database and applies migrations first
 * (both idempotent), so `vigil account create` works on a fresh machine before `npm start`.
 * Needs no Redis.
 */
export async function withAdminDb<T>(work: (db: DataSource, config: Config) => Promise<T>, env = process.env): Promise<T> {
  const config = loadConfig(env);
  await ensureDatabase(config.databaseUrl);
  const db = createDataSource({ url: config.databaseUrl, poolSize: 2, applicationName: 'vigil-cli' });
  await db.initialize();
  try {
    await runMigrations(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}
