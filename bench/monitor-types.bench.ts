/**
 * Checks/s persisted per monitor type, in one run: N http, N tcp and N dns monitors, each type
 * drained by the real checker app (BullMQ worker, MonitorCheck handler with the type's prober,
 * group-commit writer, PostgreSQL) exactly as bench/checker.bench.ts drains http monitors; http
 * is the baseline of the ratios. Targets run in child processes: the one-line node:http server
 * (http monitors request it, tcp monitors connect to its port) and a one-line UDP DNS server
 * answering A 127.0.0.1 for every name (dns monitors ask it through VIGIL_DNS_SERVERS).
 *
 * Env: BENCH_TYPES_MONITORS (1000), BENCH_TYPES_ROUNDS (10).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Account, Monitor, createContext, createLogger, loadConfig, type Context, type MonitorType } from '@vigil/core';
import { ALL_VARIANTS, checkerRun, startTarget } from './checker.bench.js';
import type { BenchResult } from './run.js';
import { benchDatabase, dropRedisKeys } from './support.js';

const MONITORS = Number(process.env.BENCH_TYPES_MONITORS ?? 1000);
const ROUNDS = Number(process.env.BENCH_TYPES_ROUNDS ?? 10);

async function startDnsTarget(): Promise<{ server: string; child: ChildProcess }> {
  const code = `const p = require('dns-packet'); const s = require('dgram').createSocket('udp4');
s.on('message', (m, r) => { const q = p.decode(m); s.send(p.encode({ type: 'response', id: q.id, flags: p.RECURSION_AVAILABLE, questions: q.questions,
  answers: q.questions.filter((x) => x.type === 'A').map((x) => ({ type: 'A', name: x.name, ttl: 1, data: '127.0.0.1' })) }), r.port, r.address); });
s.bind(0, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', () => reject(new Error('dns target exited')));
  });
  return { server: `127.0.0.1:${port}`, child };
}

/** N monitors of a type against the targets, hourly (the reconciler adds next to nothing). */
async function seed(ctx: Context, type: MonitorType, httpUrl: string): Promise<number[]> {
  const account = await ctx.db.getRepository(Account).save({ email: `bench-${type}-${randomBytes(4).toString('hex')}@example.com`, tier: 'enterprise' });
  const port = Number(new URL(httpUrl).port);
  const row = (i: number): Partial<Monitor> => {
    const base = { accountId: account.id, name: `${type} ${i}`, checkInterval: 3600, status: 'up' as const };
    if (type === 'tcp') {
      return { ...base, type, config: { host: '127.0.0.1', port, tls: false, verify_tls: true, servername: null }, url: `tcp://127.0.0.1:${port}`, normalizedUrl: `tcp://127.0.0.1:${port}#${i}` };
    }
    if (type === 'dns') {
      const name = `m${i}.bench.test`;
      return { ...base, type, config: { name, record_type: 'A', expected_values: ['127.0.0.1'], match: 'any', resolver: null }, url: `dns:${name}?type=A`, normalizedUrl: `dns:${name}?type=A` };
    }
    return { ...base, url: `${httpUrl}?m=${i}`, normalizedUrl: `${httpUrl}?m=${i}` };
  };
  const ids: number[] = [];
  for (let i = 0; i < MONITORS; i += 500) {
    const res = await ctx.db.getRepository(Monitor).insert(Array.from({ length: Math.min(500, MONITORS - i) }, (_, k) => row(i + k)));
    ids.push(...res.identifiers.map((x) => Number(x.id)));
  }
  return ids;
}

export default async function bench(): Promise<BenchResult> {
  const lines: string[] = [];
  const http = await startTarget();
  const dns = await startDnsTarget();
  const db = await benchDatabase('h16seam_types');
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    VIGIL_REDIS_PREFIX: `{vbench${randomBytes(3).toString('hex')}}`,
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    VIGIL_DNS_SERVERS: dns.server,
    CHECKER_HEALTH_PORT: '0',
    LOG_LEVEL: 'error',
  });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  try {
    const ids = { http: await seed(ctx, 'http', http.url), tcp: await seed(ctx, 'tcp', http.url), dns: await seed(ctx, 'dns', http.url) };
    await checkerRun(ctx, ids.http.slice(0, 1000), ALL_VARIANTS.default, 'warmup', 1);
    lines.push(`${MONITORS} monitors × ${ROUNDS} rounds = ${MONITORS * ROUNDS} checks per type; worker concurrency ${config.concurrency.checker}; defaults (no keep-alive, batched writer)`);
    let baseline = 0;
    for (const type of ['http', 'tcp', 'dns'] as const) {
      const run = await checkerRun(ctx, ids[type], ALL_VARIANTS.default, `types${type}`, ROUNDS);
      const errors = (await ctx.db.query(
        `SELECT error, count(*)::int AS n FROM checks WHERE job_key LIKE $1 AND status = 'failure' GROUP BY error ORDER BY n DESC LIMIT 3`,
        [`types${type}-%`],
      )) as { error: string; n: number }[];
      const failed = errors.length ? `; failed: ${errors.map((e) => `${e.n} × ${e.error}`).join(', ')}` : '; none failed';
      if (type === 'http') baseline = run.perSecond;
      lines.push(`${type}: ${run.perSecond.toFixed(0)} checks/s persisted = ${(run.perSecond / baseline).toFixed(2)} × http; all ${run.total} in ${run.seconds.toFixed(1)} s${failed}`);
    }
  } finally {
    await dropRedisKeys(ctx, config.redisPrefix);
    await ctx.close();
    await db.drop();
    http.child.kill();
    dns.child.kill();
  }
  return { name: 'Checks per monitor type', lines };
}
