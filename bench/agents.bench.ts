/**
 * Agents (docs/agents.md), in one run:
 * 1. Throughput: checks/s persisted through one `vigil agent` process (the compiled CLI, a child
 *    process) against one in-cluster checker, on the same loopback target. The checker drains
 *    MonitorCheck jobs of its monitors (as regions.bench.ts); the agent drains as many runs of
 *    the location's monitors, offered to the location all due at once. The API (agent
 *    protocol) and the checker app (which records agent results through its writer) run in this
 *    process during both, the agent all along. Pairs of drains alternate which goes first; the
 *    median ratio of the pairs is the figure (target >= 0.8); checks/s over each whole drain.
 *    CPU per check is counted for this process, the agent process and this database's
 *    PostgreSQL backends.
 * 2. Latency: monitors at the location every 10 s, offered by the checker's dispatcher as in
 *    production: due (the run key's due time) -> recorded (its check row seen, polled every
 *    50 ms, which adds up to 50 ms). Target p99 <= timeout + 2 s.
 * Target: the one-line node:http server of checker.bench.ts in a child process. The API listens on
 * 127.0.0.1:BENCH_AGENTS_API_PORT (17701). Needs the compiled CLI (`npx tsc -b tsconfig.build.json`).
 *
 * Env: BENCH_AGENTS_MONITORS (300), BENCH_AGENTS_ROUNDS (5), BENCH_AGENTS_PAIRS (3), BENCH_AGENTS_PACED (40 s),
 * BENCH_AGENTS_PACED_MONITORS (50), BENCH_AGENTS_API_PORT (17701).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  Account,
  JobName,
  Monitor,
  SCHEDULED_CHECK_JOB_OPTIONS,
  createContext,
  createLocation,
  createLogger,
  createSecretBox,
  loadConfig,
  offerRuns,
  type Context,
  type LocationOffer,
} from '@vigil/core';
import { createApp } from '@vigil/api';
import { createCheckerApp, type ProbeTarget } from '@vigil/checker';
import { startTarget } from './checker.bench.js';
import type { BenchResult } from './run.js';
import { benchDatabase, cpuSeconds, dropRedisKeys, load, percentile } from './support.js';

const MONITORS = Number(process.env.BENCH_AGENTS_MONITORS ?? 300);
const ROUNDS = Number(process.env.BENCH_AGENTS_ROUNDS ?? 5);
const PAIRS = Number(process.env.BENCH_AGENTS_PAIRS ?? 3);
const PACED_SECONDS = Number(process.env.BENCH_AGENTS_PACED ?? 40);
const PACED_MONITORS = Number(process.env.BENCH_AGENTS_PACED_MONITORS ?? 50);
const API_PORT = Number(process.env.BENCH_AGENTS_API_PORT ?? 17701);
const TIMEOUT_S = 5;
const PACED_INTERVAL_S = 10;
const LOCATION = 'bench-agents';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function seed(ctx: Context, accountId: number, url: string, regions: string[], count: number, intervalS: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, k) => {
      const u = `${url}?r=${regions.join('')}&i=${intervalS}&m=${i + k}`;
      return { accountId, name: `m ${i + k}`, url: u, normalizedUrl: u, checkInterval: intervalS, timeout: TIMEOUT_S, status: 'up' as const, regions };
    });
    const res = await ctx.db.getRepository(Monitor).insert(rows);
    ids.push(...res.identifiers.map((x) => Number(x.id)));
  }
  return ids;
}

/** The probe target of a seeded monitor, as the checker's loader builds it for an http monitor. */
function targetOf(url: string, regions: string[], intervalS: number, m: number): ProbeTarget {
  return {
    type: 'http',
    url: `${url}?r=${regions.join('')}&i=${intervalS}&m=${m}`,
    method: 'GET',
    headers: {},
    body: null,
    timeoutSeconds: TIMEOUT_S,
    followRedirects: true,
    verifySsl: true,
    expectedStatusCodes: [],
    expectedContent: null,
    assertions: [],
  };
}

const count = async (ctx: Context, tag: string) =>
  ((await ctx.db.query(`SELECT count(*)::int AS n FROM checks WHERE job_key LIKE $1`, [`${tag}-%`])) as { n: number }[])[0].n;

