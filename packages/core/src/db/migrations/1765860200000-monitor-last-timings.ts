import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The timing phases (dns, connect, tls, first_byte, download; ms) of a monitor's last check,
 * written with its last_response_time_ms, so GET /api/v1/metrics reads them from the monitor
 * row (decisions: "Metrics for Prometheus"). Null until a check that records timings.
 */
export class MonitorLastTimings1765860200000 implements MigrationInterface {
  name = 'MonitorLastTimings1765860200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors ADD COLUMN last_timings jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitors DROP COLUMN last_timings`);
  }
}
