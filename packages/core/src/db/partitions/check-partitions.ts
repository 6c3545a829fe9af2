import { CHECKS_DEFAULT_PARTITION, CHECKS_TABLE, DAY_MS, dayStart, partitionName } from './check-partition-plan.js';

/** Anything that runs SQL: a DataSource, an EntityManager in a transaction, a QueryRunner. */
export interface SqlRunner {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** Serialises partition DDL between checker replicas and the migration. */
const PARTITION_LOCK_ID = 7_423_903;

/**
 * DDL on `checks` needs strong locks: wait at most this long for them (a long read holds them
 * off), then give up; the job retries on its next run, days before the partition is needed.
 */
export const PARTITION_LOCK_TIMEOUT = '5s';

const literal = (at: Date) => `'${at.toISOString()}'`;

/** The partitions of `checks` (daily ones and the default), by name. */
export async function listCheckPartitions(sql: SqlRunner): Promise<string[]> {
  const rows = await sql.query<{ name: string }[]>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = $1::regclass ORDER BY c.relname`,
    [CHECKS_TABLE],
  );
  return rows.map((r) => r.name);
}

/**
 * Creates the partition of the UTC day starting at `day` unless it exists, moving the default
 * partition's rows of that day into it first (a partition cannot be attached while the default
 * holds rows of its range). Run it inside a transaction. Returns whether it created one.
 */
export async function createCheckPartition(sql: SqlRunner, day: Date): Promise<boolean> {
  const from = dayStart(day);
  const to = new Date(from.getTime() + DAY_MS);
  const name = partitionName(from);
  await sql.query(`SET LOCAL lock_timeout = '${PARTITION_LOCK_TIMEOUT}'`);
  await sql.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_ID]);
  const [{ found }] = await sql.query<{ found: boolean }[]>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
  if (found) return false;
  // Inserts of that day must wait until the rows have moved and the partition is attached.
  await sql.query(`LOCK TABLE ${CHECKS_DEFAULT_PARTITION} IN ACCESS EXCLUSIVE MODE`);
  await sql.query(`CREATE TABLE ${name} (LIKE ${CHECKS_TABLE} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  await sql.query(
    `WITH moved AS (DELETE FROM ${CHECKS_DEFAULT_PARTITION} WHERE checked_at >= $1 AND checked_at < $2 RETURNING *)
     INSERT INTO ${name} SELECT * FROM moved`,
    [from, to],
  );
  await sql.query(`ALTER TABLE ${name} ADD CONSTRAINT ${name}_range CHECK (checked_at >= ${literal(from)} AND checked_at < ${literal(to)})`);
  // The CHECK lets ATTACH skip scanning the new table; it is redundant once attached.
  await sql.query(`ALTER TABLE ${CHECKS_TABLE} ATTACH PARTITION ${name} FOR VALUES FROM (${literal(from)}) TO (${literal(to)})`);
  await sql.query(`ALTER TABLE ${name} DROP CONSTRAINT ${name}_range`);
  return true;
}

/**
 * Detaches and drops one daily partition (run it inside a transaction). Plain DETACH, not
 * CONCURRENTLY: PostgreSQL refuses CONCURRENTLY while a default partition exists; the lock
 * timeout bounds how long inserts can queue behind it.
 */
export async function dropCheckPartition(sql: SqlRunner, name: string): Promise<void> {
  await sql.query(`SET LOCAL lock_timeout = '${PARTITION_LOCK_TIMEOUT}'`);
  await sql.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_LOCK_ID]);
  await sql.query(`ALTER TABLE ${CHECKS_TABLE} DETACH PARTITION ${name}`);
  await sql.query(`DROP TABLE ${name}`);
}
