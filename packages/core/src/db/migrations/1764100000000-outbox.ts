import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox: jobs a transaction decided (alert events) are written with it and
 * moved to BullMQ by the relay, so a crash or a Redis outage after commit loses none. Relayed
 * messages are kept a while (relayed_at) so they can be relayed again if Redis loses its data.
 */
export class Outbox1764100000000 implements MigrationInterface {
  name = 'Outbox1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        queue text NOT NULL,
        job_name text NOT NULL,
        job_id text NOT NULL,
        payload jsonb NOT NULL,
        options jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_pending_idx ON outbox (id) WHERE relayed_at IS NULL`);
    await q.query(`CREATE INDEX outbox_relayed_at_idx ON outbox (relayed_at) WHERE relayed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox`);
  }
}
