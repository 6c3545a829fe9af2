import { parseArgs } from 'node:util';
import { assertSecretKeyForProduction, createDataSource, ensureDatabase, loadConfig, runMigrations } from '@vigil/core/admin';
import { jsonLine, type CliIo } from '../cli-io.js';

/** `vigil migrate`: creates the database if missing and applies pending migrations. */
export async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
  const config = loadConfig();
  // A migration seals monitor credentials with the key (1764300000000-seal-monitor-credentials).
  assertSecretKeyForProduction(config, ['migrate']);
  const created = await ensureDatabase(config.databaseUrl);
  const db = createDataSource({ url: config.databaseUrl, poolSize: 2, applicationName: 'vigil-migrate', transactionPooling: config.databaseTransactionPooling });
  await db.initialize();
  try {
    const applied = await runMigrations(db);
    io.out(
      values.json
        ? jsonLine({ database_created: created, applied })
        : applied.length
          ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
          : 'Database is up to date.',
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
