import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on every page of the two tables the check writer updates per check (issue 35): a monitor's
 * state row once per batch, its hourly rollup once per batch and hour. With full pages (the
 * default fillfactor, 100) each update writes its new row version to another page, and one
 * entry into every index of the table; with free room left on the page the update is HOT (no
 * index entries) and its WAL record holds only the changed bytes. New pages keep 30 % free;
 * pages written before keep their rows until they move or a VACUUM FULL rewrites them
 * (decisions: "One path for checks; a writer with HOT updates").
 */
export class WriterFillfactor1765840000000 implements MigrationInterface {
  name = 'WriterFillfactor1765840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors SET (fillfactor = 70)`);
    await q.query(`ALTER TABLE monitor_rollups SET (fillfactor = 70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitor_rollups RESET (fillfactor)`);
    await q.query(`ALTER TABLE monitors RESET (fillfactor)`);
  }
}
