import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The timing phases of an http check (frozen here: later changes need their own migration). */
const ROLLUP_TIMING_PHASES = ['dns', 'connect', 'tls', 'first_byte', 'download'] as const;

/**
 * Timing-phase sums in the hourly rollups (issue 35, "reads from aggregates"): for each phase,
 * the sum of its milliseconds and the number of checks where it happened, so the detail view's
 * 24 h averages come from rollups instead of a scan of raw checks. The hours of the last 25 h
 * are filled from their checks; older rollups keep zeros (no period view reads their timings).
 */
export class RollupTimings1765690000000 implements MigrationInterface {
  name = 'RollupTimings1765690000000';

  async up(q: QueryRunner): Promise<void> {
    const columns = ROLLUP_TIMING_PHASES.flatMap((p) => [
      `ADD COLUMN ${p}_sum bigint NOT NULL DEFAULT 0`,
      `ADD COLUMN ${p}_count integer NOT NULL DEFAULT 0`,
    ]);
    await q.query(`ALTER TABLE monitor_rollups ${columns.join(', ')}`);
    const sums = ROLLUP_TIMING_PHASES.flatMap((p) => [
      `COALESCE(sum((timings->>'${p}')::numeric), 0)::bigint AS ${p}_sum`,
      `count(timings->>'${p}')::int AS ${p}_count`,
    ]);
    await q.query(`
      UPDATE monitor_rollups r SET ${ROLLUP_TIMING_PHASES.flatMap((p) => [`${p}_sum = c.${p}_sum`, `${p}_count = c.${p}_count`]).join(', ')}
        FROM (SELECT monitor_id, date_bin('1 hour', checked_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour, ${sums.join(', ')}
                FROM checks WHERE checked_at >= now() - interval '25 hours' AND timings IS NOT NULL
               GROUP BY 1, 2) c
       WHERE r.monitor_id = c.monitor_id AND r.hour = c.hour`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitor_rollups ${ROLLUP_TIMING_PHASES.flatMap((p) => [`DROP COLUMN ${p}_sum`, `DROP COLUMN ${p}_count`]).join(', ')}`);
  }
}
