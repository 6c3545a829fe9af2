import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-region hourly rollups of monitors in more than one region (issue 35, reads from
 * aggregates): the detail view's `statistics.regions` sums 24 of these rows per region instead
 * of scanning the day's raw checks. The check writer upserts a batch's (monitor, region, hour)
 * sums; they are pruned with the raw checks they sum (VIGIL_CHECK_RETENTION_DAYS: the index on
 * `hour` is the prune's). Half-empty pages: each row is updated once per check of its hour, and
 * room on its page keeps those updates HOT (no index entries); the rows are pruned, so the room
 * costs no history. The last 25 hours (the 24 h window's hours) are filled from their checks.
 */
export class RegionHours1765885000000 implements MigrationInterface {
  name = 'RegionHours1765885000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE monitor_region_hours (
        monitor_id integer NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
        region text NOT NULL,
        hour timestamptz NOT NULL,
        total integer NOT NULL DEFAULT 0,
        successful integer NOT NULL DEFAULT 0,
        response_time_sum bigint NOT NULL DEFAULT 0,
        response_time_count integer NOT NULL DEFAULT 0,
        PRIMARY KEY (monitor_id, region, hour)
      ) WITH (fillfactor = 50)`);
    await q.query(`CREATE INDEX monitor_region_hours_hour_idx ON monitor_region_hours (hour)`);
    await q.query(`
      INSERT INTO monitor_region_hours (monitor_id, region, hour, total, successful, response_time_sum, response_time_count)
      SELECT c.monitor_id, c.region, date_bin('1 hour', c.checked_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*),
             count(*) FILTER (WHERE c.status = 'success'),
             COALESCE(sum(c.response_time_ms) FILTER (WHERE c.status = 'success'), 0),
             count(c.response_time_ms) FILTER (WHERE c.status = 'success')
        FROM checks c JOIN monitors m ON m.id = c.monitor_id AND cardinality(m.regions) > 1
       WHERE c.checked_at >= date_bin('1 hour', now(), TIMESTAMPTZ '2000-01-01 00:00:00+00') - interval '24 hours'
       GROUP BY 1, 2, 3`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE monitor_region_hours`);
  }
}
