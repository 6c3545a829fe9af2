import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Runs outside jest's module system (no workspace mapping), so it only uses pg. The migrated
// template is built lazily by the first test file that needs it (test-database.ts).
const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default async function globalSetup(): Promise<void> {
  process.env.VIGIL_TEST_RUN = String(process.pid);
  // Tests that start `vigil` as OS processes run the compiled CLI (vigil-process.ts): bring dist
  // up to date first (incremental; about a second when nothing changed), so they never test stale code.
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  const url = new URL(server);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    // Databases of earlier runs that died before their teardown; live runs are left alone.
    const rows = await client.query(`SELECT datname FROM pg_database WHERE datname ~ '^vigil_(t|tpl)_[0-9]+_'`);
    for (const { datname } of rows.rows as { datname: string }[]) {
      const pid = Number(/^vigil_(?:t|tpl)_(\d+)_/.exec(datname)?.[1]);
      if (!alive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
