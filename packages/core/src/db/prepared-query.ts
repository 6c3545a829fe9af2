import type { DataSource } from 'typeorm';
import { poolOf } from './direct-query.js';
import { isTransactionPooled } from './transaction-pooled.js';

/**
 * Runs a named prepared statement on the data source's own connection pool: PostgreSQL parses
 * and plans it once per connection instead of on every call (TypeORM's query() sends unnamed
 * statements). Worth it for hot statements whose planning costs about as much as running them
 * (the monitor list: about 2 ms of 4 on this machine). `name` must belong to this one `text`.
 * Behind a transaction pooler the statement is sent unnamed: a named one lives on one server
 * connection, which the next transaction may not get ("prepared statement does not exist").
 */
export async function preparedQuery<T extends object>(db: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const result = await poolOf(db).query<T>(isTransactionPooled(db) ? { text, values } : { name, text, values });
  return result.rows;
}
