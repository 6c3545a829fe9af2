import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Header grades of monitored domains over time, and the latest one on the domain. */
export class HeaderChecks1764700100000 implements MigrationInterface {
  name = 'HeaderChecks1764700100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE header_checks (
        id serial PRIMARY KEY,
        domain_id integer NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        scan_id integer NOT NULL UNIQUE,
        url text NOT NULL,
        status text NOT NULL CHECK (status IN ('completed', 'failed')),
        grade text,
        score integer,
        deeper_score integer,
        algorithm_version integer,
        report jsonb,
        error text,
        checked_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX header_checks_domain_idx ON header_checks (domain_id, id)`);
    await q.query(`
      ALTER TABLE domains ADD COLUMN header_grade text, ADD COLUMN header_score integer,
        ADD COLUMN last_header_check_at timestamptz, ADD COLUMN last_header_check_id integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domains DROP COLUMN header_grade, DROP COLUMN header_score, DROP COLUMN last_header_check_at, DROP COLUMN last_header_check_id`);
    await q.query(`DROP TABLE header_checks`);
  }
}
