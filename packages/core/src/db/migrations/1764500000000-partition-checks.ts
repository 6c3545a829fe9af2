import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHECKS_DEFAULT_PARTITION, DAY_MS, daysAround } from '../partitions/check-partition-plan.js';
import { createCheckPartition } from '../partitions/check-partitions.js';

/** Partitions ready around the migration's now, so a fresh database writes into daily ones at once. */
const DAYS_BACK = 1;
const DAYS_AHEAD = 7;

/** The columns after id, the same in both layouts. */
const COLUMNS = `
  monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'failure')),
  response_time_ms integer,
  status_code integer,
  error text,
  job_key text NOT NULL`;

/**
 * `checks` becomes a table partitioned by day on checked_at (see docs/decisions.md, "Check
 * storage"). The rows move in one INSERT ... SELECT in this migration's transaction: all of
 * them or, on failure, none. The unique key now includes checked_at (a partitioned table's
 * unique indexes must contain the partition key); the id keeps its sequence but is no longer a
 * primary key, and the checked_at-only index goes (retention drops whole partitions).
 */
export class PartitionChecks1764500000000 implements MigrationInterface {
  name = 'PartitionChecks1764500000000';

  async up(q: QueryRunner): Promise<void> {
    // Moving every row of a big table takes longer than the pool's statement timeout.
    await q.query(`SET LOCAL statement_timeout = 0`);
    await q.query(`ALTER TABLE checks RENAME TO checks_unpartitioned`);
    // The new table's indexes and constraints take the old names.
    await q.query(`DROP INDEX checks_monitor_job_key, checks_monitor_time_idx, checks_time_idx`);
    await q.query(`ALTER TABLE checks_unpartitioned DROP CONSTRAINT checks_monitor_id_fkey, DROP CONSTRAINT checks_status_check`);
    await q.query(`CREATE TABLE checks (id bigint NOT NULL DEFAULT nextval('checks_id_seq'), ${COLUMNS}) PARTITION BY RANGE (checked_at)`);
    await q.query(`ALTER SEQUENCE checks_id_seq OWNED BY checks.id`);
    await q.query(`CREATE UNIQUE INDEX checks_monitor_job_key ON checks (monitor_id, job_key, checked_at)`);
    await q.query(`CREATE INDEX checks_monitor_time_idx ON checks (monitor_id, checked_at DESC)`);
    await q.query(`CREATE TABLE ${CHECKS_DEFAULT_PARTITION} PARTITION OF checks DEFAULT`);

    const [{ now }] = (await q.query(`SELECT now() AS now`)) as { now: Date }[];
    const withData = (await q.query(
      `SELECT DISTINCT date_bin('1 day', checked_at, timestamptz '2000-01-01 00:00:00+00') AS day FROM checks_unpartitioned`,
    )) as { day: Date }[];
    const days = new Map<number, Date>();
    for (const d of [...withData.map((r) => r.day), ...daysAround(now, DAYS_BACK, DAYS_AHEAD)]) days.set(Math.floor(d.getTime() / DAY_MS), d);
    for (const day of days.values()) await createCheckPartition(q, day);

    await q.query(`
      INSERT INTO checks (id, monitor_id, checked_at, status, response_time_ms, status_code, error, job_key)
      SELECT id, monitor_id, checked_at, status, response_time_ms, status_code, error, job_key FROM checks_unpartitioned`);
    await q.query(`DROP TABLE checks_unpartitioned`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`SET LOCAL statement_timeout = 0`);
    await q.query(`ALTER TABLE checks RENAME TO checks_partitioned`);
    await q.query(`DROP INDEX checks_monitor_job_key, checks_monitor_time_idx`);
    await q.query(`ALTER TABLE checks_partitioned DROP CONSTRAINT checks_monitor_id_fkey, DROP CONSTRAINT checks_status_check`);
    await q.query(`CREATE TABLE checks (id bigint PRIMARY KEY DEFAULT nextval('checks_id_seq'), ${COLUMNS})`);
    await q.query(`ALTER SEQUENCE checks_id_seq OWNED BY checks.id`);
    // Keeps the newest row of a (monitor, job key) that the partitioned key let in twice.
    await q.query(`
      INSERT INTO checks SELECT DISTINCT ON (monitor_id, job_key)
             id, monitor_id, checked_at, status, response_time_ms, status_code, error, job_key
        FROM checks_partitioned ORDER BY monitor_id, job_key, checked_at DESC`);
    await q.query(`DROP TABLE checks_partitioned`);
    await q.query(`CREATE UNIQUE INDEX checks_monitor_job_key ON checks (monitor_id, job_key)`);
    await q.query(`CREATE INDEX checks_monitor_time_idx ON checks (monitor_id, checked_at DESC)`);
    await q.query(`CREATE INDEX checks_time_idx ON checks (checked_at)`);
  }
}
