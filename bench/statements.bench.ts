/**
 * What a named prepared statement saves (`npm run bench statements`): the same statements on one
 * connection through the pool's direct path (createDataSource, as every Vigil process reads),
 * once with statement names off (`transactionPooling`, as behind PgBouncer: every statement
 * parsed and planned again) and once with them on (StatementNames: a text named on its third
 * use). Two texts alternate, a primary-key read of a wide row and a 20-row read of one account,
 * sequentially; rounds alternate the two sources. Reported per statement: the client's CPU
 * (process.cpuUsage), the backend's CPU (/proc/<pid>/stat of its server process, when PostgreSQL
 * runs on this machine), and wall time.
 *
 * Env: BENCH_STATEMENTS_COUNT (20,000 per measurement), BENCH_STATEMENTS_ROUNDS (3).
 */
import { readFileSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { createDataSource, ensureDatabase } from '@vigil/core';
import type { BenchResult } from './run.js';
import { benchDatabase, load } from './support.js';

const COUNT = Number(process.env.BENCH_STATEMENTS_COUNT ?? 20_000);
const ROUNDS = Number(process.env.BENCH_STATEMENTS_ROUNDS ?? 3);
const TEXTS = [
  'SELECT id, account_id, name, config, created_at, status FROM bench_rows WHERE id = $1 AND account_id = $2',
  'SELECT id, name, status FROM bench_rows WHERE account_id = $1 ORDER BY id LIMIT 20',
];
const ROWS = 5_000;

/** The backend's user + system CPU in µs, or undefined when its /proc entry cannot be read. */
function backendCpuUs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

async function measure(db: DataSource): Promise<{ client: number; backend?: number; wall: number }> {
  const [{ pid }] = await db.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid', []);
  const cpu = process.cpuUsage();
  const backend = backendCpuUs(pid);
  const started = performance.now();
  for (let i = 0; i < COUNT; i++) {
    const id = 1 + (i % ROWS);
    await db.query(TEXTS[i % 2] ?? '', i % 2 === 0 ? [id, id % 50] : [i % 50]);
  }
  const wall = ((performance.now() - started) * 1000) / COUNT;
  const used = process.cpuUsage(cpu);
  const after = backendCpuUs(pid);
  return { client: (used.user + used.system) / COUNT, backend: backend !== undefined && after !== undefined ? (after - backend) / COUNT : undefined, wall };
}

export default async function statements(): Promise<BenchResult> {
  const database = await benchDatabase('statements');
  await ensureDatabase(database.url);
  const unnamed = createDataSource({ url: database.url, poolSize: 1, transactionPooling: true });
  const named = createDataSource({ url: database.url, poolSize: 1 });
  const lines: string[] = [];
  try {
    await Promise.all([unnamed.initialize(), named.initialize()]);
    await named.query(`CREATE TABLE bench_rows (id int PRIMARY KEY, account_id int NOT NULL, name text, config jsonb, created_at timestamptz DEFAULT now(), status text)`);
    await named.query(`INSERT INTO bench_rows SELECT g, g % 50, 'monitor ' || g, jsonb_build_object('url', 'https://example.com/' || g, 'n', g), now(), 'up' FROM generate_series(1, ${ROWS}) g`);
    await named.query('CREATE INDEX ON bench_rows (account_id, id)');
    await named.query('ANALYZE bench_rows');
    const fmt = (n: number | undefined) => (n === undefined ? 'n/a' : `${n.toFixed(1)} µs`);
    lines.push(`load average before: ${load()}`);
    for (let round = 1; round <= ROUNDS; round++) {
      const order: [string, DataSource][] = round % 2 ? [['unnamed', unnamed], ['named', named]] : [['named', named], ['unnamed', unnamed]];
      for (const [label, db] of order) {
        const m = await measure(db);
        lines.push(`round ${round}, ${label}: client CPU ${fmt(m.client)}, backend CPU ${fmt(m.backend)}, wall ${fmt(m.wall)} per statement (${COUNT} statements)`);
      }
    }
    lines.push(`load average after: ${load()}`);
  } finally {
    await Promise.all([unnamed.destroy(), named.destroy()]);
    await database.drop();
  }
  return { name: 'Named against unnamed statements on the pool (issue 35, StatementNames)', lines };
}
