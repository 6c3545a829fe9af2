import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A monitor's last judged round in one index probe: GET /api/v1/metrics reads it for the
 * per-region series of multi-region monitors (decisions: "Metrics: per-region series").
 */
export class LastRoundIndex1765860300000 implements MigrationInterface {
  name = 'LastRoundIndex1765860300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX monitor_rounds_monitor_judged_idx ON monitor_rounds (monitor_id, judged_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX monitor_rounds_monitor_judged_idx`);
  }
}
