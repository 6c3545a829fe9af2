import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDataSource, runMigrations } from '@vigil/core';

/** Server that test databases live on; override with TEST_DATABASE_URL (any database on it). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The jest run this process belongs to (the main process's pid), set by globalSetup. */
export function testRunId(): string {
  return process.env.VIGIL_TEST_RUN ?? String(process.pid);
}

export function templateDatabase(runId = testRunId()): string {
  return `vigil_tpl_${runId}_migrated`;
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const TEMPLATE_LOCK_ID = 7_423_902;

/** Builds this run's migrated template once; the first test file to get here does it. */
async function ensureTemplate(): Promise<void> {
  const template = templateDatabase();
  await withAdmin(async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      const found = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount) return;
      await c.query(`CREATE DATABASE "${template}_building"`);
      const ds = createDataSource({ url: databaseUrl(`${template}_building`), poolSize: 1 });
      await ds.initialize();
      try {
        await runMigrations(ds);
      } finally {
        await ds.destroy();
      }
      await c.query(`ALTER DATABASE "${template}_building" RENAME TO "${template}"`);
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
}

/** A fresh database cloned from this run's migrated template: each test file gets its own. */
export async function createTestDatabase(): Promise<string> {
  await ensureTemplate();
  const name = `vigil_t_${testRunId()}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (c) => {
    // CREATE DATABASE ... TEMPLATE fails while another session is copying the template; retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
        return;
      } catch (e) {
        if (attempt > 100 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 30 + Math.random() * 70));
      }
    }
  });
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
