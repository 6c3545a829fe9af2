import type { DataSource } from 'typeorm';
import type { RedisClient } from '../queue/redis-client.js';
import { startupWarnings, type Config } from '../config/config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { systemClock, type Clock } from '../time/clock.js';
import { createDataSource } from '../db/data-source.js';
import { ensureDatabase } from '../db/ensure-database.js';
import { runMigrations } from '../db/migrate.js';
import { closeRedisConnection, createRedisConnection } from '../queue/redis-connection.js';
import { Queues } from '../queue/queues.js';
import { createMetrics, type Metrics } from './metrics.js';
import { DependencyWatch, DEFAULT_WATCH_OPTIONS } from '../dependencies/dependency-watch.js';
import { createPostgresProbe } from '../dependencies/postgres-probe.js';
import { createRedisProbe } from '../dependencies/redis-probe.js';
import { logConnectionError } from '../dependencies/log-connection-error.js';

/** What every app needs, built once per process and shared by the apps running in it. */
export interface Context {
  config: Config;
  logger: Logger;
  db: DataSource;
  /**
   * Reads that may lag the primary by a few seconds (lists, statistics, reports): the read
   * replica of DATABASE_READ_URL, or `db` itself when none is configured. Never for a read that
   * must see the caller's own write.
   */
  readDb: DataSource;
  /** Command connection for counters, limits and producers. */
  redis: RedisClient;
  queues: Queues;
  clock: Clock;
  metrics: Metrics;
  /** Whether PostgreSQL and Redis answer right now (probed every 500 ms). */
  dependencies: DependencyWatch;
  close(): Promise<void>;
}

export interface ContextOptions {
  logger?: Logger;
  clock?: Clock;
  /** Create the database when missing and apply pending migrations (npm start, vigil migrate). */
  prepareDatabase?: boolean;
}

export async function createContext(config: Config, opts: ContextOptions = {}): Promise<Context> {
  const logger = opts.logger ?? createLogger({ level: config.logLevel });
  const redis = createRedisConnection(config.redis, 'client', { commandTimeoutMs: config.redisCommandTimeoutMs });
  redis.on('error', (e: Error) => logConnectionError(logger, e, { connection: 'redis' }));
  const pgProbe = createPostgresProbe(config.databaseUrl, DEFAULT_WATCH_OPTIONS.timeoutMs);
  const dependencies = new DependencyWatch({ postgres: pgProbe.probe, redis: createRedisProbe(redis, DEFAULT_WATCH_OPTIONS.timeoutMs) }, logger);
  const release = () => {
    pgProbe.close();
    redis.disconnect();
  };
  let db: DataSource;
  try {
    // Start-up never claims success while a dependency is out: it waits, saying for what.
    await dependencies.waitUntilUp();
    if (opts.prepareDatabase) {
      if (await ensureDatabase(config.databaseUrl)) logger.info('database created');
    }
    db = createDataSource({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      transactionPooling: config.databaseTransactionPooling,
    });
    await db.initialize();
  } catch (e) {
    release();
    throw e;
  }
  try {
    if (opts.prepareDatabase) {
      const applied = await runMigrations(db);
      if (applied.length) logger.info('migrations applied', { migrations: applied });
    }
  } catch (e) {
    release();
    await db.destroy();
    throw e;
  }
  let readDb = db;
  if (config.databaseReadUrl) {
    readDb = createDataSource({
      url: config.databaseReadUrl,
      poolSize: config.databasePoolSize,
      applicationName: 'vigil-read',
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      transactionPooling: config.databaseTransactionPooling,
    });
    try {
      await readDb.initialize();
    } catch (e) {
      release();
      await db.destroy();
      throw e;
    }
  }
  const blocking = () => {
    const c = createRedisConnection(config.redis, 'worker');
    c.on('error', (e: Error) => logConnectionError(logger, e, { connection: 'redis-blocking' }));
    return c;
  };
  const queues = new Queues(redis, config.redisPrefix, blocking, logger, config.queueShards);
  const metrics = createMetrics(queues);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  dependencies.start();
  let closed = false;
  return {
    config,
    logger,
    db,
    readDb,
    redis,
    queues,
    clock: opts.clock ?? systemClock,
    metrics,
    dependencies,
    async close() {
      if (closed) return;
      closed = true;
      await dependencies.stop();
      pgProbe.close();
      await queues.close();
      await closeRedisConnection(redis);
      // A data source destroyed already (a test that took the database away) is left as it is.
      if (readDb !== db && readDb.isInitialized) await readDb.destroy();
      if (db.isInitialized) await db.destroy();
    },
  };
}
