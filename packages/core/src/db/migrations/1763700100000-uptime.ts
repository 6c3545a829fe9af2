import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Uptime1763700100000 implements MigrationInterface {
  name = 'Uptime1763700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE monitors (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        normalized_url text NOT NULL,
        method text NOT NULL DEFAULT 'GET' CHECK (method IN ('GET', 'POST', 'HEAD')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'up', 'down', 'degraded', 'paused')),
        check_interval integer NOT NULL DEFAULT 300,
        timeout integer NOT NULL DEFAULT 30,
        expected_status_codes integer[] NOT NULL DEFAULT '{200,201,204}',
        expected_content text,
        headers jsonb NOT NULL DEFAULT '{}',
        body text,
        alert_threshold integer NOT NULL DEFAULT 2,
        degraded_threshold_ms integer NOT NULL DEFAULT 5000,
        follow_redirects boolean NOT NULL DEFAULT true,
        verify_ssl boolean NOT NULL DEFAULT true,
        is_active boolean NOT NULL DEFAULT true,
        consecutive_failures integer NOT NULL DEFAULT 0,
        last_checked_at timestamptz,
        last_check_status text,
        last_response_time_ms integer,
        last_status_code integer,
        paused_at timestamptz,
        resumed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX monitors_account_url_key ON monitors (account_id, normalized_url)`);
    await q.query(`CREATE INDEX monitors_active_idx ON monitors (is_active) WHERE is_active`);
    await q.query(`
      CREATE TABLE checks (
        id bigserial PRIMARY KEY,
        monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
        checked_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('success', 'failure')),
        response_time_ms integer,
        status_code integer,
        error text,
        job_key text NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX checks_monitor_job_key ON checks (monitor_id, job_key)`);
    await q.query(`CREATE INDEX checks_monitor_time_idx ON checks (monitor_id, checked_at DESC)`);
    await q.query(`CREATE INDEX checks_time_idx ON checks (checked_at)`);
    await q.query(`
      CREATE TABLE incidents (
        id serial PRIMARY KEY,
        monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('open', 'resolved')),
        started_at timestamptz NOT NULL,
        resolved_at timestamptz,
        duration_seconds integer,
        cause text NOT NULL,
        affected_checks integer NOT NULL DEFAULT 0,
        alerts_sent jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one open incident per monitor, whatever runs twice.
    await q.query(`CREATE UNIQUE INDEX incidents_one_open_per_monitor ON incidents (monitor_id) WHERE status = 'open'`);
    await q.query(`CREATE INDEX incidents_monitor_started_idx ON incidents (monitor_id, started_at DESC)`);
    await q.query(`
      CREATE TABLE monitor_rollups (
        monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
        hour timestamptz NOT NULL,
        total integer NOT NULL DEFAULT 0,
        successful integer NOT NULL DEFAULT 0,
        response_time_sum bigint NOT NULL DEFAULT 0,
        response_time_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (monitor_id, hour)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE monitor_rollups, incidents, checks, monitors`);
  }
}
