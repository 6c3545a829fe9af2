import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the daily retention jobs: finished scans and delivery attempts by age, so each
 * batch finds its oldest rows without reading the whole table.
 */
export class RetentionIndexes1764200000000 implements MigrationInterface {
  name = 'RetentionIndexes1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX scans_finished_created_idx ON scans (created_at) WHERE status IN ('completed', 'failed')`);
    await q.query(`CREATE INDEX alert_deliveries_created_idx ON alert_deliveries (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX scans_finished_created_idx, alert_deliveries_created_idx`);
  }
}
