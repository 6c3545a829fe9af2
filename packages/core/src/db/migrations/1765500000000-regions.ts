import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Regions (decisions: Regions and quorum). Every existing monitor and check is in the default
 * region, so a one-region deployment sees no change. A check is unique per monitor, run (job
 * key), region and time: each region records its own check of the same scheduled run.
 */
export class Regions1765500000000 implements MigrationInterface {
  name = 'Regions1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checks ADD COLUMN region text NOT NULL DEFAULT 'default'`);
    await q.query(`DROP INDEX checks_monitor_job_key`);
    await q.query(`CREATE UNIQUE INDEX checks_monitor_job_key ON checks (monitor_id, job_key, region, checked_at)`);
    await q.query(`ALTER TABLE monitors ADD COLUMN regions text[] NOT NULL DEFAULT '{default}'`);
    await q.query(`ALTER TABLE monitors ADD COLUMN min_failing_regions integer CHECK (min_failing_regions >= 1)`);
    // The regions whose failures opened an incident.
    await q.query(`ALTER TABLE incidents ADD COLUMN regions text[] NOT NULL DEFAULT '{}'`);
    // A judged round of a multi-region monitor: the row is the "judged once" claim.
    await q.query(`
      CREATE TABLE monitor_rounds (
        monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
        job_key text NOT NULL,
        judged_at timestamptz NOT NULL,
        failed boolean NOT NULL,
        failing_regions text[] NOT NULL,
        skipped_regions text[] NOT NULL,
        PRIMARY KEY (monitor_id, job_key)
      )`);
    await q.query(`CREATE INDEX monitor_rounds_judged_idx ON monitor_rounds (judged_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE monitor_rounds`);
    await q.query(`ALTER TABLE incidents DROP COLUMN regions`);
    await q.query(`ALTER TABLE monitors DROP COLUMN min_failing_regions, DROP COLUMN regions`);
    await q.query(`DROP INDEX checks_monitor_job_key`);
    await q.query(`DELETE FROM checks WHERE region <> 'default'`);
    await q.query(`CREATE UNIQUE INDEX checks_monitor_job_key ON checks (monitor_id, job_key, checked_at)`);
    await q.query(`ALTER TABLE checks DROP COLUMN region`);
  }
}
