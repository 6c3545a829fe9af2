/**
 * The floor under issue 35's targets for writes (`npm run bench write-floor`): what bare Express
 * reaches on this machine once a request touches PostgreSQL at all, same run, same connections as
 * `api-ops` (100, autocannon here; the server in a child process with a pool of 20, Vigil's
 * default). Each variant answers the same small JSON:
 * - `bare`: the constant answer (api-ops's baseline);
 * - `select`: one indexed SELECT (the least a read of stored data does);
 * - `insert`: one autocommit INSERT ... RETURNING (the least a write does);
 * - `insert + audit, one statement`: the row and its audit entry in one statement (a CTE);
 * - `insert + audit, transaction`: BEGIN, the two INSERTs, COMMIT (four round trips).
 * A Vigil write also authenticates, counts its quota in Redis, validates, reads the row it
 * changes (404 and the audit's "before") and writes its outbox: it cannot beat these figures.
 *
 * Env: BENCH_WRITE_FLOOR_SECONDS (2 per measurement after 0.5 s of warm-up), BENCH_WRITE_FLOOR_ROUNDS
 * (2: every variant once per round, in order), BENCH_WRITE_FLOOR_PORT (3990).
 */
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchResult } from './run.js';
import { benchDatabase, child, cpuSeconds, load, stop, waitFor } from './support.js';

const SECONDS = Number(process.env.BENCH_WRITE_FLOOR_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_WRITE_FLOOR_ROUNDS ?? 2);
const PORT = Number(process.env.BENCH_WRITE_FLOOR_PORT ?? 3990);
const CONNECTIONS = 100;

const SERVER = `
import express from 'express';
import pg from 'pg';
const pool = new pg.Pool({ connectionString: process.env.BENCH_DB, max: 20 });
await pool.query(\`CREATE TABLE IF NOT EXISTS w (id bigserial PRIMARY KEY, account_id int NOT NULL, name text NOT NULL, spec jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
  CREATE TABLE IF NOT EXISTS a (id bigserial PRIMARY KEY, account_id int NOT NULL, action text NOT NULL, after jsonb, at timestamptz NOT NULL DEFAULT now());
  CREATE INDEX IF NOT EXISTS w_account ON w (account_id); CREATE INDEX IF NOT EXISTS a_account ON a (account_id);
  INSERT INTO w (account_id, name, spec) VALUES (1, 'seed', '{}');\`);
const answer = { id: 1, name: 'x', spec: { url: 'https://example.com/', interval: 60 } };
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.get('/ready', (_req, res) => res.end());
app.post('/bare', (_req, res) => res.status(201).json(answer));
app.post('/select', async (_req, res) => {
  const r = await pool.query('SELECT id, name, spec FROM w WHERE account_id = $1 ORDER BY id LIMIT 1', [1]);
  res.status(201).json({ ...answer, id: Number(r.rows[0].id) });
});
app.post('/insert', async (req, res) => {
  const r = await pool.query('INSERT INTO w (account_id, name, spec) VALUES ($1, $2, $3) RETURNING id', [2, req.body.name, req.body.spec]);
  res.status(201).json({ ...answer, id: Number(r.rows[0].id) });
});
app.post('/cte', async (req, res) => {
  const r = await pool.query('WITH n AS (INSERT INTO w (account_id, name, spec) VALUES ($1, $2, $3) RETURNING id), x AS (INSERT INTO a (account_id, action, after) SELECT $1, $4, $3 FROM n) SELECT id FROM n', [2, req.body.name, req.body.spec, 'create']);
  res.status(201).json({ ...answer, id: Number(r.rows[0].id) });
});
app.post('/tx', async (req, res) => {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const r = await c.query('INSERT INTO w (account_id, name, spec) VALUES ($1, $2, $3) RETURNING id', [2, req.body.name, req.body.spec]);
    await c.query('INSERT INTO a (account_id, action, after) VALUES ($1, $2, $3)', [2, 'create', req.body.spec]);
    await c.query('COMMIT');
    res.status(201).json({ ...answer, id: Number(r.rows[0].id) });
  } finally {
    c.release();
  }
});
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

const VARIANTS = [
  { path: '/bare', label: 'bare Express' },
  { path: '/select', label: '+ one SELECT' },
  { path: '/insert', label: '+ one INSERT' },
  { path: '/cte', label: '+ INSERT and audit, one statement' },
  { path: '/tx', label: '+ INSERT and audit, transaction' },
] as const;

interface Figure {
  rps: number;
  p99: number;
  cpuUs: number | undefined;
}

export default async function writeFloorBench(): Promise<BenchResult> {
  // The server child is unref'd (support.child): while stop() waits for its exit nothing else
  // may hold the event loop, and the run's top-level await would be left unsettled.
  const hold = setInterval(() => undefined, 1000);
  const db = await benchDatabase('write_floor');
  const lines: string[] = [];
  const before = load();
  const admin = new URL(db.url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE "${new URL(db.url).pathname.slice(1)}"`);
  await client.end();
  const server = child(['--input-type=module', '-e', SERVER], { ...process.env, PORT: String(PORT), BENCH_DB: db.url });
  try {
    await waitFor(`http://127.0.0.1:${PORT}/ready`);
    const body = JSON.stringify({ name: 'x', spec: { url: 'https://example.com/', interval: 60 } });
    const run = (path: string, duration: number) =>
      autocannon({ url: `http://127.0.0.1:${PORT}${path}`, method: 'POST', body, headers: { 'content-type': 'application/json' }, connections: CONNECTIONS, duration });
    const figures = new Map<string, Figure[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of VARIANTS) {
        await run(v.path, 0.5);
        const cpu0 = await cpuSeconds(server.pid);
        const r = await run(v.path, SECONDS);
        const cpu1 = await cpuSeconds(server.pid);
        if (r.non2xx || r.errors) throw new Error(`write-floor: ${v.path} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
        const cpuUs = cpu0 === undefined || cpu1 === undefined ? undefined : ((cpu1 - cpu0) * 1e6) / r.requests.total;
        figures.set(v.path, [...(figures.get(v.path) ?? []), { rps: r.requests.average, p99: r.latency.p99, cpuUs }]);
      }
    }
    const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
    lines.push(`${CONNECTIONS} connections, ${SECONDS} s per measurement after 0.5 s of warm-up, ${ROUNDS} rounds of every variant in turn; the server's pool 20; ratio = the variant's req/s over bare Express's in the same round`);
    lines.push('');
    lines.push('| variant | req/s per round | ratio to bare per round | p99 ms per round | server CPU µs/req per round |');
    lines.push('| --- | --- | --- | --- | --- |');
    const bare = figures.get('/bare') ?? [];
    for (const v of VARIANTS) {
      const f = figures.get(v.path) ?? [];
      lines.push(
        `| ${v.label} | ${f.map((x) => fmt(x.rps)).join(', ')} | ${f.map((x, i) => (x.rps / bare[i].rps).toFixed(2)).join(', ')} | ${f.map((x) => x.p99.toFixed(1)).join(', ')} | ${f.map((x) => (x.cpuUs === undefined ? '?' : fmt(x.cpuUs))).join(', ')} |`,
      );
    }
    lines.push('');
    lines.push(`load average 1/5/15 min: ${before} before, ${load()} after`);
  } finally {
    await stop(server);
    await db.drop();
    clearInterval(hold);
  }
  return { name: 'Write floor: bare Express with one statement, a statement pair and a transaction (issue 35)', lines };
}
