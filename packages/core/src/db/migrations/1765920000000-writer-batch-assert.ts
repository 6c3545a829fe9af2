import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * vigil_assert_batch(ok): raises SQLSTATE VW001 unless `ok` (issue 35, the writer). The check
 * writer's unlocked batch (monitors/unlocked-batch-store.ts) is one statement that inserts the
 * checks and updates the monitors it read without locks, each only if its row is still the
 * version read; when a check turned out a duplicate or a monitor changed since, the statement
 * raises through this function, so that nothing of it stays, and the writer runs the batch again
 * the locked way.
 */
export class WriterBatchAssert1765920000000 implements MigrationInterface {
  name = 'WriterBatchAssert1765920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION vigil_assert_batch(ok boolean) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        IF ok IS NOT TRUE THEN
          RAISE EXCEPTION 'check batch raced another write' USING ERRCODE = 'VW001';
        END IF;
        RETURN true;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION vigil_assert_batch(boolean)`);
  }
}
