import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The schedule changes a transaction decided (a monitor or domain created, changed, paused or
 * deleted), written with it; the outbox relay applies each to Redis from the row's current state
 * and deletes it (decisions: "Schedule changes through the outbox").
 */
export class ScheduleOutbox1765875000000 implements MigrationInterface {
  name = 'ScheduleOutbox1765875000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE schedule_outbox (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('monitor', 'domain')),
        entity_id integer NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX schedule_outbox_entity_idx ON schedule_outbox (kind, entity_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE schedule_outbox`);
  }
}
