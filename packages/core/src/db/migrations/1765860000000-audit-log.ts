import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log (decisions: "Audit log"). Not partitioned: retention is per tier, so old rows
 * go account by account (a time partition could not be dropped whole). The listing reads one
 * account newest first, optionally one resource or one key: each has its index, so a page is
 * an index range scan whatever the table's size.
 */
export class AuditLog1765860000000 implements MigrationInterface {
  name = 'AuditLog1765860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        key_id integer,
        key_name text,
        ip text,
        resource_type text NOT NULL,
        resource_id text NOT NULL,
        action text NOT NULL,
        changes jsonb NOT NULL DEFAULT '{}'
      )`);
    await q.query(`CREATE INDEX audit_log_account_time_idx ON audit_log (account_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_resource_idx ON audit_log (account_id, resource_type, resource_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_key_idx ON audit_log (account_id, key_id, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
  }
}
