/**
 * The API's hot path under autocannon, against a bare Express server returning the same list
 * JSON (the baseline), in one run:
 * - the real API (`vigil start api`, compiled) in a child process on database vigil_apiperf, one
 *   enterprise account with 20 monitors (30 days of hourly rollups each), limits raised by
 *   VIGIL_TIERS so nothing is answered 429;
 * - the bare Express server in another child process;
 * - autocannon in this process, at 1 and 100 connections per endpoint;
 * - isolation: a second account's requests (BENCH_API_QUIET_CONNECTIONS connections) measured
 *   alone, then while the first account hammers the monitor list with 100 connections.
 *
 * It ends with a summary of the targets (list >= 0.3 x bare Express and p99 <= 50 ms at
 * 100 connections; the quiet account's p99 raised at most 2 x) with PASS/FAIL, and the load
 * average before and after: on a shared machine a FAIL under load says little.
 *
 * Env: BENCH_API_SECONDS (6 per measurement), BENCH_API_PORT (3950; +1 for bare Express),
 * BENCH_API_QUIET_CONNECTIONS (2), BENCH_API_CPU_PROF (a directory: the API runs with
 * `node --cpu-prof` and writes its profile there on stop), BENCH_API_DB (vigil_apiperf; dropped
 * at the end).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createAccount, createContext, createLogger, loadConfig } from '@vigil/core';
import type { BenchResult } from './run.js';
import { child, cpuSeconds, dropRedisKeys, load, stop, waitFor } from './support.js';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 6);
const PORT = Number(process.env.BENCH_API_PORT ?? 3950);
const BARE_PORT = PORT + 1;
const QUIET_CONNECTIONS = Number(process.env.BENCH_API_QUIET_CONNECTIONS ?? 2);
const MONITORS = 20;
const DB_NAME = process.env.BENCH_API_DB ?? 'vigil_apiperf';

interface Measured {
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the serving process spent per request (user + system), when /proc tells. */
  cpuUs?: number;
}

/** The value below which a share `p` of the sorted times fall (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] : 0;
}

/**
 * One autocannon run, and its 2xx answers' times, sorted: autocannon's own latency figures are
 * whole milliseconds (its histogram keeps integers), too coarse for a ratio of two p99s of a few
 * milliseconds (2 to 4 ms reads as x 2.00 whether it was 2.9 to 4.0 or 2.0 to 4.9).
 */
function run(opts: autocannon.Options): Promise<{ r: autocannon.Result; times: number[] }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(opts, (err: unknown, r: autocannon.Result) => {
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      resolve({ r, times: times.sort((a, b) => a - b) });
    });
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) times.push(ms);
    });
  });
}

/** Throughput and errors as autocannon counts them; latencies from the exact times. */
function measured({ r, times }: { r: autocannon.Result; times: number[] }, cpuUs?: number): Measured {
  const mean = times.length ? times.reduce((sum, t) => sum + t, 0) / times.length : 0;
  return { rps: r.requests.average, mean, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors: r.errors + r.timeouts, non2xx: r.non2xx, cpuUs };
}

async function cannon(url: string, connections: number, headers: Record<string, string> = {}, server?: ChildProcess, seconds = SECONDS): Promise<Measured> {
  // A short warm-up so the JIT and the connection pools are not part of the figures.
  await autocannon({ url, connections, duration: 1, headers });
  const before = await cpuSeconds(server?.pid);
  const answers = await run({ url, connections, duration: seconds, headers });
  const after = await cpuSeconds(server?.pid);
  const total = answers.r.requests.total;
  const cpuUs = before === undefined || after === undefined || !total ? undefined : ((after - before) / total) * 1e6;
  return measured(answers, cpuUs);
}

async function dropDatabase(serverUrl: URL): Promise<void> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await client.end();
}

