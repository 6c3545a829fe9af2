/**
 * Faults: the real apps (API, two checkers, notifier: `vigil start <app>` child processes)
 * against a throwaway PostgreSQL cluster and a throwaway Redis this benchmark starts on loopback
 * (never the shared ones), with loopback targets: fast ones, slow ones (so checks are in flight
 * when a checker dies), flapping ones (so alerts fire all along) and a webhook integration
 * receiving the alerts. One run injects, in turn:
 *
 * 1. PostgreSQL unreachable for 30 s (a proxy in front of it resets and refuses connections);
 * 2. kill -9 of one checker while slow checks are in flight (the other one must take them back);
 * 3. FLUSHALL of the Redis;
 * 4. the Redis stopped for 20 s and started again, empty.
 *
 * It reports scheduled runs lost and duplicated (each monitor's due slots against the checks
 * table), alerts lost and duplicated (incidents against what the webhook received), time to
 * recover, and what the API answered meanwhile (GET /api/v1/uptime/monitors every second).
 * No process is restarted to recover; the killed checker is started again afterwards (as its
 * deployment would) only so the later faults meet two checkers.
 *
 * Ports: BENCH_FAULTS_PORT_BASE (3920: API, +1/+2 checker health, +3 notifier health, +5 targets,
 * +6 webhook receiver, +9 PostgreSQL proxy), BENCH_FAULTS_PG_PORT (5442), BENCH_FAULTS_REDIS_PORT
 * (6391). BENCH_FAULTS_MONITORS scales the monitor mix (1 = 30 monitors).
 */
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { QueueName, monitorScheduleOffsetMs } from '@vigil/core';
import { startTcpProxy } from '../test/support/tcp-proxy.js';
import type { BenchResult } from './run.js';
import { logLines, repoRoot, runCli, startApp, startThrowawayPostgres, startThrowawayRedis, type AppChild } from './fault-env.js';

const BASE = Number(process.env.BENCH_FAULTS_PORT_BASE ?? 3920);
const PG_PORT = Number(process.env.BENCH_FAULTS_PG_PORT ?? 5442);
const REDIS_PORT = Number(process.env.BENCH_FAULTS_REDIS_PORT ?? 6391);
const SCALE = Number(process.env.BENCH_FAULTS_MONITORS ?? 1);
const INTERVAL_S = 60;
const INTERVAL_MS = INTERVAL_S * 1000;
const SLOW_MS = 12_000;
const FLAP_MS = 45_000;
const PREFIX = '{vigil-faults}';

type Kind = 'ok' | 'slow' | 'flap' | 'fail';
const MIX: [Kind, number][] = [
  ['slow', 16],
  ['flap', 6],
  ['ok', 6],
  ['fail', 2],
];

interface Window {
  name: string;
  from: number;
  to: number;
}

/** The loopback targets: /ok, /slow (answers after SLOW_MS), /flap (fails every other FLAP_MS), /fail. Counts requests by time. */
function startTargets(port: number): Promise<{ server: Server; hits: number[] }> {
  const hits: number[] = [];
  const server = createServer((req, res) => {
    hits.push(Date.now());
    const kind = (req.url ?? '').split('/')[1];
    const send = (status: number) => res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
    if (kind === 'slow') setTimeout(() => send(200), SLOW_MS);
    else if (kind === 'flap') send(Math.floor(Date.now() / FLAP_MS) % 2 ? 503 : 200);
    else if (kind === 'fail') send(500);
    else send(200);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, hits })));
}

/** The webhook integration's receiver: event id → times received. */
function startReceiver(port: number): Promise<{ server: Server; received: Map<string, number[]> }> {
  const received = new Map<string, number[]>();
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        const { id } = JSON.parse(body) as { id: string };
        received.set(id, [...(received.get(id) ?? []), Date.now()]);
      } catch {
        // not an alert
      }
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, received })));
}

interface ApiAnswer {
  at: number;
  status: number | 'timeout' | 'error';
  ms: number;
  body: string;
}

