import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { startupWarnings, type Config } from '../config/config.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { systemClock, type Clock } from '../time/clock.js';
import { createDataSource } from '../db/data-source.js';
import { ensureDatabase } from '../db/ensure-database.js';
import { runMigrations } from '../db/migrate.js';
import { createRedisConnection } from '../queue/redis-connection.js';
import { Queues } from '../queue/queues.js';
import { createMetrics, type Metrics } from './metrics.js';

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
  redis: Redis;
  queues: Queues;
  clock: Clock;
  metrics: Metrics;
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
  if (opts.prepareDatabase) {
    if (await ensureDatabase(config.databaseUrl)) logger.info('database created');
  }
  const db = createDataSource({ url: config.databaseUrl, poolSize: config.databasePoolSize });
  await db.initialize();
  try {
    if (opts.prepareDatabase) {
      const applied = await runMigrations(db);
      if (applied.length) logger.info('migrations applied', { migrations: applied });
    }
  } catch (e) {
    await db.destroy();
    throw e;
  }
  let readDb = db;
  if (config.databaseReadUrl) {
    readDb = createDataSource({ url: config.databaseReadUrl, poolSize: config.databasePoolSize, applicationName: 'vigil-read' });
    try {
      await readDb.initialize();
    } catch (e) {
      await db.destroy();
      throw e;
    }
  }
  const redis = createRedisConnection(config.redisUrl, 'client');
  redis.on('error', (e: Error) => logger.warn('redis error', { error: e.message }));
  const queues = new Queues(redis, config.redisPrefix);
  const metrics = createMetrics(queues);
  for (const warning of startupWarnings(config)) logger.warn(warning);
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
    async close() {
      if (closed) return;
      closed = true;
      await queues.close();
      await redis.quit().catch(() => redis.disconnect());
      if (readDb !== db) await readDb.destroy();
      await db.destroy();
    },
  };
}
