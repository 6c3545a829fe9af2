/**
 * Failover (issue 29): 300 monitors at 60 s, 2 checkers, 2 APIs and a notifier (`vigil start
 * <app>` child processes) on throwaway servers this benchmark starts on loopback: a PostgreSQL
 * primary with a streaming standby (test/support/streaming-replica.ts) behind a TCP proxy
 * playing the virtual IP that DATABASE_URL names, and a Redis primary with a replica and three
 * Sentinels (bench/sentinel-env.ts). 30 monitors flap (fail every other 45 s) so that alerts
 * go out all along, to a loopback webhook receiver. In turn:
 *
 * 1. the Redis primary is killed (kill -9) and the Sentinels promote its replica; the apps find
 *    it through REDIS_SENTINELS / REDIS_SENTINEL_NAME. Only when this build reads those
 *    variables (CONFIG_ENV_VARS): otherwise the phase is skipped and said so.
 * 2. the PostgreSQL primary is stopped mid-checks, 10 s later its standby is promoted
 *    (`pg_ctl promote`, as an operator or a failover manager would) and the address moved to it.
 *
 * Targets: 0 alerts lost or doubled, 0 checks lost beyond the failover window, every monitor
 * checked again within one interval after each failover, the API answering (JSON 503 while
 * down) within 2 s throughout, recovery within 15 s of the new primary being up. Bounded:
 * the whole run gives up after BENCH_FAILOVER_MAX_S (1200 s).
 *
 * Ports (BENCH_FAILOVER_PORT_BASE, 17850): +0/+1 APIs, +2/+3 checker health, +4 notifier
 * health, +5 targets, +6 webhook receiver; PostgreSQL primary/standby 17830/17831; Redis
 * primary/replica 17840/17841, Sentinels 17842-17844.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { CONFIG_ENV_VARS, monitorScheduleOffsetMs } from '@vigil/core';
import { postgresBinaries, startStreamingReplica, type StreamingReplica } from '../test/support/streaming-replica.js';
import { startTcpProxy, type TcpProxy } from '../test/support/tcp-proxy.js';
import type { BenchResult } from './run.js';
import { repoRoot, runCli, startApp, startThrowawayRedis, type AppChild, type ThrowawayRedis } from './fault-env.js';
import { startSentinelSet, type SentinelSet } from './sentinel-env.js';

const BASE = Number(process.env.BENCH_FAILOVER_PORT_BASE ?? 17850);
const PG_PRIMARY = 17830;
const PG_STANDBY = 17831;
const REDIS_PRIMARY = 17840;
const REDIS_REPLICA = 17841;
const SENTINELS = [17842, 17843, 17844];
const MONITORS = 300;
const FLAPPING = 30;
const INTERVAL_S = 60;
const INTERVAL_MS = INTERVAL_S * 1000;
const FLAP_MS = 45_000;
const PG_OUTAGE_MS = 10_000;
const MAX_MS = Number(process.env.BENCH_FAILOVER_MAX_S ?? 1200) * 1000;
const PREFIX = '{vigil-failover}';
const DATABASE = 'vigil_failover';

interface ApiAnswer {
  api: number;
  at: number;
  status: number | 'timeout' | 'error';
  ms: number;
  json: boolean;
}

interface Phase {
  name: string;
  /** The fault. */
  from: number;
  /** The new primary is up (and reachable). */
  up: number;
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** GET /api/v1/uptime/monitors?per_page=1 on every API each second (5 s client timeout). */
function probeApis(urls: string[], key: string): { answers: ApiAnswer[]; stop: () => void } {
  const answers: ApiAnswer[] = [];
  let stopped = false;
  urls.forEach((url, api) => {
    void (async () => {
      while (!stopped) {
        const at = Date.now();
        try {
          const res = await fetch(`${url}/api/v1/uptime/monitors?per_page=1`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5_000) });
          const body = await res.text();
          answers.push({ api, at, status: res.status, ms: Date.now() - at, json: body.startsWith('{') });
        } catch (e) {
          answers.push({ api, at, status: (e as Error).name === 'TimeoutError' ? 'timeout' : 'error', ms: Date.now() - at, json: false });
        }
        await sleep(Math.max(0, 1_000 - (Date.now() - at)));
      }
    })();
  });
  return { answers, stop: () => (stopped = true) };
}

