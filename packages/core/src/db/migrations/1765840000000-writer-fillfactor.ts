import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Room on every page of monitors, whose state row the check writer updates once per batch
 * (issue 35). With full pages (the default fillfactor, 100) an update writes its new row version
 * to another page and one entry into each of the table's indexes; with room left on the page it
 * is HOT (no index entries) and its WAL record holds only the changed bytes. Half of each page is
 * kept free: a batch updates every monitor of a page at once when their ids are close (as in the
 * writer bench), and half a page holds a new version of each. monitor_rollups keeps full pages:
 * its rows are kept for good and updated only in their hour, so free room would cost disk on all
 * of its history (decisions: "One path for checks; a writer with HOT updates"). New pages keep
 * the room; pages written before get it as their rows move, or at once with a VACUUM FULL.
 */
export class WriterFillfactor1765840000000 implements MigrationInterface {
  name = 'WriterFillfactor1765840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors SET (fillfactor = 50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors RESET (fillfactor)`);
  }
}
