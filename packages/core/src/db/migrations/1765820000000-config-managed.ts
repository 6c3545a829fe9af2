import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitoring as code (docs/config-as-code.md): which of an account's objects `config apply`
 * created or took over, under the key the document names them by. Prune deletes only these.
 * `kind` is monitor, domain, integration, status_page or maintenance_window; `resource_id` the
 * object's id in its own table (a row whose object is gone is ignored, and dropped by the next apply).
 */
export class ConfigManaged1765820000000 implements MigrationInterface {
  name = 'ConfigManaged1765820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE config_managed (
        account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        kind text NOT NULL,
        key text NOT NULL,
        resource_id integer NOT NULL,
        PRIMARY KEY (account_id, kind, key),
        UNIQUE (kind, resource_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE config_managed`);
  }
}
