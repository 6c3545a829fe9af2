import type { DataSource, MigrationInterface } from 'typeorm';

/** Runs one migration's `up` or `down` in a transaction of its own, as the migrator does. */
export async function runMigration(db: DataSource, migration: MigrationInterface, direction: 'up' | 'down'): Promise<void> {
  const runner = db.createQueryRunner();
  try {
    await runner.startTransaction();
    await migration[direction](runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }
}
