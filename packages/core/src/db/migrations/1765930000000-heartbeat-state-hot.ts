import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every accepted ping moves its monitor's heartbeat state, deadline_at included (issue 35). With
 * an index on deadline_at each of those updates wrote a new row version elsewhere and an entry
 * into each of the table's three indexes (the key, the token hash, the deadline); without it, and
 * with room left on the page, the update is HOT: no index entries, only the changed bytes in the
 * WAL. The index served one query, the sweep's "whose deadline passed" every 15 s, which now
 * reads the table instead: one sequential pass per sweep round instead of three index writes per
 * ping (docs/decisions.md, "A ping's heartbeat state written in place"). Half of each page is kept
 * free, as for monitors (WriterFillfactor): a batch updates every heartbeat row of a page at once
 * when their ids are close. Pages written before get the room as their rows move (their first
 * update after the migration is the last that is not HOT), or at once with a VACUUM FULL.
 */
export class HeartbeatStateHot1765930000000 implements MigrationInterface {
  name = 'HeartbeatStateHot1765930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX heartbeat_monitors_deadline`);
    await q.query(`ALTER TABLE heartbeat_monitors SET (fillfactor = 50)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE heartbeat_monitors RESET (fillfactor)`);
    await q.query(`CREATE INDEX heartbeat_monitors_deadline ON heartbeat_monitors (deadline_at) WHERE deadline_at IS NOT NULL`);
  }
}
