import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monitor types (docs/decisions.md "Monitor types"): every existing monitor is `http`; other
 * types keep their configuration in `config`. `normalized_url` becomes the uniqueness key of
 * every type (namespaced by scheme), still unique per account. Checks gain the timing
 * breakdown of http checks, the certificate expiry a TLS check saw, and type-specific details
 * (DNS answers and the responding server). checks is partitioned: ADD COLUMN reaches every
 * partition; nullable columns without a default rewrite nothing.
 */
export class MonitorTypes1765200000000 implements MigrationInterface {
  name = 'MonitorTypes1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors ADD COLUMN type text NOT NULL DEFAULT 'http', ADD COLUMN config jsonb`);
    await q.query(`ALTER TABLE monitors ADD CONSTRAINT monitors_config_of_type CHECK ((type = 'http') = (config IS NULL))`);
    await q.query(`ALTER TABLE checks ADD COLUMN timings jsonb, ADD COLUMN certificate_expires_at timestamptz, ADD COLUMN details jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checks DROP COLUMN details, DROP COLUMN certificate_expires_at, DROP COLUMN timings`);
    await q.query(`DELETE FROM monitors WHERE type <> 'http'`);
    await q.query(`ALTER TABLE monitors DROP CONSTRAINT monitors_config_of_type, DROP COLUMN config, DROP COLUMN type`);
  }
}
