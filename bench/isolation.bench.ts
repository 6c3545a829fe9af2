/**
 * Isolation (issue 28): can one account slow another? The real apps run as child processes
 * (`vigil start api|checker|notifier`, and `public` when this build has that app), on a fresh
 * database of the shared PostgreSQL and a Redis prefix of their own; every target, receiver and
 * tarpit is a loopback server in this process. A quiet account (BENCH_ISOLATION_QUIET monitors
 * at 60 s on a fast target, and a webhook integration to a fast receiver) is measured alone, then
 * while a hostile account does, in turn:
 *
 * 1. BENCH_ISOLATION_WINDOWS (3) maintenance windows whose RRULE never fires
 *    (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`), over its monitors, and reads that evaluate them
 *    (window list, monitor list, its status page);
 * 2. the same with a legitimate rule starting in 1970;
 * 3. BENCH_ISOLATION_REGEX monitors asserting a catastrophic regex (`^(a+)+$` on `aaa…!`);
 * 4. BENCH_ISOLATION_TARPIT monitors (60 s timeout) on a server that accepts and never answers;
 * 5. a crowd of BENCH_ISOLATION_CROWD connections on its public status page (autocannon in a
 *    child process);
 * 6. integration test and redelivery floods (BENCH_ISOLATION_FLOOD requests in flight) to a
 *    webhook tarpit, from a child process (bench/isolation-flood.ts) as the crowd is: thousands of
 *    429s a second in this process would delay the quiet target's own arrival stamps.
 *
 * The quiet account's figures per phase: scheduled check start lag (arrival at its target minus
 * the monitor's due time, its phase = monitorScheduleOffsetMs; runs due in the phase that never
 * arrived count as late by at least the time to the end of the phase's settling), the p99 of its
 * API (paced GETs of its monitor list and usage, 20/s) and of its test deliveries (one every 6.5 s,
 * under the 10 a minute an account may send, through the notifier). Every health endpoint (API public and ops ports, checker, notifier,
 * public) is polled every 200 ms with a 5 s client timeout: its slowest answer per phase.
 * Targets: quiet figures ≤ 1.5 × alone (or within 25 ms of alone: loopback figures of a few ms
 * are noise on a shared machine), every health answer ≤ 1 s; a call still pending counts as
 * failed, as slow as it has waited. Between phases the hostile resources are removed and the fleet
 * left to settle (health and the quiet API quick again; at most BENCH_ISOLATION_SETTLE_S, 45).
 *
 * Bounded: phases of BENCH_ISOLATION_PHASE_S (30) s, about 6 minutes in all with the build
 * when nothing blocks (at most about 12 when every phase settles for its full bound)
 * (BENCH_ISOLATION_SKIP_BUILD=1 skips `tsc -b`). Traffic only to loopback. Ports:
 * BENCH_ISOLATION_PORT_BASE (17600): API, +1 its ops port, +2 checker health, +3 notifier
 * health, +4 the public app; the loopback servers take ephemeral ports.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { CONFIG_ENV_VARS, monitorScheduleOffsetMs } from '@vigil/core';
import { deletePrefixKeys } from '../test/support/redis-keys.js';
import { APP_NAMES } from '../packages/cli/src/commands/load-app.js';
import type { BenchResult } from './run.js';
import { repoRoot, runCli, startApp, type AppChild } from './fault-env.js';
import { benchDatabase, listen, percentile, type LoopbackServer } from './support.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** The quiet account's test deliveries: one every 6.5 s, under the 10 a minute an account may send. */
const TEST_EVERY_MS = 6_500;
const BASE = env('BENCH_ISOLATION_PORT_BASE', 17600);
const PHASE_S = env('BENCH_ISOLATION_PHASE_S', 30);
const SETTLE_S = env('BENCH_ISOLATION_SETTLE_S', 45);
const QUIET = env('BENCH_ISOLATION_QUIET', 90);
const REGEX = env('BENCH_ISOLATION_REGEX', 200);
const TARPIT = env('BENCH_ISOLATION_TARPIT', 500);
const CROWD = env('BENCH_ISOLATION_CROWD', 200);
const FLOOD = env('BENCH_ISOLATION_FLOOD', 40);
const WINDOWS = env('BENCH_ISOLATION_WINDOWS', 3);
const INTERVAL_S = 60;
const INTERVAL_MS = INTERVAL_S * 1000;
const HEALTH_LIMIT_MS = 1_000;
const RATIO = 1.5;
const NOISE_MS = 25;
const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// Loopback servers

