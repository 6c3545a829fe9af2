import type pg from 'pg';
import { DataSource, EntityManager, QueryFailedError, type QueryRunner } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import { StatementNames } from './statement-names.js';
import { isTransactionPooled } from './transaction-pooled.js';

/** Each pool's statement names (statement-names.ts); none behind a transaction pooler, where a named statement lives on one server connection the next transaction may not get. */
const statementNames = new WeakMap<DataSource, StatementNames>();

function namesOf(db: DataSource): StatementNames | undefined {
  if (isTransactionPooled(db)) return undefined;
  let names = statementNames.get(db);
  if (!names) statementNames.set(db, (names = new StatementNames()));
  return names;
}

/** SQLSTATE of "cached plan must not change result type": a prepared `SELECT *` after its table changed (a migration under a running process). */
const STALE_PREPARED = '0A000';

/**
 * Runs `text` on `client`, as a named prepared statement when `names` gives it one; a named
 * statement the server refuses as stale runs again unnamed, and its text stays unnamed.
 */
async function run(client: pg.PoolClient, names: StatementNames | undefined, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const name = names?.nameOf(text);
  if (name === undefined) return client.query(text, values);
  try {
    return await client.query({ name, text, values });
  } catch (e) {
    if ((e as { code?: unknown }).code !== STALE_PREPARED || !names) throw e;
    names.refuse(text);
    return client.query(text, values);
  }
}

/**
 * A statement with parameters, outside a transaction, on the pool itself (issue 35): TypeORM's
 * query() makes a query runner for each one (a pool connection through its own promise, the
 * before and after broadcasts, the release bookkeeping), about 30 to 60 µs of the API's CPU per
 * statement on top of pg's own work, which a write of two statements paid twice. A statement run
 * often goes as a named prepared statement (StatementNames). The answer is
 * TypeORM's: the rows, or [rows, affected] when the main query is an UPDATE or a DELETE; an error
 * of the statement is TypeORM's QueryFailedError around pg's, and the connection goes back to
 * the pool as TypeORM gives it back (kept, whatever the statement's error).
 */
async function onPool<T>(db: DataSource, query: string, parameters: unknown[]): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    const raw = await run(client, namesOf(db), query, parameters);
    return (raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows) as T;
  } catch (e) {
    throw new QueryFailedError(query, parameters, e as Error);
  } finally {
    client.release();
  }
}

/** The pg pool under a PostgreSQL data source (TypeORM's driver's master pool). */
export function poolOf(db: DataSource): pg.Pool {
  const driver = db.driver;
  if (!(driver instanceof PostgresDriver) || !driver.master) throw new Error('needs an initialized PostgreSQL data source');
  return driver.master as pg.Pool;
}

/** Whether a statement can skip TypeORM's query runner: parameters given (one statement, the extended protocol) and a PostgreSQL pool. */
function direct(db: DataSource, parameters: unknown[] | undefined): parameters is unknown[] {
  return parameters !== undefined && db.isInitialized && db.driver instanceof PostgresDriver && db.driver.master !== undefined;
}

/** The data source's manager outside transactions: its query() runs on the pool (onPool). */
class DirectEntityManager extends EntityManager {
  override async query<T = unknown>(query: string, parameters?: unknown[]): Promise<T> {
    if (this.queryRunner || !direct(this.connection, parameters)) return super.query<T>(query, parameters);
    return onPool<T>(this.connection, query, parameters);
  }
}

/**
 * Vigil's DataSource: query() and manager.query() outside a transaction run a statement with
 * parameters on the pool (onPool); inside a transaction (a manager of a query runner), without
 * parameters, or with a query runner given, as TypeORM runs them.
 */
export class VigilDataSource extends DataSource {
  override async query<T = unknown>(query: string, parameters?: unknown[], queryRunner?: QueryRunner): Promise<T> {
    if (queryRunner || !direct(this, parameters)) return super.query<T>(query, parameters, queryRunner);
    return onPool<T>(this, query, parameters);
  }

  override createEntityManager(queryRunner?: QueryRunner): EntityManager {
    return queryRunner ? super.createEntityManager(queryRunner) : new DirectEntityManager(this);
  }
}