/** CPU ms so far of this process, the agent process and this database's PostgreSQL backends. */
async function cpuNow(ctx: Context, agentPid: number | undefined): Promise<{ node: number; agent: number; pg: Map<number, number> }> {
  const usage = process.cpuUsage();
  const rows = (await ctx.db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as { pid: number }[];
  const pg = new Map<number, number>();
  for (const { pid } of rows) {
    const s = await cpuSeconds(pid);
    if (s !== undefined) pg.set(pid, s * 1000);
  }
  return { node: (usage.user + usage.system) / 1000, agent: ((await cpuSeconds(agentPid)) ?? 0) * 1000, pg };
}

interface Drain {
  perSecond: number;
  total: number;
  seconds: number;
  /** CPU ms per 1,000 checks: this process (API + checker), the agent, PostgreSQL. */
  cpu: { node: number; agent: number; pg: number };
}

/** Waits until `total` checks tagged `tag` are recorded: checks/s over the whole drain, and CPU per check. */
async function measure(ctx: Context, tag: string, total: number, agentPid: number | undefined, start: () => Promise<void>): Promise<Drain> {
  const before = await cpuNow(ctx, agentPid);
  const started = performance.now();
  await start();
  for (;;) {
    const n = await count(ctx, tag);
    if (n >= total) break;
    if (performance.now() - started > 600_000) throw new Error(`${tag}: stuck at ${n}/${total}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await cpuNow(ctx, agentPid);
  const pg = [...after.pg].reduce((sum, [pid, ms]) => sum + ms - (before.pg.get(pid) ?? 0), 0);
  const per = (ms: number) => ms / (total / 1000);
  return {
    // The whole drain, from the first job or offer to the last check: agent results land in posts
    // of up to 100, so a 10 %-90 % window (regions.bench.ts) would span a few jumps and overstate it.
    perSecond: total / seconds,
    total,
    seconds,
    cpu: { node: per(after.node - before.node), agent: per(after.agent - before.agent), pg: per(pg) },
  };
}

/** The in-cluster checker drains ROUNDS MonitorCheck jobs of each of its monitors. */
function checkerDrain(ctx: Context, ids: number[], tag: string): Promise<Drain> {
  return measure(ctx, tag, ids.length * ROUNDS, undefined, async () => {
    for (let r = 0; r < ROUNDS; r++) {
      await ctx.queues.checkQueue('default').addBulk(
        ids.map((monitorId) => ({ name: JobName.MonitorCheck, data: { monitorId }, opts: { ...SCHEDULED_CHECK_JOB_OPTIONS, jobId: `${tag}-${r}-${monitorId}` } })),
      );
    }
  });
}

/** The agent drains ROUNDS runs of each of the location's monitors, offered all due at once (distinct due times per round). */
function agentDrain(ctx: Context, locationId: number, ids: number[], targets: ProbeTarget[], tag: string, agentPid: number | undefined): Promise<Drain> {
  const box = createSecretBox(ctx.config.secretKey);
  const sealed = targets.map((t) => box.sealJson(t));
  return measure(ctx, tag, ids.length * ROUNDS, agentPid, async () => {
    const nowMs = Date.now();
    for (let r = 0; r < ROUNDS; r++) {
      const offers: LocationOffer[] = ids.map((monitorId, k) => ({
        monitorId,
        runKey: `${tag}-${r}-${monitorId}`,
        dueMs: nowMs - 1_000 + r,
        leaseMs: TIMEOUT_S * 1000 + 5_000,
        sealed: sealed[k],
      }));
      for (let i = 0; i < offers.length; i += 500) await offerRuns(ctx.redis, ctx.config.redisPrefix, locationId, offers.slice(i, i + 500), nowMs);
    }
  });
}

/** Monitors at the location every 10 s, offered by the dispatcher: due -> recorded in ms, and the runs seen. */
async function pacedLatency(ctx: Context, accountId: number, url: string): Promise<{ latencies: number[]; monitors: number }> {
  const ids = await seed(ctx, accountId, url, [LOCATION], PACED_MONITORS, PACED_INTERVAL_S);
  const seen = new Map<string, number>();
  const started = Date.now();
  // Runs due from 6 s on (the dispatcher's placement cache is 5 s) until the end of the window.
  const from = started + 6_000;
  const until = started + PACED_SECONDS * 1000;
  const dueOf = (jobKey: string) => Number(jobKey.split(':').pop());
  while (Date.now() < until + (TIMEOUT_S + 10) * 1000) {
    const rows = (await ctx.db.query(`SELECT job_key FROM checks WHERE monitor_id = ANY($1) AND checked_at >= $2`, [ids, new Date(started - 60_000)])) as { job_key: string }[];
    const now = Date.now();
    for (const r of rows) if (!seen.has(r.job_key)) seen.set(r.job_key, now);
    const expected = [...seen.keys()].filter((k) => dueOf(k) >= from && dueOf(k) <= until);
    if (now > until + 2_000 && expected.length >= PACED_MONITORS * Math.floor((until - from) / (PACED_INTERVAL_S * 1000))) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  await ctx.db.query(`UPDATE monitors SET status = 'paused' WHERE id = ANY($1)`, [ids]);
  const latencies = [...seen]
    .filter(([k]) => dueOf(k) >= from && dueOf(k) <= until)
    .map(([k, t]) => t - dueOf(k))
    .sort((a, b) => a - b);
  return { latencies, monitors: ids.length };
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const { url, child: targetChild } = await startTarget();
  const db = await benchDatabase('agents');
  const prefix = `{agbench${randomBytes(3).toString('hex')}}`;
  const env = { ...process.env, DATABASE_URL: db.url, VIGIL_REDIS_PREFIX: prefix, VIGIL_ALLOW_PRIVATE_TARGETS: 'true', CHECKER_HEALTH_PORT: '0', LOG_LEVEL: 'error', VIGIL_BURST_PER_SECOND: '1000000' };
  const config = loadConfig(env);
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const api = http.createServer(createApp(ctx));
  await new Promise<void>((resolve) => api.listen(API_PORT, '127.0.0.1', resolve));
  const checker = createCheckerApp(ctx);
  await checker.start();
  const account = await ctx.db.getRepository(Account).save({ email: `bench-agents-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
  const { location, agentKey } = await createLocation(ctx.db, createSecretBox(config.secretKey), { accountId: account.id, name: LOCATION, allowedCidrs: ['127.0.0.0/8'], offlineAfterSeconds: 300 });
  const agent = spawn(process.execPath, [path.join(root, 'packages/cli/bin/vigil.js'), 'agent'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', VIGIL_API_URL: `http://127.0.0.1:${API_PORT}`, VIGIL_AGENT_KEY: agentKey, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    // Interval 3600 s: the dispatcher offers (almost) none of their own runs during the drains.
    const inCluster = await seed(ctx, account.id, url, ['default'], MONITORS, 3600);
    const atLocation = await seed(ctx, account.id, url, [LOCATION], MONITORS, 3600);
    const targets = atLocation.map((_, m) => targetOf(url, [LOCATION], 3600, m));
    await checkerDrain(ctx, inCluster.slice(0, 100), 'warmc');
    await agentDrain(ctx, location.id, atLocation.slice(0, 100), targets.slice(0, 100), 'warma', agent.pid);
    lines.push(
      `${MONITORS} monitors each way, ${ROUNDS} runs each (${MONITORS * ROUNDS} checks per drain); one checker app (concurrency ${config.concurrency.checker}) and the API in the bench process, one agent process (50 probes in flight); ${PAIRS} pairs of drains alternating which goes first; load before: ${load()} (the machine is shared: the median ratio is the figure)`,
    );
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const cpuText = (d: Drain) => `CPU per 1,000 checks ${d.cpu.node.toFixed(0)} (bench: API + checker) + ${d.cpu.agent.toFixed(0)} (agent) + ${d.cpu.pg.toFixed(0)} (PostgreSQL) ms`;
    for (let p = 0; p < PAIRS; p++) {
      const runChecker = () => checkerDrain(ctx, inCluster, `checker${p}`);
      const runAgent = () => agentDrain(ctx, location.id, atLocation, targets, `agent${p}`, agent.pid);
      const [base, via] = p % 2 === 0 ? [await runChecker(), await runAgent()] : await runAgent().then(async (a) => [await runChecker(), a]);
      ratios.push(via.perSecond / base.perSecond);
      const total = (d: Drain) => d.cpu.node + d.cpu.agent + d.cpu.pg;
      cpuRatios.push(total(via) / total(base));
      lines.push(
        `pair ${p + 1}: in-cluster checker ${base.perSecond.toFixed(0)} checks/s (${base.total} in ${base.seconds.toFixed(1)} s; ${cpuText(base)}), agent ${via.perSecond.toFixed(0)} checks/s (${via.total} in ${via.seconds.toFixed(1)} s; ${cpuText(via)}) = ${(via.perSecond / base.perSecond).toFixed(2)} ×`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    lines.push(`agent / in-cluster checker, checks/s persisted: median ${median(ratios).toFixed(2)} × (target >= 0.8)`);
    lines.push(`CPU per check, agent path / checker path (all processes and PostgreSQL): median ${median(cpuRatios).toFixed(2)} ×`);
    const { latencies, monitors } = await pacedLatency(ctx, account.id, url);
    lines.push(
      `due -> recorded over the agent path (${monitors} monitors every ${PACED_INTERVAL_S} s for ${PACED_SECONDS} s, offered by the dispatcher, timeout ${TIMEOUT_S} s): ${latencies.length} runs, p50 ${percentile(latencies, 50)?.toFixed(0)} ms, p99 ${percentile(latencies, 99)?.toFixed(0)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(0)} ms (target p99 <= ${TIMEOUT_S * 1000 + 2000} ms); load after: ${load()}`,
    );
  } finally {
    agent.kill('SIGTERM');
    await new Promise((resolve) => (agent.exitCode !== null ? resolve(null) : agent.once('exit', resolve)));
    await checker.stop();
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
    await dropRedisKeys(ctx, prefix);
    await ctx.close();
    await db.drop();
    targetChild.kill();
  }
  return { name: 'Agents: checks/s through one agent vs one in-cluster checker, due -> recorded latency', lines };
}
