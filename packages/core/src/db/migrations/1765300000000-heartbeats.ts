import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Heartbeat (push) monitors: one row per monitor of type heartbeat with its ping token hashed
 * (what a ping is looked up by) and sealed (the secret box: what the monitor's view shows),
 * what its pings said so far, and the next deadline a sweep has to look at (indexed); its
 * schedule is the monitor's config. Checks get the bounded body of a failure ping.
 */
export class Heartbeats1765300000000 implements MigrationInterface {
  name = 'Heartbeats1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE heartbeat_monitors (
        monitor_id integer PRIMARY KEY REFERENCES monitors(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        token_sealed text NOT NULL,
        anchor_at timestamptz NOT NULL,
        last_start_at timestamptz,
        last_success_at timestamptz,
        last_failure_at timestamptz,
        late_through_at timestamptz,
        slow_start_at timestamptz,
        deadline_at timestamptz
      )`);
    await q.query(`CREATE INDEX heartbeat_monitors_deadline ON heartbeat_monitors (deadline_at) WHERE deadline_at IS NOT NULL`);
    await q.query(`ALTER TABLE checks ADD COLUMN ping_body text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checks DROP COLUMN ping_body`);
    await q.query(`DROP TABLE heartbeat_monitors`);
  }
}
