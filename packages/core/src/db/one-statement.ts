import type { Queryable, WriteResult } from './queryable.js';

/** A statement's text, numbering its own parameters from $1, and its parameters. */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

/**
 * Writes that need nothing of each other's answers, sent as ONE statement (issue 35: a round
 * trip to PostgreSQL costs the API more CPU than the statement itself): each write a WITH query
 * (`WITH w0 AS (INSERT ...), w1 AS (INSERT ...)`), `last` the main query, whose rows are the
 * answer (none: `SELECT NULL`). One statement is atomic on its own and, inside a transaction, a
 * part of it like the statements it replaces. Every part runs on the same snapshot and in no set
 * order: only writes whose effects do not depend on one another belong together, and a lock the
 * main query takes holds from then on, as after a statement of its own (a count that must see
 * what committed before the lock stays a later statement).
 */
export function oneStatement(writes: readonly Statement[], last?: Statement): Statement {
  const params: unknown[] = [];
  const renumbered = (s: Statement) => {
    const offset = params.length;
    params.push(...s.params);
    return s.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  const withs = writes.map((w, i) => `w${i} AS (${renumbered(w)})`);
  const main = last ? renumbered(last) : 'SELECT NULL';
  return { sql: withs.length ? `WITH ${withs.join(', ')} ${main}` : main, params };
}

/** TypeORM's answer to a statement whose main query is an UPDATE or a DELETE: [rows, affected] (see WriteResult). */
function isWriteResult<Row>(result: Row[] | WriteResult<Row>): result is WriteResult<Row> {
  return result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number';
}

/**
 * Runs oneStatement(writes, last) on `q`; the main query's rows, also when it is an UPDATE or a
 * DELETE ... RETURNING (TypeORM answers those as [rows, affected]).
 */
export async function runAsOne<Row>(q: Queryable, writes: readonly Statement[], last?: Statement): Promise<Row[]> {
  const { sql, params } = oneStatement(writes, last);
  const result = await q.query<Row[] | WriteResult<Row>>(sql, [...params]);
  return isWriteResult(result) ? result[0] : result;
}
