import type { MigrationInterface, QueryRunner } from 'typeorm';

/** monitor_rollups' sum columns (frozen here: later changes need their own migration). */
const SUMS = [
  'total',
  'successful',
  'response_time_sum',
  'response_time_count',
  ...['dns', 'connect', 'tls', 'first_byte', 'download'].flatMap((p) => [`${p}_sum`, `${p}_count`]),
] as const;
const isBigint = (c: string) => c.endsWith('_sum');

/**
 * The current hour's rollup on the monitor's row (issue 35, the writer): the check writer
 * already updates each monitor once per batch, so its running hour's sums ride on that update
 * (columns rollup_hour and rollup_<sum>) instead of an upsert of monitor_rollups per check: two
 * row writes per check instead of three. When a check of a later hour comes, the hour on the
 * monitor is moved to the table of stored hours, `monitor_rollup_hours` (monitor_rollups
 * renamed), in the same statement. `monitor_rollups` becomes a view of both (UNION ALL), so every
 * reader reads the same relation and sums as before; an hour can appear twice in it (a check
 * written without the monitor's lock, of a monitor in several regions, goes to the table), which
 * sums alike. Writes to the view (fixtures, tools) go to the stored hours through INSTEAD OF
 * triggers, or to the monitor's own hour when that is the row written.
 */
export class RollupOnMonitor1765872000000 implements MigrationInterface {
  name = 'RollupOnMonitor1765872000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE monitor_rollups RENAME TO monitor_rollup_hours`);
    await q.query(
      `ALTER TABLE monitors ADD COLUMN rollup_hour timestamptz, ${SUMS.map((c) => `ADD COLUMN rollup_${c} ${isBigint(c) ? 'bigint' : 'integer'} NOT NULL DEFAULT 0`).join(', ')}`,
    );
    await q.query(`
      CREATE VIEW monitor_rollups AS
        SELECT monitor_id, hour, ${SUMS.join(', ')} FROM monitor_rollup_hours
        UNION ALL
        SELECT id, rollup_hour, ${SUMS.map((c) => `rollup_${c}`).join(', ')} FROM monitors WHERE rollup_hour IS NOT NULL`);
    // The table's defaults, for an insert that leaves sums out.
    await q.query(`ALTER VIEW monitor_rollups ${SUMS.map((c) => `ALTER COLUMN ${c} SET DEFAULT 0`).join(', ')}`);
    await q.query(`
      CREATE FUNCTION monitor_rollups_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO monitor_rollup_hours (monitor_id, hour, ${SUMS.join(', ')}) VALUES (NEW.monitor_id, NEW.hour, ${SUMS.map((c) => `NEW.${c}`).join(', ')});
          RETURN NEW;
        END IF;
        IF EXISTS (SELECT 1 FROM monitors WHERE id = OLD.monitor_id AND rollup_hour = OLD.hour) THEN
          IF TG_OP = 'DELETE' THEN
            UPDATE monitors SET rollup_hour = NULL, ${SUMS.map((c) => `rollup_${c} = 0`).join(', ')} WHERE id = OLD.monitor_id;
            RETURN OLD;
          END IF;
          UPDATE monitors SET rollup_hour = NEW.hour, ${SUMS.map((c) => `rollup_${c} = NEW.${c}`).join(', ')} WHERE id = OLD.monitor_id;
          RETURN NEW;
        END IF;
        IF TG_OP = 'DELETE' THEN
          DELETE FROM monitor_rollup_hours WHERE monitor_id = OLD.monitor_id AND hour = OLD.hour;
          RETURN OLD;
        END IF;
        UPDATE monitor_rollup_hours SET monitor_id = NEW.monitor_id, hour = NEW.hour, ${SUMS.map((c) => `${c} = NEW.${c}`).join(', ')}
         WHERE monitor_id = OLD.monitor_id AND hour = OLD.hour;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER monitor_rollups_write INSTEAD OF INSERT OR UPDATE OR DELETE ON monitor_rollups FOR EACH ROW EXECUTE FUNCTION monitor_rollups_write()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO monitor_rollup_hours (monitor_id, hour, ${SUMS.join(', ')})
      SELECT id, rollup_hour, ${SUMS.map((c) => `rollup_${c}`).join(', ')} FROM monitors WHERE rollup_hour IS NOT NULL
      ON CONFLICT (monitor_id, hour) DO UPDATE SET ${SUMS.map((c) => `${c} = monitor_rollup_hours.${c} + EXCLUDED.${c}`).join(', ')}`);
    await q.query(`DROP VIEW monitor_rollups`);
    await q.query(`DROP FUNCTION monitor_rollups_write()`);
    await q.query(`ALTER TABLE monitors DROP COLUMN rollup_hour, ${SUMS.map((c) => `DROP COLUMN rollup_${c}`).join(', ')}`);
    await q.query(`ALTER TABLE monitor_rollup_hours RENAME TO monitor_rollups`);
  }
}
