import pg from 'pg';
import { QueryFailedError, type EntityManager } from 'typeorm';
import { poolOf } from './direct-query.js';
import { inlineParams } from './inline-params.js';
import type { Statement } from './one-statement.js';

/** A read of one statement: the statement (parameters from $1), and what its rows become. */
export interface Read<T> {
  statement: Statement;
  of(rows: unknown[]): T;
}

/** `read` with `f` applied to what its rows become (the same statement). */
export function mapRead<T, U>(read: Read<T>, f: (value: T) => U): Read<U> {
  return { statement: read.statement, of: (rows) => f(read.of(rows)) };
}

/** The rows of each statement of a simple-protocol query (pg answers one result per statement, or the result itself for one). */
function rowsOfEach(answer: unknown, count: number): unknown[][] {
  const results = (Array.isArray(answer) ? answer : [answer]) as { rows?: unknown }[];
  const rows = results.map((r) => r.rows);
  if (rows.length !== count || !rows.every((r) => Array.isArray(r))) throw new Error(`readsAsOne: ${count} results expected, ${rows.length} came`);
  return rows as unknown[][];
}

/** The pg client of the manager's transaction: TypeORM's query() keeps only a single statement's rows. */
async function transactionClient(m: EntityManager): Promise<pg.ClientBase | undefined> {
  if (!m.queryRunner) return undefined;
  const client: unknown = await m.queryRunner.connect();
  if (!(client instanceof pg.Client)) throw new Error('readsAsOne: needs a PostgreSQL query runner');
  return client;
}

async function send(m: EntityManager, text: string): Promise<unknown> {
  const inTransaction = await transactionClient(m);
  if (inTransaction) return inTransaction.query(text);
  const client = await poolOf(m.connection).connect();
  try {
    return await client.query(text);
  } finally {
    client.release();
  }
}

/**
 * Reads that need nothing of each other's answers, sent in ONE round trip (issue 35: each round
 * trip to PostgreSQL cost the API more CPU than the rows it brought): one simple-protocol query
 * of the statements, their parameters written as literals (inlineParams), on the manager's
 * transaction when it has one, else on a connection of the pool. The rows come back in pg's text
 * form through the same type parsers as an extended-protocol query's, so every read answers
 * what its statement answered alone. Under READ COMMITTED each statement takes its own snapshot,
 * as when they were sent one after another. A failure is TypeORM's QueryFailedError around pg's.
 * For SELECTs whose parameters have a text form, and whose text holds no `$` of its own.
 */
export async function readsAsOne<T extends unknown[]>(m: EntityManager, reads: { [K in keyof T]: Read<T[K]> }): Promise<T> {
  const text = reads.map((r) => inlineParams(r.statement)).join(';\n');
  let answer: unknown;
  try {
    answer = await send(m, text);
  } catch (e) {
    throw new QueryFailedError(text, [], e as Error);
  }
  const rows = rowsOfEach(answer, reads.length);
  return reads.map((r, i) => r.of(rows[i])) as T;
}
