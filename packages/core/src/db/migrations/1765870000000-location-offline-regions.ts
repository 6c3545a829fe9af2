import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `location.offline` alert (docs/agents.md, "Offline alerts"): `offline_since` is the last
 * agent poll before the location went silent, set when `location.offline` is written and cleared
 * when an agent polls again (`location.online`). Null: no offline episode open.
 *
 * Region locations (docs/agents.md, "Public regions on agents"): a location of no account whose
 * name is a public region listed in VIGIL_AGENT_REGIONS; its agents check that region for every
 * account. One per region name.
 */
export class LocationOfflineRegions1765870000000 implements MigrationInterface {
  name = 'LocationOfflineRegions1765870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE locations ADD COLUMN offline_since timestamptz`);
    await q.query(`ALTER TABLE locations ALTER COLUMN account_id DROP NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX locations_region_name ON locations (name) WHERE account_id IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM locations WHERE account_id IS NULL`);
    await q.query(`DROP INDEX locations_region_name`);
    await q.query(`ALTER TABLE locations ALTER COLUMN account_id SET NOT NULL`);
    await q.query(`ALTER TABLE locations DROP COLUMN offline_since`);
  }
}