/** Accepts connections and never answers; `release` closes every one of them (their checks fail at once). */
async function tarpit(): Promise<{ url: string; held: () => number; release: () => void; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const release = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => sockets.size,
    release,
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The API as a client sees it

interface Answer {
  status: number;
  ms: number;
  body: unknown;
}

async function call(baseUrl: string, key: string, method: string, p: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${p}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, ms: performance.now() - started, body: parsed };
  } catch (e) {
    // No answer: the body names why (TimeoutError, a socket error's code).
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    return { status: 0, ms: performance.now() - started, body: cause ?? (e as Error).name };
  }
}

async function must<T>(answer: Promise<Answer>, what: string): Promise<T> {
  const a = await answer;
  if (a.status < 200 || a.status >= 300) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
  return a.body as T;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Calls `fn` every `everyMs` (not waiting for the previous call) until stopped; resolves when the last call ended. */
function paced(everyMs: number, fn: () => Promise<unknown>): () => Promise<void> {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const p = fn().finally(() => inFlight.delete(p));
      inFlight.add(p);
      await sleep(everyMs);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await Promise.allSettled([...inFlight]);
  };
}

/** `n` loops calling `fn` back to back until stopped. */
function loops(n: number, fn: () => Promise<unknown>): () => Promise<void> {
  let stopped = false;
  const all = Array.from({ length: n }, async () => {
    while (!stopped) await fn();
  });
  return async () => {
    stopped = true;
    await Promise.allSettled(all);
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

interface PhaseFigures {
  name: string;
  note: string;
  /** Quiet runs due in the phase (those never started counted as late until the end of settling). */
  lag: { n: number; missing: number; p50: number; p99: number; max: number };
  apiP99: number;
  apiErrors: number;
  testP99: number;
  testErrors: number;
  health: Map<string, { max: number; failures: number }>;
}

const within = (s: Sample, from: number, to: number) => s.at >= from && s.at < to;
const p99Of = (samples: Sample[]) => (samples.length ? percentile([...samples.map((s) => s.ms)].sort((a, b) => a - b), 99) : NaN);

/** Timed calls, finished and still pending: a pending call counts as a failure as long as it has waited so far. */
class Recorder {
  private readonly done: Sample[] = [];
  private readonly pending = new Set<{ at: number; started: number }>();

  async time(fn: () => Promise<boolean>): Promise<void> {
    const entry = { at: Date.now(), started: performance.now() };
    this.pending.add(entry);
    try {
      const ok = await fn().catch(() => false);
      this.done.push({ at: entry.at, ms: performance.now() - entry.started, ok });
    } finally {
      this.pending.delete(entry);
    }
  }

  /** Calls started in [from, to), as of now. */
  samples(from: number, to: number): Sample[] {
    const now = performance.now();
    return [...this.done, ...[...this.pending].map((p) => ({ at: p.at, ms: now - p.started, ok: false }))].filter((s) => within(s, from, to));
  }

  /** Whether the last `n` calls were quick and none is waiting longer than `limitMs`. */
  quick(n: number, limitMs: number): boolean {
    const now = performance.now();
    return [...this.pending].every((p) => now - p.started <= limitMs) && this.done.slice(-n).every((s) => s.ok && s.ms <= limitMs);
  }
}

/** Arrivals at the quiet target, per monitor id. */
class QuietTarget {
  readonly arrivals = new Map<number, number[]>();
  /** Monitor id by the index in its URL (`/q/<index>`). */
  readonly idOf = new Map<number, number>();
  handle: http.RequestListener = (req, res) => {
    const id = this.idOf.get(Number(/^\/q\/(\d+)/.exec(req.url ?? '')?.[1]));
    if (id !== undefined) this.arrivals.set(id, [...(this.arrivals.get(id) ?? []), Date.now()]);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  };

  /**
   * Start lags of the runs due in [from, to): each due time is matched with the first arrival at
   * or after it not matched yet; a run without one by `until` is missing, and counted as late by
   * `until - due` (a lower bound).
   */
  lags(ids: number[], from: number, to: number, until: number): { lags: number[]; missing: number } {
    const lags: number[] = [];
    let missing = 0;
    for (const id of ids) {
      const offset = monitorScheduleOffsetMs(id, INTERVAL_S);
      const times = (this.arrivals.get(id) ?? []).filter((t) => t >= from);
      let used = 0;
      for (let due = Math.floor(from / INTERVAL_MS) * INTERVAL_MS + offset; due < to; due += INTERVAL_MS) {
        if (due < from) continue;
        while (used < times.length && times[used] < due) used++;
        if (used < times.length && times[used] < until) lags.push(times[used++] - due);
        else {
          // Not started by the end of settling: late by at least that long.
          lags.push(until - due);
          missing++;
        }
      }
    }
    return { lags: lags.sort((a, b) => a - b), missing };
  }
}

// ---------------------------------------------------------------------------------------------

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'n/a');
const ratioOf = (v: number, alone: number) => (alone > 0 && Number.isFinite(v) ? v / alone : NaN);
const quietOk = (v: number, alone: number) => Number.isFinite(v) && (v <= alone * RATIO || v <= alone + NOISE_MS);

export default async function isolation(): Promise<BenchResult> {
  const lines: string[] = [];
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-isolation-logs-'));
  if (process.env.BENCH_ISOLATION_SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);
  }
  const db = await benchDatabase('iso');
  const prefix = `{vbiso${randomBytes(3).toString('hex')}}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const opsPortVar = CONFIG_ENV_VARS.includes('VIGIL_OPS_PORT');
  // The public face as its own process (`vigil start public`) on PORT + 4 (its ops port + 5).
  const hasPublic = (APP_NAMES as readonly string[]).includes('public');
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl,
    VIGIL_REDIS_PREFIX: prefix,
    PORT: String(BASE),
    ...(opsPortVar ? { VIGIL_OPS_PORT: String(BASE + 1) } : {}),
    CHECKER_HEALTH_PORT: String(BASE + 2),
    NOTIFIER_HEALTH_PORT: String(BASE + 3),
    VIGIL_BASE_URL: `http://127.0.0.1:${BASE}`,
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    VIGIL_SECRET_KEY: 'isolation-bench-secret-key-0123456789abcdef',
    VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
    // A crowd comes from many addresses; here it comes from one, whose burst limit would shed it.
    VIGIL_BURST_PER_SECOND: '1000000',
    VIGIL_TIERS: JSON.stringify({ enterprise: { requestsPerMinute: 100_000 } }),
    // startApp waits for the 'listening' / 'started' info lines.
    LOG_LEVEL: 'info',
  };
  const baseUrl = `http://127.0.0.1:${BASE}`;
  const publicUrl = hasPublic ? `http://127.0.0.1:${BASE + 4}` : baseUrl;
  const healthUrls: [string, string][] = [
    ['api', `${baseUrl}/healthz`],
    ...(opsPortVar ? ([['api ops port', `http://127.0.0.1:${BASE + 1}/healthz`]] as [string, string][]) : []),
    ['checker', `http://127.0.0.1:${BASE + 2}/healthz`],
    ['notifier', `http://127.0.0.1:${BASE + 3}/healthz`],
    ...(hasPublic ? ([['public', `${publicUrl}/healthz`]] as [string, string][]) : []),
  ];

  const quietTarget = new QuietTarget();
  const servers: LoopbackServer[] = [];
  const apps: AppChild[] = [];
  const stops: (() => Promise<void>)[] = [];
  const direct = new pg.Client({ connectionString: db.url });
  const pit = await tarpit();
  try {
    const quietServer = await listen(quietTarget.handle);
    servers.push(quietServer);
    const quietTargetUrl = quietServer.url;
    const fast = await listen((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`${'a'.repeat(30)}!`));
    servers.push(fast);
    const receiver = await listen((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    servers.push(receiver);

    await runCli(['migrate'], childEnv);
    const account = async (who: string) =>
      (JSON.parse(await runCli(['account', 'create', '--email', `${who}-${randomBytes(3).toString('hex')}@example.com`, '--tier', 'enterprise', '--json'], childEnv)) as { api_key: string }).api_key;
    const quietKey = await account('quiet');
    const hostileKey = await account('hostile');
    apps.push(await startApp('api', 'api', childEnv, logDir));
    apps.push(await startApp('notifier', 'notifier', childEnv, logDir));
    if (hasPublic) apps.push(await startApp('public', 'public', { ...childEnv, PORT: String(BASE + 4), VIGIL_OPS_PORT: String(BASE + 5) }, logDir));
    await direct.connect();
    const quiet = (method: string, p: string, body?: unknown, timeoutMs?: number) => call(baseUrl, quietKey, method, p, body, timeoutMs);
    const hostile = (method: string, p: string, body?: unknown, timeoutMs?: number) => call(baseUrl, hostileKey, method, p, body, timeoutMs);
    const createMonitor = async (key: 'quiet' | 'hostile', body: Record<string, unknown>) =>
      (await must<{ monitor: { id: number } }>((key === 'quiet' ? quiet : hostile)('POST', '/api/v1/uptime/monitors', { check_interval: INTERVAL_S, ...body }), 'create monitor')).monitor.id;

    // The quiet account: its monitors, and a webhook to a fast receiver.
    const quietIds: number[] = [];
    await pool(
      Array.from({ length: QUIET }, (_, i) => i),
      8,
      async (i) => {
        const id = await createMonitor('quiet', { name: `quiet ${i}`, url: `${quietTargetUrl}/q/${i}`, timeout: 10 });
        quietTarget.idOf.set(i, id);
        quietIds.push(id);
      },
    );
    const quietHook = (await must<{ integration: { id: number } }>(quiet('POST', '/api/v1/integrations', { type: 'webhook', name: 'quiet', config: { url: `${receiver.url}/hook` } }), 'quiet integration')).integration.id;

    // The hostile account's standing resources: monitors its windows cover, a status page, a webhook tarpit.
    const hostileIds: number[] = [];
    await pool(
      Array.from({ length: 10 }, (_, i) => i),
      5,
      async (i) => hostileIds.push(await createMonitor('hostile', { name: `covered ${i}`, url: `${fast.url}/covered/${i}`, timeout: 10 })),
    );
    const slug = `hostile-${randomBytes(3).toString('hex')}`;
    await must(hostile('POST', '/api/v1/status-pages', { slug, title: 'Hostile', sections: [{ title: 'All', monitor_ids: hostileIds, domain_ids: [] }] }), 'status page');
    const hostileHook = (await must<{ integration: { id: number } }>(hostile('POST', '/api/v1/integrations', { type: 'webhook', name: 'tarpit', config: { url: `${pit.url}/hook` } }), 'hostile integration')).integration.id;

    // The checker starts once the monitors exist, as in a fleet that has been running a while.
    apps.push(await startApp('checker', 'checker', childEnv, logDir));
    lines.push(
      `apps: api${opsPortVar ? ' (ops port)' : ''}, checker, notifier${hasPublic ? ', public' : ' (no `vigil start public` in this build: the crowd hits the API)'}; quiet account: ${QUIET} monitors at ${INTERVAL_S} s, a webhook; hostile: ${hostileIds.length} monitors, a status page, a webhook to a tarpit`,
    );

    // Continuous measurements over the whole run.
    const apiCalls = new Recorder();
    const testCalls = new Recorder();
    const health = new Map<string, Recorder>(healthUrls.map(([name]) => [name, new Recorder()]));
    let apiTurn = 0;
    stops.push(
      paced(50, () => apiCalls.time(async () => (await quiet('GET', apiTurn++ % 2 ? '/api/v1/usage' : '/api/v1/uptime/monitors?per_page=20', undefined, 10_000)).status === 200)),
      paced(TEST_EVERY_MS, () => testCalls.time(async () => (await quiet('POST', `/api/v1/integrations/${quietHook}/test`, {}, 20_000)).status === 200)),
      ...healthUrls.map(([name, url]) => paced(200, () => health.get(name)!.time(async () => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok))),
    );
    await sleep(20_000); // warm-up: creation checks done, pools and caches warm

    const phases: PhaseFigures[] = [];
    /** One phase: `prepare` (not measured), `abuse` for PHASE_S (its stop awaited), `cleanup`; notes of both for the report. */
    const measure = async (name: string, prepare: () => Promise<string>, abuse: () => () => Promise<void>, cleanup: () => Promise<string>) => {
      const prepared = await prepare();
      const from = Date.now();
      const stop = abuse();
      await sleep(PHASE_S * 1000);
      const to = Date.now();
      await stop();
      const note = [prepared, await cleanup()].filter(Boolean).join('; ');
      // Settle: the fleet answers quickly again (bounded), so the next phase starts clean.
      const settleUntil = Date.now() + SETTLE_S * 1000;
      while (Date.now() < settleUntil) {
        if ([...health.values(), apiCalls].every((r) => r.quick(5, 250)) && Date.now() - to > 3_000) break;
        await sleep(500);
      }
      const until = Date.now();
      const lag = quietTarget.lags(quietIds, from, to, until);
      phases.push({
        name,
        note,
        lag: { n: lag.lags.length, missing: lag.missing, p50: percentile(lag.lags, 50), p99: percentile(lag.lags, 99), max: lag.lags[lag.lags.length - 1] ?? NaN },
        apiP99: p99Of(apiCalls.samples(from, to)),
        apiErrors: apiCalls.samples(from, to).filter((s) => !s.ok).length,
        testP99: p99Of(testCalls.samples(from, to)),
        testErrors: testCalls.samples(from, to).filter((s) => !s.ok).length,
        health: new Map(
          [...health].map(([n, calls]) => {
            const mine = calls.samples(from, until);
            return [n, { max: Math.max(0, ...mine.map((s) => s.ms)), failures: mine.filter((s) => !s.ok).length }];
          }),
        ),
      });
    };
    const nothing = () => async () => undefined;
    const none = async () => '';

    // 0. Alone.
    await measure('alone', none, nothing, none);

    // 1, 2. Maintenance windows over the hostile monitors (created during the phase), and the reads that evaluate them.
    const windowAnswers: Answer[] = [];
    const windowAbuse = (rule: string, startsAt: string) => () => {
      let stopped = false;
      const creates = (async () => {
        for (let i = 0; i < WINDOWS && !stopped; i++) {
          windowAnswers.push(await hostile('POST', '/api/v1/maintenance-windows', { title: `abuse ${i}`, monitor_ids: hostileIds, starts_at: startsAt, rrule: rule, duration_minutes: 30, timezone: 'UTC' }, 60_000));
        }
      })();
      const reads = loops(2, async () => {
        await hostile('GET', '/api/v1/maintenance-windows', undefined, 60_000);
        await hostile('GET', '/api/v1/uptime/monitors', undefined, 60_000);
        await fetch(`${publicUrl}/status/${slug}.json`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer()).catch(() => undefined);
      });
      return async () => {
        stopped = true;
        await reads();
        await creates;
      };
    };
    const dropWindows = async () => {
      const note = `window creates: ${windowAnswers.map((a) => `${a.status || String(a.body)} in ${ms(a.ms)}`).join(', ') || 'none answered'}`;
      windowAnswers.length = 0;
      await direct.query(`DELETE FROM maintenance_windows WHERE account_id = (SELECT account_id FROM monitors WHERE id = $1)`, [hostileIds[0]]);
      return note;
    };
    await measure('never-firing RRULE (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31)', none, windowAbuse('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', new Date().toISOString()), dropWindows);
    await measure('RRULE from 1970 (FREQ=DAILY, DTSTART 1970-01-01)', none, windowAbuse('FREQ=DAILY', '1970-01-01T00:00:00Z'), dropWindows);

    // 3. Catastrophic regexes.
    const temporary: number[] = [];
    const createMany = async (n: number, body: (i: number) => Record<string, unknown>) => {
      const started = performance.now();
      const refused: Answer[] = [];
      await pool(
        Array.from({ length: n }, (_, i) => i),
        8,
        async (i) => {
          const a = await hostile('POST', '/api/v1/uptime/monitors', { check_interval: INTERVAL_S, ...body(i) }, 60_000);
          if (a.status === 201) temporary.push((a.body as { monitor: { id: number } }).monitor.id);
          else refused.push(a);
        },
      );
      const why = refused.length ? `, ${refused.length} not created (e.g. ${refused[0].status || 'no answer'} ${JSON.stringify(refused[0].body).slice(0, 160)})` : '';
      return `${n - refused.length} monitors created in ${ms(performance.now() - started)}${why}`;
    };
    const deleteTemporary = async () => {
      await pool(temporary.splice(0), 8, (id) => hostile('DELETE', `/api/v1/uptime/monitors/${id}`, undefined, 60_000));
      return '';
    };
    await measure(
      `${REGEX} monitors asserting ^(a+)+$ on "a×30!"`,
      () => createMany(REGEX, (i) => ({ name: `regex ${i}`, url: `${fast.url}/regex/${i}`, timeout: 10, assertions: [{ source: 'body', operator: 'matches', value: '^(a+)+$' }] })),
      nothing,
      deleteTemporary,
    );

    // 4. Tarpit monitors.
    await measure(
      `${TARPIT} monitors on a tarpit (60 s timeout)`,
      () => createMany(TARPIT, (i) => ({ name: `tarpit ${i}`, url: `${pit.url}/m/${i}`, timeout: 60 })),
      nothing,
      async () => {
        const held = pit.held();
        await deleteTemporary();
        pit.release();
        return `${held} tarpit connections held at the end`;
      },
    );

    // 5. A crowd on the hostile status page (autocannon in a child process).
    let crowd: Promise<{ stdout: string }> | undefined;
    await measure(
      `crowd of ${CROWD} connections on the hostile status page${hasPublic ? ' (public app)' : ''}`,
      none,
      () => {
        crowd = run('node', [path.join(repoRoot, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(CROWD), '-d', String(PHASE_S), `${publicUrl}/status/${slug}`], { maxBuffer: 16 * 1024 * 1024 });
        return async () => {
          await crowd?.catch(() => undefined);
        };
      },
      async () => {
        const out = await crowd?.catch(() => undefined);
        if (!out) return 'crowd: autocannon failed';
        const r = JSON.parse(out.stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
        return `crowd: ${Math.round(r.requests.average)} req/s, its p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx`;
      },
    );

    // 6. Test and redelivery floods to a webhook tarpit, from a process of its own (isolation-flood.ts).
    const first = await hostile('POST', `/api/v1/integrations/${hostileHook}/test`, {}, 30_000);
    const deliveryId = (first.body as { delivery?: { delivery_id?: number } } | null)?.delivery?.delivery_id;
    let flood: ReturnType<typeof run> | undefined;
    await measure(
      `${FLOOD} integration test + redelivery requests in flight to a webhook tarpit`,
      async () => `first test delivery: ${first.status} in ${ms(first.ms)}`,
      () => {
        const client = path.join(repoRoot, 'bench/isolation-flood.ts');
        flood = run(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), client, baseUrl, hostileKey, String(hostileHook), String(deliveryId ?? '-'), String(FLOOD), String(PHASE_S)], { maxBuffer: 1024 * 1024 });
        return async () => {
          await flood?.catch(() => undefined);
        };
      },
      async () => {
        pit.release();
        const out = await flood?.catch(() => undefined);
        if (!out) return 'flood: its client failed';
        const counts = JSON.parse(String(out.stdout)) as Record<'test' | 'redeliver', Record<string, number>>;
        const fmt = (m: Record<string, number>) => Object.entries(m).map(([status, n]) => `${n}× ${status}`).join(', ') || 'none';
        return `hostile test answers: ${fmt(counts.test)}; redeliver answers: ${fmt(counts.redeliver)}`;
      },
    );

    // Report.
    const alone = phases[0];
    lines.push(
      `alone: check start lag p50 ${ms(alone.lag.p50)}, p99 ${ms(alone.lag.p99)} (${alone.lag.n} runs); API p99 ${ms(alone.apiP99)}; test delivery p99 ${ms(alone.testP99)}; health max ${[...alone.health].map(([n, h]) => `${n} ${ms(h.max)}`).join(', ')}`,
    );
    const verdicts: string[] = [];
    for (const p of phases.slice(1)) {
      const lagOk = quietOk(p.lag.p99, alone.lag.p99);
      const apiOk = quietOk(p.apiP99, alone.apiP99) && p.apiErrors === 0;
      const testOk = quietOk(p.testP99, alone.testP99) && p.testErrors === 0;
      const healthOk = [...p.health.values()].every((h) => h.max <= HEALTH_LIMIT_MS && h.failures === 0);
      lines.push(
        `${p.name}: check start lag p50 ${ms(p.lag.p50)}, p99 ${ms(p.lag.p99)} (${ratioOf(p.lag.p99, alone.lag.p99).toFixed(1)}×; ${p.lag.n} runs${p.lag.missing ? `, ${p.lag.missing} of them not started by the end of settling, counted as late by at least that` : ''}), max ${ms(p.lag.max)}; API p99 ${ms(p.apiP99)} (${ratioOf(p.apiP99, alone.apiP99).toFixed(1)}×${p.apiErrors ? `, ${p.apiErrors} failed` : ''}); test delivery p99 ${ms(p.testP99)} (${ratioOf(p.testP99, alone.testP99).toFixed(1)}×${p.testErrors ? `, ${p.testErrors} failed` : ''}); health max ${[...p.health].map(([n, h]) => `${n} ${ms(h.max)}${h.failures ? ` (${h.failures} failed)` : ''}`).join(', ')}${p.note ? `; ${p.note}` : ''}`,
      );
      verdicts.push(`${p.name}: quiet lag ${lagOk ? 'PASS' : 'FAIL'}, quiet API ${apiOk ? 'PASS' : 'FAIL'}, quiet test delivery ${testOk ? 'PASS' : 'FAIL'}, health ≤ 1 s ${healthOk ? 'PASS' : 'FAIL'}`);
    }
    lines.push(`targets (quiet figures ≤ ${RATIO} × alone or within ${NOISE_MS} ms of it; every health answer ≤ ${HEALTH_LIMIT_MS} ms): ${verdicts.join(' | ')}`);
    lines.push(`logs: ${logDir}`);
    return { name: 'isolation (issue 28)', lines };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
    for (const a of apps) await a.stop().catch(() => undefined);
    await direct.end().catch(() => undefined);
    await pit.close();
    for (const s of servers) await s.close();
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    await deletePrefixKeys(redis, prefix);
    redis.disconnect();
    await db.drop();
  }
}
