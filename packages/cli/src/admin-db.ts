import { createDataSource, databaseTarget, describeDatabaseError, hasVigilSchema, loadConfig, runMigrations, withAdminRedis, type AccountAdmin, type Config, type RedisClient } from '@vigil/core/admin';
import type { DataSource } from 'typeorm';
import { CommandError } from './cli-io.js';

/**
 * A database connection for admin commands. Only `vigil migrate` and `npm start` create the
 * database: an admin command on a missing or schema-less database fails with a message naming
 * DATABASE_URL, so a key never lands in a database the API is not reading. Pending migrations of
 * an existing Vigil database are applied (idempotent, under the migration lock). Needs no Redis.
 */
export async function withAdminDb<T>(work: (db: DataSource, config: Config) => Promise<T>, env = process.env): Promise<T> {
  const config = loadConfig(env);
  const db = createDataSource({ url: config.databaseUrl, poolSize: 2, applicationName: 'vigil-cli', transactionPooling: config.databaseTransactionPooling });
  try {
    await db.initialize();
  } catch (e) {
    throw new CommandError(describeDatabaseError(config.databaseUrl, e));
  }
  try {
    if (!(await hasVigilSchema(db))) {
      const { database, host } = databaseTarget(config.databaseUrl);
      throw new CommandError(`Database "${database}" on ${host} has no Vigil schema yet. Run \`vigil migrate\` first, or check DATABASE_URL.`);
    }
    await runMigrations(db);
    return await work(db, config);
  } finally {
    await db.destroy();
  }
}

/**
 * The database and Redis, for commands that change what API processes may have cached (an
 * account's tier or active flag, a region's agent key): the change is written to the database,
 * then its stamp in Redis is replaced (the account's auth stamp, the agent-key stamp), so every
 * API process applies it on the next request. Redis is connected before anything changes: if it
 * cannot be reached, nothing is changed and the command fails naming REDIS_URL.
 */
export async function withAdminDbAndRedis<T>(work: (db: DataSource, redis: RedisClient, config: Config) => Promise<T>, env = process.env): Promise<T> {
  return withAdminDb(
    (db, config) =>
      withAdminRedis(
        config.redis,
        (redis) => work(db, redis, config),
        (e) => new CommandError(`Could not reach Redis (${e.message}). Check REDIS_URL.`),
      ),
    env,
  );
}

/** withAdminDbAndRedis for the account commands (core's AccountAdmin). */
export async function withAccountAdmin<T>(work: (admin: AccountAdmin) => Promise<T>, env = process.env): Promise<T> {
  return withAdminDbAndRedis((db, redis, config) => work({ db, redis, config }), env);
}
