import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StatusPages1764600000000 implements MigrationInterface {
  name = 'StatusPages1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE status_pages (
        id serial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        description text,
        sections jsonb NOT NULL DEFAULT '[]',
        theme text NOT NULL DEFAULT 'auto' CHECK (theme IN ('light', 'dark', 'auto')),
        is_public boolean NOT NULL DEFAULT true,
        show_uptime_bars boolean NOT NULL DEFAULT true,
        custom_hostname text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX status_pages_account_idx ON status_pages (account_id, id)`);
    await q.query(`
      CREATE TABLE incident_updates (
        id serial PRIMARY KEY,
        incident_id integer NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        status text NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX incident_updates_incident_idx ON incident_updates (incident_id, created_at)`);
    await q.query(`
      CREATE TABLE status_page_notices (
        id serial PRIMARY KEY,
        status_page_id integer NOT NULL REFERENCES status_pages (id) ON DELETE CASCADE,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        title text NOT NULL,
        status text NOT NULL CHECK (status IN ('investigating', 'identified', 'monitoring', 'resolved')),
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX status_page_notices_page_idx ON status_page_notices (status_page_id, created_at DESC)`);
    // One badge token per monitor or domain; the token is a random id, rotated by replacing it.
    await q.query(`
      CREATE TABLE badge_tokens (
        token text PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        monitor_id integer UNIQUE REFERENCES monitors (id) ON DELETE CASCADE,
        domain_id integer UNIQUE REFERENCES domains (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((monitor_id IS NULL) <> (domain_id IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE badge_tokens, status_page_notices, incident_updates, status_pages`);
  }
}
