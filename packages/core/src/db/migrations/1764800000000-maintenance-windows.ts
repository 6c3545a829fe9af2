import type { MigrationInterface, QueryRunner } from 'typeorm';

export class MaintenanceWindows1764800000000 implements MigrationInterface {
  name = 'MaintenanceWindows1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE maintenance_windows (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        title text NOT NULL,
        description text,
        applies_to_all boolean NOT NULL DEFAULT false,
        monitor_ids integer[] NOT NULL DEFAULT '{}',
        domain_ids integer[] NOT NULL DEFAULT '{}',
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        rrule text,
        duration_minutes integer,
        timezone text NOT NULL DEFAULT 'UTC',
        keep_checking boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((rrule IS NULL AND ends_at IS NOT NULL AND duration_minutes IS NULL)
            OR (rrule IS NOT NULL AND ends_at IS NULL AND duration_minutes IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX maintenance_windows_account_idx ON maintenance_windows (account_id, id)`);
    // A check taken during maintenance: recorded, but it opens no incident and sends no alert.
    await q.query(`ALTER TABLE checks ADD COLUMN in_maintenance boolean NOT NULL DEFAULT false`);
    // The objective SLA reports measure the error budget against (percent, e.g. 99.9).
    await q.query(`ALTER TABLE monitors ADD COLUMN slo_target numeric(6, 3) CHECK (slo_target > 0 AND slo_target < 100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors DROP COLUMN slo_target`);
    await q.query(`ALTER TABLE checks DROP COLUMN in_maintenance`);
    await q.query(`DROP TABLE maintenance_windows`);
  }
}