/** GET /api/v1/uptime/monitors every second until stopped (5 s client timeout). */
function probeApi(baseUrl: string, key: string): { answers: ApiAnswer[]; stop: () => void } {
  const answers: ApiAnswer[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const at = Date.now();
      try {
        const res = await fetch(`${baseUrl}/api/v1/uptime/monitors?per_page=1`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5_000) });
        const body = (await res.text()).slice(0, 90);
        answers.push({ at, status: res.status, ms: Date.now() - at, body });
      } catch (e) {
        answers.push({ at, status: (e as Error).name === 'TimeoutError' ? 'timeout' : 'error', ms: Date.now() - at, body: (e as Error).message.slice(0, 90) });
      }
      await sleep(Math.max(0, 1_000 - (Date.now() - at)));
    }
  })();
  return { answers, stop: () => (stopped = true) };
}

async function api<T>(baseUrl: string, key: string, method: string, p: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sleeps until `at` (epoch ms). */
const until = (at: number) => sleep(Math.max(0, at - Date.now()));

interface MonitorRow {
  id: number;
  url: string;
  created_at: Date;
}
interface CheckRow {
  monitor_id: number;
  checked_at: Date;
  job_key: string;
}

/** Due slots (BullMQ `every` + offset) of each monitor between its creation and `endMs`. */
function dueSlots(m: MonitorRow, endMs: number): number[] {
  const offset = monitorScheduleOffsetMs(m.id, INTERVAL_S);
  const slots: number[] = [];
  for (let due = Math.floor(m.created_at.getTime() / INTERVAL_MS) * INTERVAL_MS + offset; due <= endMs; due += INTERVAL_MS) {
    if (due > m.created_at.getTime()) slots.push(due);
  }
  return slots;
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default async function faults(): Promise<BenchResult> {
  const lines: string[] = [];
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-faults-logs-'));
  const build = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed: ${build.stdout}${build.stderr}`);

  const pgServer = startThrowawayPostgres(PG_PORT);
  const redis = await startThrowawayRedis(REDIS_PORT);
  const pgProxy = await startTcpProxy(PG_PORT);
  const targets = await startTargets(BASE + 5);
  const receiver = await startReceiver(BASE + 6);
  const apps: AppChild[] = [];
  const direct = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PG_PORT}/vigil_faults` });
  let redisClient: Redis | undefined;
  let checksQueue: Queue | undefined;
  let apiProbe: ReturnType<typeof probeApi> | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgProxy.port}/vigil_faults`,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      VIGIL_REDIS_PREFIX: PREFIX,
      PORT: String(BASE),
      VIGIL_BASE_URL: `http://127.0.0.1:${BASE}`,
      VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
      VIGIL_SECRET_KEY: 'faults-bench-secret-key-0123456789abcdef',
      VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'info',
      NOTIFIER_HEALTH_PORT: String(BASE + 3),
    };
    await runCli(['migrate'], env);
    const { api_key: key } = JSON.parse(await runCli(['account', 'create', '--email', 'faults@example.com', '--tier', 'business', '--json'], env)) as { api_key: string };
    apps.push(await startApp('api', 'api', env, logDir));
    apps.push(await startApp('notifier', 'notifier', env, logDir));
    const baseUrl = `http://127.0.0.1:${BASE}`;
    await direct.connect();
    redisClient = new Redis(`redis://127.0.0.1:${REDIS_PORT}`, { maxRetriesPerRequest: null });
    redisClient.on('error', () => undefined);
    checksQueue = new Queue(QueueName.Checks, { connection: redisClient, prefix: PREFIX });

    await api(baseUrl, key, 'POST', '/api/v1/integrations', { type: 'webhook', name: 'faults', config: { url: `http://127.0.0.1:${BASE + 6}/hook` } });
    const kindOf = new Map<number, Kind>();
    for (const [kind, n] of MIX) {
      for (let i = 0; i < n * SCALE; i++) {
        const { monitor } = await api<{ monitor: { id: number } }>(baseUrl, key, 'POST', '/api/v1/uptime/monitors', {
          name: `${kind}-${i}`,
          url: `http://127.0.0.1:${BASE + 5}/${kind}/${i}`,
          check_interval: INTERVAL_S,
          timeout: 20,
          alert_threshold: 1,
          degraded_threshold_ms: 60_000,
        });
        kindOf.set(monitor.id, kind);
      }
    }
    // The checkers start once the monitors exist, as in a fleet that has been running for a while.
    apps.push(await startApp('checker', 'checker-a', { ...env, CHECKER_HEALTH_PORT: String(BASE + 1) }, logDir));
    apps.push(await startApp('checker', 'checker-b', { ...env, CHECKER_HEALTH_PORT: String(BASE + 2) }, logDir));
    const t0 = Date.now();
    lines.push(`${kindOf.size} monitors at ${INTERVAL_S} s (${MIX.map(([k, n]) => `${n * SCALE} ${k}`).join(', ')}; slow = ${SLOW_MS / 1000} s answers, flap = fails every other ${FLAP_MS / 1000} s), alert_threshold 1, 2 checkers, 1 notifier, 1 API, webhook integration`);
    apiProbe = probeApi(baseUrl, key);
    const windows: Window[] = [];

    // Warm-up: the creation checks are done.
    await until(t0 + 15_000);

    // 1. PostgreSQL unreachable for 30 s.
    const cutAt = Date.now();
    await pgProxy.kill();
    await sleep(30_000);
    const restoreAt = Date.now();
    await pgProxy.restore();
    windows.push({ name: 'PostgreSQL unreachable 30 s', from: cutAt, to: restoreAt });
    const probedDuring = targets.hits.filter((t) => t >= cutAt && t < restoreAt).length;
    let pgCaughtUpAt = 0;
    for (let i = 0; i < 120 && !pgCaughtUpAt; i++) {
      const [{ n }] = (await direct.query(`SELECT count(*)::int AS n FROM checks WHERE checked_at >= $1 AND checked_at < $2`, [new Date(cutAt), new Date(restoreAt)])).rows as { n: number }[];
      if (n >= probedDuring) pgCaughtUpAt = Date.now();
      else await sleep(250);
    }

    // 2. kill -9 one checker while slow checks are in flight: at the moment most slow runs are.
    const now = Date.now();
    const slowIds = [...kindOf].filter(([, k]) => k === 'slow').map(([id]) => id);
    let killAt = now + 2_000;
    let best = -1;
    for (let t = now + 2_000; t < now + 20_000; t += 250) {
      const inFlight = slowIds.filter((id) => {
        const phase = (t - monitorScheduleOffsetMs(id, INTERVAL_S)) % INTERVAL_MS;
        return phase > 1_500 && phase < SLOW_MS - 1_000;
      }).length;
      if (inFlight > best) [best, killAt] = [inFlight, t];
    }
    await until(killAt);
    const activeBefore = (await checksQueue.getActive()).map((j) => String(j.id));
    const killed = apps.find((a) => a.name === 'checker-b') as AppChild;
    const killedAt = Date.now();
    await killed.kill();
    windows.push({ name: 'checker kill -9', from: killedAt, to: killedAt + 10_000 });
    await sleep(SLOW_MS + 8_000);
    apps.splice(apps.indexOf(killed), 1, await startApp('checker', 'checker-b2', { ...env, CHECKER_HEALTH_PORT: String(BASE + 2) }, logDir));

    // 3. FLUSHALL.
    const flushAt = Date.now();
    await redisClient.flushall();
    windows.push({ name: 'Redis FLUSHALL', from: flushAt, to: flushAt + 1_000 });
    await sleep(INTERVAL_MS + 2_000);

    // 4. Redis down 20 s, back empty.
    const redisDownAt = Date.now();
    await redis.stop();
    await sleep(20_000);
    await redis.start();
    const redisUpAt = Date.now();
    windows.push({ name: 'Redis stopped 20 s', from: redisDownAt, to: redisUpAt });
    await sleep(INTERVAL_MS + 2_000);
    const endAt = Date.now();
    apiProbe.stop();

    // Alerts: every incident's down (and up, once resolved) must reach the webhook; wait for stragglers.
    const expectedAlerts = async () => {
      const rows = (await direct.query(`SELECT id, resolved_at FROM incidents`)).rows as { id: number; resolved_at: Date | null }[];
      return rows.flatMap((r) => [`incident-${r.id}-down`, ...(r.resolved_at ? [`incident-${r.id}-up`] : [])]);
    };
    let expected = await expectedAlerts();
    for (let i = 0; i < 60 && expected.some((id) => !receiver.received.has(id)); i++) {
      await sleep(500);
      expected = await expectedAlerts();
    }
    const lostAlerts = expected.filter((id) => !receiver.received.has(id));
    const duplicateAlerts = [...receiver.received].filter(([, times]) => times.length > 1).length;

    // Scheduled runs: each due slot needs a check (its own job id, or any check in its interval); two in one slot is a duplicate.
    const monitors = (await direct.query(`SELECT id, url, created_at FROM monitors`)).rows as MonitorRow[];
    const checks = (await direct.query(`SELECT monitor_id, checked_at, job_key FROM checks ORDER BY checked_at`)).rows as CheckRow[];
    const byMonitor = new Map<number, CheckRow[]>();
    for (const c of checks) byMonitor.set(c.monitor_id, [...(byMonitor.get(c.monitor_id) ?? []), c]);
    let slots = 0;
    const lost: { monitorId: number; due: number }[] = [];
    let duplicates = 0;
    const lateness: { due: number; late: number }[] = [];
    const evaluatedUntil = endAt - SLOW_MS - 3_000;
    for (const m of monitors) {
      const mine = byMonitor.get(m.id) ?? [];
      for (const due of dueSlots(m, evaluatedUntil)) {
        slots++;
        const inSlot = mine.filter((c) => c.job_key === `repeat:monitor-${m.id}:${due}` || (c.checked_at.getTime() >= due && c.checked_at.getTime() < due + INTERVAL_MS && c.job_key.startsWith('repeat:')));
        if (!inSlot.length) lost.push({ monitorId: m.id, due });
        else lateness.push({ due, late: inSlot[0].checked_at.getTime() - due });
        duplicates += Math.max(0, inSlot.length - 1);
      }
    }
    const phaseOf = (t: number) => windows.find((w) => t >= w.from - INTERVAL_MS && t <= w.to + INTERVAL_MS)?.name ?? 'no fault';
    lines.push(`scheduled runs evaluated: ${slots}; lost: ${lost.length}${lost.length ? ` (${[...new Set(lost.map((l) => phaseOf(l.due)))].join(', ')})` : ''}; duplicated: ${duplicates}; outside the faults the latest run started ${fmt(Math.max(0, ...lateness.filter((l) => phaseOf(l.due) === 'no fault').map((l) => l.late)))} after its due time`);
    lines.push(`alerts: ${expected.length} decided (incidents down/up), ${lostAlerts.length} lost, ${duplicateAlerts} delivered twice`);

    // Per fault.
    const firstCheckAfter = (t: number) =>
      monitors.map((m) => (byMonitor.get(m.id) ?? []).find((c) => c.checked_at.getTime() >= t)?.checked_at.getTime() ?? Infinity);
    /** The longest time between two consecutive checks of a monitor, over pairs that span any part of [from, to]. */
    const maxGapAcross = (from: number, to: number) =>
      Math.max(
        ...monitors.map((m) => {
          const times = (byMonitor.get(m.id) ?? []).map((c) => c.checked_at.getTime()).sort((a, b) => a - b);
          let gap = 0;
          for (let i = 1; i < times.length; i++) if (times[i] >= from && times[i - 1] <= to) gap = Math.max(gap, times[i] - times[i - 1]);
          return gap;
        }),
      );
    /** The latest start (after its due time) of the runs due from `from - SLOW_MS` to `to`. */
    const latenessIn = (from: number, to: number) => Math.max(0, ...lateness.filter((l) => l.due >= from - SLOW_MS && l.due <= to).map((l) => l.late));
    const duringPg = checks.filter((c) => c.checked_at.getTime() >= cutAt && c.checked_at.getTime() < restoreAt).length;
    lines.push(
      `PostgreSQL unreachable 30 s: ${probedDuring} probes made during the outage, ${duringPg} of them recorded with their original times; all written ${fmt(pgCaughtUpAt - restoreAt)} after it came back; runs due meanwhile started at most ${fmt(latenessIn(cutAt, restoreAt))} late; longest gap between two checks of a monitor ${fmt(maxGapAcross(cutAt, restoreAt))}`,
    );
    const rerun = activeBefore.map((id) => checks.find((c) => c.job_key === id)).filter((c): c is CheckRow => !!c && c.checked_at.getTime() > killedAt);
    const stalledLogs = apps.filter((a) => a.name.startsWith('checker')).flatMap((a) => logLines(a.logFile, /stalled job taken back/));
    lines.push(
      `checker kill -9: ${activeBefore.length} checks in flight fleet-wide at the kill; ${rerun.length} of them (the killed checker's) re-run by the other checker ${rerun.map((c) => fmt(c.checked_at.getTime() - killedAt)).join(', ') || '-'} after the kill; ${activeBefore.filter((id) => !checks.some((c) => c.job_key === id)).length} never recorded; ${stalledLogs.length} "stalled job" log lines`,
    );
    const afterFlush = firstCheckAfter(flushAt);
    lines.push(
      `Redis FLUSHALL: every monitor checked again within ${fmt(Math.max(...afterFlush) - flushAt)} (interval ${INTERVAL_S} s); runs due around it started at most ${fmt(latenessIn(flushAt, flushAt + 5_000))} late; longest gap between two checks of a monitor ${fmt(maxGapAcross(flushAt, flushAt + 1))}`,
    );
    const afterRedis = firstCheckAfter(redisUpAt);
    lines.push(
      `Redis stopped 20 s (back empty): every monitor checked again within ${fmt(Math.max(...afterRedis) - redisUpAt)} of its return; runs due meanwhile started at most ${fmt(latenessIn(redisDownAt, redisUpAt))} late; longest gap between two checks of a monitor ${fmt(maxGapAcross(redisDownAt, redisUpAt))} (target ≤ outage + interval = 80 s)`,
    );
    const recoveryLogs = apps.filter((a) => a.name.startsWith('checker')).flatMap((a) => logLines(a.logFile, /Redis back; reconciling/));
    lines.push(`reconciles started by the Redis recovery watcher: ${recoveryLogs.length} (log lines of the checkers)`);

    for (const w of windows) {
      const seen = apiProbe.answers.filter((a) => a.at >= w.from && a.at < w.to + 5_000);
      const byStatus = new Map<string, number>();
      for (const a of seen) byStatus.set(String(a.status), (byStatus.get(String(a.status)) ?? 0) + 1);
      const sample = seen.find((a) => a.status !== 200);
      lines.push(
        `API during "${w.name}" (and 5 s after): ${[...byStatus].map(([s, n]) => `${n}× ${s}`).join(', ') || 'no requests'}; slowest ${fmt(Math.max(0, ...seen.map((a) => a.ms)))}${sample ? `; e.g. ${sample.status} ${JSON.stringify(sample.body)}` : ''}`,
      );
    }
    const notOk = apiProbe.answers.filter((a) => a.status !== 200 && !windows.some((w) => a.at >= w.from && a.at < w.to + 5_000));
    lines.push(`API outside the fault windows (+5 s): ${apiProbe.answers.length - notOk.length} of ${apiProbe.answers.length} answers were 200 or inside a window`);
    lines.push(`logs: ${logDir}`);
    return { name: 'faults', lines };
  } finally {
    apiProbe?.stop();
    for (const a of apps) await a.stop().catch(() => undefined);
    await checksQueue?.close().catch(() => undefined);
    redisClient?.disconnect();
    await direct.end().catch(() => undefined);
    await pgProxy.close();
    await redis.stop();
    pgServer.stop();
    targets.server.close();
    receiver.server.close();
  }
}