async function recreateDatabase(serverUrl: URL): Promise<string> {
  await dropDatabase(serverUrl);
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

const BARE_SERVER = `
import express from 'express';
const body = JSON.parse(process.env.BENCH_BODY);
const app = express();
app.disable('x-powered-by');
app.get('/list', (_req, res) => res.json(body));
app.listen(Number(process.env.PORT));
`;

const fmt = (m: Measured) =>
  `${Math.round(m.rps).toLocaleString('en')} req/s, mean ${m.mean.toFixed(2)} ms, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms` +
  (m.cpuUs === undefined ? '' : `, server CPU ${Math.round(m.cpuUs)} µs/req`) +
  (m.errors || m.non2xx ? ` (${m.errors} errors, ${m.non2xx} non-2xx)` : '');

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const loadBefore = load();
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigil');
  const dbUrl = await recreateDatabase(serverUrl);
  const prefix = `{${DB_NAME}-${randomBytes(3).toString('hex')}}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    VIGIL_REDIS_PREFIX: prefix,
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    // Required with NODE_ENV=production (the API encrypts stored secrets with it).
    VIGIL_SECRET_KEY: process.env.VIGIL_SECRET_KEY ?? randomBytes(32).toString('hex'),
    VIGIL_BURST_PER_SECOND: '100000000',
    VIGIL_TIERS: JSON.stringify({ enterprise: { requestsPerMinute: 100_000_000 } }),
  };
  const ctx = await createContext(loadConfig(env), { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const procs: ChildProcess[] = [];
  try {
    const now = new Date();
    const main = await createAccount(ctx.db, { email: 'bench-main@example.com', tier: 'enterprise' }, now);
    const quiet = await createAccount(ctx.db, { email: 'bench-quiet@example.com', tier: 'enterprise' }, now);
    for (const a of [main, quiet]) {
      const ids = (await ctx.db.query(
        `INSERT INTO monitors (account_id, name, url, normalized_url, check_interval, status, last_checked_at, last_response_time_ms, last_check_status, last_status_code)
         SELECT $1, 'site ' || g, 'https://site-' || g || '.example/', 'https://site-' || g || '.example/', 60, 'up', now(), 120, 'success', 200
         FROM generate_series(1, $2::int) g RETURNING id`,
        [a.account.id, MONITORS],
      )) as { id: number }[];
      await ctx.db.query(
        `INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count)
         SELECT m, date_trunc('hour', now()) - h * interval '1 hour', 60, 59 + (h % 2), 60 * 120, 60
         FROM unnest($1::int[]) m, generate_series(0, 719) h`,
        [ids.map((r) => r.id)],
      );
    }
    await ctx.db.query('VACUUM ANALYZE');

    const profile = process.env.BENCH_API_CPU_PROF;
    const api = child([...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []), 'packages/cli/bin/vigil.js', 'start', 'api'], env);
    procs.push(api);
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/healthz`);
    const auth = { authorization: `Bearer ${main.apiKey}` };
    const quietAuth = { authorization: `Bearer ${quiet.apiKey}` };
    const listRes = await fetch(`${base}/api/v1/uptime/monitors`, { headers: auth });
    const listBody = await listRes.text();
    if (listRes.status !== 200) throw new Error(`list answered ${listRes.status}: ${listBody}`);
    const bareServer = child(['--input-type=module', '-e', BARE_SERVER], { ...process.env, PORT: String(BARE_PORT), BENCH_BODY: listBody });
    procs.push(bareServer);
    const bare = `http://127.0.0.1:${BARE_PORT}/list`;
    await waitFor(bare);

    lines.push(`API: \`vigil start api\` (compiled, NODE_ENV=production, LOG_LEVEL=warn) in a child process; bare Express in another; autocannon here`);
    lines.push(`list body: ${MONITORS} monitors, ${listBody.length} bytes; ${SECONDS} s per measurement after a 1 s warm-up`);
    const inFlight = ctx.config.apiInFlight;
    lines.push(`API requests with a key worked on at a time: ${inFlight.alone} while one account alone sends them, ${inFlight.shared} while several do (VIGIL_API_IN_FLIGHT, VIGIL_API_IN_FLIGHT_SHARED); server CPU = the serving process's user + system time per request`);
    const results = new Map<string, Measured>();
    const targets: [string, string, Record<string, string>, ChildProcess][] = [
      ['bare Express, same list JSON', bare, {}, bareServer],
      ['GET /healthz', `${base}/healthz`, {}, api],
      ['GET /api/v1/api-keys', `${base}/api/v1/api-keys`, auth, api],
      [`GET /api/v1/uptime/monitors (${MONITORS})`, `${base}/api/v1/uptime/monitors`, auth, api],
    ];
    for (const connections of [1, 100]) {
      for (const [label, url, headers, server] of targets) {
        const m = await cannon(url, connections, headers, server);
        results.set(`${label}@${connections}`, m);
        const baseline = results.get(`${targets[0][0]}@${connections}`);
        const ratio = baseline && label !== targets[0][0] ? `, ${(m.rps / baseline.rps).toFixed(2)} × bare` : '';
        lines.push(`${connections} conn, ${label}: ${fmt(m)}${ratio}`);
      }
    }

    const quietUrl = `${base}/api/v1/uptime/monitors`;
    const alone = await cannon(quietUrl, QUIET_CONNECTIONS, quietAuth);
    const hammer = autocannon({ url: `${base}/api/v1/uptime/monitors`, connections: 100, duration: SECONDS + 2, headers: auth });
    await new Promise((r) => setTimeout(r, 1000));
    const withHammer = await run({ url: quietUrl, connections: QUIET_CONNECTIONS, duration: SECONDS, headers: quietAuth });
    const hammered = await hammer;
    const quietUnder = measured(withHammer);
    lines.push(`isolation, quiet account (${QUIET_CONNECTIONS} conn) alone: ${fmt(alone)}`);
    lines.push(`isolation, quiet account while the other hammers with 100 conn: ${fmt(quietUnder)}`);
    lines.push(`isolation, the hammer meanwhile: ${Math.round(hammered.requests.average).toLocaleString('en')} req/s, p99 ${hammered.latency.p99} ms`);
    const isolation = quietUnder.p99 / Math.max(alone.p99, 1);
    lines.push(`isolation: quiet p99 ×${isolation.toFixed(2)} under the hammer`);

    const list = results.get(`${targets[3][0]}@100`);
    const bare100 = results.get(`${targets[0][0]}@100`);
    if (list && bare100) {
      const ratio = list.rps / bare100.rps;
      const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
      lines.push(`SUMMARY (targets of issue 12; load average 1/5/15 min: ${loadBefore} before, ${load()} after, on ${os.cpus().length} cores)`);
      lines.push(`  ${verdict(ratio >= 0.3)} list of ${MONITORS} at 100 conn: ${ratio.toFixed(2)} × bare Express (target >= 0.30)`);
      lines.push(`  ${verdict(list.p99 <= 50)} list of ${MONITORS} at 100 conn: p99 ${list.p99.toFixed(2)} ms (target <= 50 ms)`);
      lines.push(`  ${verdict(isolation <= 2)} isolation: quiet account's p99 ×${isolation.toFixed(2)} while another hammers (target <= 2)`);
      // CPU per request varies less with other load than throughput does.
      if (list.cpuUs !== undefined && bare100.cpuUs !== undefined) {
        lines.push(`  (not a target) server CPU per request at 100 conn: list ${Math.round(list.cpuUs)} µs, bare ${Math.round(bare100.cpuUs)} µs: bare / list = ${(bare100.cpuUs / list.cpuUs).toFixed(2)}`);
      }
      if (os.loadavg()[0] > os.cpus().length) lines.push(`  NOTE: the load average exceeded the core count: other work shared the CPUs; rerun on a quiet machine before judging`);
    }
  } finally {
    await Promise.all(procs.map(stop));
    // Account keys extend the prefix's hash tag ({p:a42}).
    await dropRedisKeys(ctx, prefix);
    await dropRedisKeys(ctx, `${prefix.slice(0, -1)}:`);
    await ctx.close();
    await dropDatabase(serverUrl);
  }
  return { name: 'API hot path', lines };
}
