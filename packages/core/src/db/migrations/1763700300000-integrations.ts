import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Integrations1763700300000 implements MigrationInterface {
  name = 'Integrations1763700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('email', 'webhook', 'slack', 'discord')),
        name text NOT NULL,
        config jsonb NOT NULL DEFAULT '{}',
        secrets text,
        events text[] NOT NULL DEFAULT '{}',
        monitor_ids integer[] NOT NULL DEFAULT '{}',
        domain_ids integer[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX integrations_account_idx ON integrations (account_id, id)`);
    await q.query(`
      CREATE TABLE alert_deliveries (
        id serial PRIMARY KEY,
        delivery_id integer NOT NULL,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        integration_id integer REFERENCES integrations (id) ON DELETE SET NULL,
        integration_type text NOT NULL,
        event_id text NOT NULL,
        event text NOT NULL,
        monitor_id integer,
        domain_id integer,
        incident_id integer,
        payload jsonb NOT NULL,
        attempt integer NOT NULL CHECK (attempt >= 1),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
        response_code integer,
        error text,
        duration_ms integer,
        will_retry boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    // At most one delivery per integration and event id (attempt 1), and one row per attempt.
    await q.query(
      `CREATE UNIQUE INDEX alert_deliveries_integration_event_attempt_key ON alert_deliveries (integration_id, event_id, attempt)`,
    );
    await q.query(`CREATE INDEX alert_deliveries_integration_idx ON alert_deliveries (integration_id, id DESC)`);
    await q.query(`CREATE INDEX alert_deliveries_delivery_idx ON alert_deliveries (delivery_id)`);
    await q.query(`CREATE INDEX alert_deliveries_account_created_idx ON alert_deliveries (account_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE alert_deliveries, integrations`);
  }
}
