import type pg from 'pg';
import { DataSource, EntityManager, QueryFailedError, type QueryRunner } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * A statement with parameters, outside a transaction, on the pool itself (issue 35): TypeORM's
 * query() makes a query runner for each one (a pool connection through its own promise, the
 * before and after broadcasts, the release bookkeeping), about 30 to 60 µs of the API's CPU per
 * statement on top of pg's own work, which a write of two statements paid twice. The answer is
 * TypeORM's: the rows, or [rows, affected] when the main query is an UPDATE or a DELETE; an error
 * of the statement is TypeORM's QueryFailedError around pg's, and the connection goes back to
 * the pool as TypeORM gives it back (kept, whatever the statement's error).
 */
async function onPool<T>(db: DataSource, query: string, parameters: unknown[]): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    const raw = await client.query(query, parameters);
    return (raw.command === 'UPDATE' || raw.command === 'DELETE' ? [raw.rows, raw.rowCount] : raw.rows) as T;
  } catch (e) {
    throw new QueryFailedError(query, parameters, e as Error);
  } finally {
    client.release();
  }
}

/** The pg pool under a PostgreSQL data source (TypeORM's driver's master pool). */
export function poolOf(db: DataSource): pg.Pool {
  return (db.driver as PostgresDriver).master as pg.Pool;
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
