import { randomBytes } from 'node:crypto';
import {
  createContext,
  createLogger,
  loadConfig,
  scanKeys,
  type Clock,
  type Config,
  type Context,
  type Logger,
} from '@vigil/core';
import { createTestDatabase, databaseUrl, dropTestDatabase } from './test-database.js';

export interface TestContext extends Context {
  /** Drops the file's database and Redis keys. Call in afterAll. */
  teardown(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  clock?: Clock;
  logger?: Logger;
  /** Reach PostgreSQL / Redis through these loopback ports (a TcpProxy in front of them). */
  via?: { postgresPort?: number; redisPort?: number };
  /**
   * Use this database (on a server the test started; created and migrated here) instead of a
   * fresh one on the test server. The test removes its server; teardown does not drop it.
   */
  databaseUrl?: string;
}

function throughPort(url: string, port: number | undefined): string {
  if (port === undefined) return url;
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/**
 * A full Context on a database of its own and a Redis prefix of its own, so test files run
 * in parallel. Real PostgreSQL and Redis; nothing mocked.
 */
export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const database = opts.databaseUrl !== undefined ? { url: opts.databaseUrl, name: null } : await freshDatabase();
  const prefix = `{vt${randomBytes(5).toString('hex')}}`;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: throughPort(database.url, opts.via?.postgresPort),
    DATABASE_POOL_SIZE: '10',
    REDIS_URL: throughPort(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', opts.via?.redisPort),
    VIGIL_REDIS_PREFIX: prefix,
    VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
    CHECKER_HEALTH_PORT: '0',
    SCANNER_HEALTH_PORT: '0',
    NOTIFIER_HEALTH_PORT: '0',
    PORT: '0',
    VIGIL_BASE_URL: 'http://vigil.test',
    VIGIL_SECRET_KEY: 'test-secret-key-0123456789abcdef0123456789',
    // The burst window is the clock's second: under a frozen test clock a whole file's requests
    // share one window. Tests of the burst limit set their own.
    VIGIL_BURST_PER_SECOND: '100000',
    ...opts.env,
  });
  const logger = opts.logger ?? createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'error', silent: !process.env.TEST_LOG_LEVEL });
  const ctx = await createContext(config, { logger, clock: opts.clock, prepareDatabase: opts.databaseUrl !== undefined });
  return Object.assign(ctx, {
    async teardown() {
      // Keys are on the prefix or a tagged form of it ({vt…:a42}): match the bare id.
      const keys: string[] = [];
      await scanKeys(ctx.redis, `*${prefix.slice(1, -1)}*`, (batch) => void keys.push(...batch));
      // One key a command: on a Redis Cluster the keys are in different slots.
      for (let i = 0; i < keys.length; i += 500) await Promise.all(keys.slice(i, i + 500).map((k) => ctx.redis.del(k)));
      await ctx.close();
      if (database.name !== null) await dropTestDatabase(database.name);
    },
  });
}

async function freshDatabase(): Promise<{ url: string; name: string }> {
  const name = await createTestDatabase();
  return { url: databaseUrl(name), name };
}