async function api<T>(baseUrl: string, key: string, method: string, p: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls `probe` every 250 ms until it is true; the time it became true, or null after `timeoutMs`. */
async function when(probe: () => Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return Date.now();
    await sleep(250);
  }
  return null;
}

export default async function failover(): Promise<BenchResult> {
  const binaries = postgresBinaries();
  if ('missing' in binaries) return { name: 'failover', lines: [`skipped: ${binaries.missing}`] };
  const sentinelAware = CONFIG_ENV_VARS.includes('REDIS_SENTINELS') && CONFIG_ENV_VARS.includes('REDIS_SENTINEL_NAME');
  const lines: string[] = [];
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-failover-logs-'));
  const build = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);

  let cluster: StreamingReplica | undefined;
  let vip: TcpProxy | undefined;
  let sentinels: SentinelSet | undefined;
  let plainRedis: ThrowawayRedis | undefined;
  const apps: AppChild[] = [];
  const servers: Server[] = [];
  let direct: pg.Pool | undefined;
  let probe: ReturnType<typeof probeApis> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    cluster = await startStreamingReplica(binaries.dir, PG_PRIMARY, PG_STANDBY);
    await cluster.createDatabase(DATABASE);
    vip = await startTcpProxy(PG_PRIMARY);
    const redisEnv: NodeJS.ProcessEnv = sentinelAware
      ? await startSentinelSet(REDIS_PRIMARY, REDIS_REPLICA, SENTINELS).then((s) => {
          sentinels = s;
          return { REDIS_SENTINELS: s.sentinels, REDIS_SENTINEL_NAME: s.name, REDIS_URL: `redis://127.0.0.1:${REDIS_PRIMARY}` };
        })
      : await startThrowawayRedis(REDIS_PRIMARY).then((r) => {
          plainRedis = r;
          return { REDIS_URL: `redis://127.0.0.1:${REDIS_PRIMARY}` };
        });

    // Targets: /ok/<i> answers 200, /flap/<i> fails every other FLAP_MS. Hits by time.
    const hits: number[] = [];
    const targets = createServer((req, res) => {
      hits.push(Date.now());
      const fail = (req.url ?? '').startsWith('/flap') && Math.floor(Date.now() / FLAP_MS) % 2 === 1;
      res.writeHead(fail ? 503 : 200, { 'content-type': 'text/plain' }).end();
    });
    // The receiver: webhook-id → times received.
    const received = new Map<string, number>();
    const receiver = createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    servers.push(targets, receiver);
    await listen(targets, BASE + 5);
    await listen(receiver, BASE + 6);

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${vip.port}/${DATABASE}`,
      DATABASE_POOL_SIZE: '8',
      ...redisEnv,
      VIGIL_REDIS_PREFIX: PREFIX,
      VIGIL_BASE_URL: `http://127.0.0.1:${BASE}`,
      VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
      VIGIL_SECRET_KEY: 'failover-bench-secret-key-0123456789abcdef',
      VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
      // Every request of the bench comes from one address: 300 creates in a row exceed 50 a second.
      VIGIL_BURST_PER_SECOND: '100000',
      LOG_LEVEL: 'info',
    };
    await runCli(['migrate'], env);
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--email', 'failover@example.com', '--tier', 'enterprise', '--json'], env)) as { api_key: string };
    const apiUrls = [0, 1].map((i) => `http://127.0.0.1:${BASE + i}`);
    for (const i of [0, 1]) apps.push(await startApp('api', `api-${i}`, { ...env, PORT: String(BASE + i) }, logDir));
    apps.push(await startApp('notifier', 'notifier', { ...env, NOTIFIER_HEALTH_PORT: String(BASE + 4) }, logDir));
    await api(apiUrls[0], key, 'POST', '/api/v1/integrations', { type: 'webhook', name: 'failover', config: { url: `http://127.0.0.1:${BASE + 6}/hook` } });
    for (let i = 0; i < MONITORS; i++) {
      const kind = i < FLAPPING ? 'flap' : 'ok';
      await api(apiUrls[i % 2], key, 'POST', '/api/v1/uptime/monitors', { name: `${kind}-${i}`, url: `http://127.0.0.1:${BASE + 5}/${kind}/${i}`, check_interval: INTERVAL_S, timeout: 10, alert_threshold: 1 });
    }
    for (const i of [0, 1]) apps.push(await startApp('checker', `checker-${i}`, { ...env, CHECKER_HEALTH_PORT: String(BASE + 2 + i) }, logDir));
    lines.push(
      `${MONITORS} monitors at ${INTERVAL_S} s (${FLAPPING} flapping every ${FLAP_MS / 1000} s, alert_threshold 1), 2 checkers, 2 APIs, 1 notifier, webhook integration; PostgreSQL streaming standby behind a moved address; Redis ${sentinelAware ? 'primary + replica + 3 Sentinels' : 'single node (this build reads no REDIS_SENTINELS: the Redis phase is skipped)'}`,
    );
    // A pool: its connections to the stopped primary are dropped, new ones reach the promoted standby.
    direct = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
    direct.on('error', () => undefined);
    const db = () => direct as pg.Pool;
    probe = probeApis(apiUrls, key);
    const phases: Phase[] = [];
    // Warm-up: one interval, so that every monitor has its scheduled runs going.
    await sleep(INTERVAL_MS + 5_000);

    if (sentinels) {
      const s = sentinels;
      const from = Date.now();
      const old = await s.killPrimary();
      const newPort = await s.promoted(old, 60_000);
      const up = Date.now();
      phases.push({ name: 'Redis primary killed, Sentinel promoted', from, up });
      lines.push(`Redis: primary ${old} killed; Sentinels promoted ${newPort} ${fmt(up - from)} later`);
      await sleep(INTERVAL_MS + 10_000);
    }

    // PostgreSQL: stop the primary while checks run; promote the standby 10 s later.
    const pgFrom = Date.now();
    await (cluster as StreamingReplica).stopPrimary();
    await sleep(Math.max(0, pgFrom + PG_OUTAGE_MS - Date.now()));
    await (cluster as StreamingReplica).promoteReplica();
    (vip as TcpProxy).retarget(PG_STANDBY);
    const pgUp = Date.now();
    phases.push({ name: 'PostgreSQL primary stopped, standby promoted', from: pgFrom, up: pgUp });
    // Recovery: both APIs answer 200 again, and the checks probed during the outage are written.
    const apisBack = await when(async () => {
      const recent = probe?.answers.filter((a) => a.at > pgUp) ?? [];
      return [0, 1].every((i) => recent.some((a) => a.api === i && a.status === 200));
    }, 60_000);
    const probedDuring = hits.filter((t) => t >= pgFrom && t < pgUp).length;
    const writtenBack = await when(async () => {
      const { rows } = await db().query(`SELECT count(*)::int AS n FROM checks WHERE checked_at >= $1 AND checked_at < $2`, [new Date(pgFrom), new Date(pgUp)]);
      return (rows[0] as { n: number }).n >= probedDuring;
    }, 60_000);
    lines.push(
      `PostgreSQL: primary stopped, standby promoted and reachable ${fmt(pgUp - pgFrom)} later; both APIs answering 200 ${apisBack ? fmt(apisBack - pgUp) : 'not within 60 s'} after that; the ${probedDuring} checks probed during the outage written ${writtenBack ? fmt(writtenBack - pgUp) : 'not within 60 s'} after it`,
    );
    await sleep(INTERVAL_MS + 10_000);
    const endAt = Date.now();
    probe.stop();

    // Alerts: every incident's down (and up, once resolved) reaches the webhook once.
    const expected = async () => {
      const { rows } = await db().query(`SELECT id, resolved_at FROM incidents`);
      return (rows as { id: number; resolved_at: Date | null }[]).flatMap((r) => [`incident-${r.id}-down`, ...(r.resolved_at ? [`incident-${r.id}-up`] : [])]);
    };
    let decided = await expected();
    await when(async () => {
      decided = await expected();
      return decided.every((id) => received.has(id));
    }, 30_000);
    const lost = decided.filter((id) => !received.has(id));
    const doubled = [...received].filter(([, n]) => n > 1);
    const { rows: logged } = await db().query(`SELECT count(*)::int AS n, count(DISTINCT (integration_id, event_id))::int AS d FROM alert_deliveries WHERE status = 'success'`);
    const [{ n: successRows, d: distinctDeliveries }] = logged as { n: number; d: number }[];
    lines.push(
      `alerts: ${decided.length} decided (incident down/up), ${lost.length} lost, ${doubled.length} received twice or more (same webhook-id)${doubled.length ? `: ${doubled.map(([id, n]) => `${id}×${n}`).join(', ')}` : ''}; delivery log: ${successRows} successful attempts for ${distinctDeliveries} deliveries`,
    );

    // Scheduled runs: each due slot needs its check; "lost" ones outside the failover windows count.
    const { rows: monitors } = await db().query(`SELECT id, created_at FROM monitors`);
    const { rows: checks } = await db().query(`SELECT monitor_id, checked_at, job_key FROM checks ORDER BY checked_at`);
    const byMonitor = new Map<number, { checked_at: Date; job_key: string }[]>();
    for (const c of checks as { monitor_id: number; checked_at: Date; job_key: string }[]) byMonitor.set(c.monitor_id, [...(byMonitor.get(c.monitor_id) ?? []), c]);
    const inWindow = (t: number) => phases.find((p) => t >= p.from - 1_000 && t <= p.up + 15_000);
    let slots = 0;
    const lostRuns: { id: number; due: number }[] = [];
    let duplicates = 0;
    for (const m of monitors as { id: number; created_at: Date }[]) {
      const mine = byMonitor.get(m.id) ?? [];
      const offset = monitorScheduleOffsetMs(m.id, INTERVAL_S);
      for (let due = Math.floor(m.created_at.getTime() / INTERVAL_MS) * INTERVAL_MS + offset; due <= endAt - 15_000; due += INTERVAL_MS) {
        if (due <= m.created_at.getTime() + 5_000) continue;
        slots++;
        const inSlot = mine.filter((c) => c.job_key === `repeat:monitor-${m.id}:${due}`);
        if (!inSlot.length) lostRuns.push({ id: m.id, due });
        duplicates += Math.max(0, inSlot.length - 1);
      }
    }
    const lostOutside = lostRuns.filter((l) => !inWindow(l.due));
    lines.push(
      `scheduled runs evaluated: ${slots}; without their check: ${lostRuns.length} (${lostRuns.length - lostOutside.length} due inside a failover window: fault .. new primary up + 15 s; ${lostOutside.length} outside); recorded twice: ${duplicates}`,
    );
    for (const p of phases) {
      const again = (monitors as { id: number }[]).map((m) => (byMonitor.get(m.id) ?? []).find((c) => c.checked_at.getTime() >= p.up)?.checked_at.getTime() ?? Infinity);
      const seen = (probe?.answers ?? []).filter((a) => a.at >= p.from - 5_000 && a.at < p.up + 30_000);
      const byStatus = new Map<string, number>();
      for (const a of seen) byStatus.set(`${a.status}${a.status === 503 && a.json ? ' (JSON)' : ''}`, (byStatus.get(`${a.status}${a.status === 503 && a.json ? ' (JSON)' : ''}`) ?? 0) + 1);
      lines.push(
        `${p.name}: every monitor checked again within ${fmt(Math.max(...again) - p.up)} of the new primary (interval ${INTERVAL_S} s); API answers from 5 s before to 30 s after: ${[...byStatus].map(([s, n]) => `${n}× ${s}`).join(', ')}; slowest ${fmt(Math.max(0, ...seen.map((a) => a.ms)))}`,
      );
    }
    const all = probe?.answers ?? [];
    lines.push(`API throughout: ${all.length} answers, ${all.filter((a) => a.ms > 2_000).length} slower than 2 s, ${all.filter((a) => typeof a.status !== 'number').length} without an answer, ${all.filter((a) => a.status !== 200 && !(a.status === 503 && a.json)).length} neither 200 nor a JSON 503`);
    lines.push(`logs: ${logDir}`);
  };
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`gave up after ${MAX_MS / 1000} s`)), MAX_MS);
      }),
    ]);
  } catch (e) {
    lines.push(`failed: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
    probe?.stop();
    for (const a of apps) await a.stop().catch(() => undefined);
    await direct?.end().catch(() => undefined);
    await vip?.close();
    await sentinels?.stop();
    await plainRedis?.stop();
    await cluster?.stop();
    for (const s of servers) s.close();
  }
  return { name: 'failover', lines };
}
