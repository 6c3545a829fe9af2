/**
 * Every operation of the API's served OpenAPI document under autocannon, against bare Express
 * answering the same bytes, in one run (issue 35):
 * - the real API (`vigil start api`, compiled) in a child process on a database of its own, with
 *   a checker (manual checks, private-location offers), a notifier (test deliveries) and a scanner (header grades) beside it, a loopback site, and a
 *   loopback DNS server (domain verifications); the data is api-ops-fixtures.ts's (30 days of
 *   rollups and 1,440 checks a monitor, incidents, a scanned domain, deliveries...) and
 *   api-ops-fixtures-more.ts's (a private location and its agent, an on-call integration, an
 *   account per connection for configuration as code), limits that
 *   a setting raises raised (VIGIL_TIERS, VIGIL_BURST_PER_SECOND);
 * - each row of api-ops-table.ts is a sequence of requests a connection repeats (a read, or a
 *   write cycle: create + delete, update there and back), first made once to record each
 *   answer's status, content type and body;
 * - bare Express (express.json() and the recorded answer by the x-bench-step header) in another
 *   child process, sent the very same sequence;
 * - autocannon in this process, BENCH_API_OPS_CONNECTIONS (100) connections.
 * - after a row's Vigil run, a wait until Vigil's stack is back to idle (settle) before bare
 *   Express's run: the work a run leaves behind (the checker recording pings) shares neither
 *   bare's cores nor the next row's.
 * Per row: the API's CPU per request, and the whole stack's (the API, checker, notifier and
 * scanner processes and the PostgreSQL backends of the bench's database): a write's cost lies
 * mostly outside the API (its commit, the schedule it changes, the first check it queues).
 * An operation of the document that no row names is listed and the run ends with exit code 1.
 *
 * Targets: authenticated rows >= 0.3 x bare throughput, public ones >= 0.5 x, and p99 <= 2 x bare
 * Express's p99 in the same run.
 *
 * `npm run bench api-ops` runs it alone; `npm run bench api` runs it and then api.bench.ts (the
 * hot-path figures other docs quote).
 *
 * Env: BENCH_API_OPS_SECONDS (2 per measurement), BENCH_API_OPS_WARMUP (0.5 s of the same run
 * before it, not counted),
 * BENCH_API_OPS_CONNECTIONS (100), BENCH_API_OPS_ONLY (a regex on the row's label, e.g.
 * 'monitors'), BENCH_API_OPS_PORT (3960; +1 bare Express, +2 to +4 the workers' health ports),
 * BENCH_API_OPS_CPU_PROF (a directory: the API runs with `node --cpu-prof` and writes its
 * profile there on stop; with BENCH_API_OPS_ONLY, the profile of those rows),
 * BENCH_API_OPS_RATE (unset: as fast as they answer; a number: at most that many requests a
 * second over all connections, both servers, so that two builds' CPU µs/req compare at the same
 * rate: the process's work of every second, timers and GC included, is shared out over the same
 * number of requests).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { createContext, createLogger, loadConfig } from '@vigil/core';
import { startDnsServer } from '../test/support/dns-server.js';
import { seedFixtures, seedHeaderCheck, type Fixtures } from './api-ops-fixtures.js';
import { OPERATIONS, type Carry, type OpRow, type Step } from './api-ops-table.js';
import type { BenchResult } from './run.js';
import { benchDatabase, benchProcessEnv, child, cpuSeconds, dropRedisKeys, listen, load, processCpuMs, stop, waitFor } from './support.js';

const SECONDS = Number(process.env.BENCH_API_OPS_SECONDS ?? 2);
const WARMUP = Number(process.env.BENCH_API_OPS_WARMUP ?? 0.5);
const CONNECTIONS = Number(process.env.BENCH_API_OPS_CONNECTIONS ?? 100);
const ONLY = process.env.BENCH_API_OPS_ONLY ? new RegExp(process.env.BENCH_API_OPS_ONLY, 'i') : undefined;
const PORT = Number(process.env.BENCH_API_OPS_PORT ?? 3960);
const CPU_PROF = process.env.BENCH_API_OPS_CPU_PROF;
const RATE = process.env.BENCH_API_OPS_RATE ? Number(process.env.BENCH_API_OPS_RATE) : undefined;
/** Heartbeat monitors whose tokens the four ping rows share out (120 pings a minute each). */
const PING_TOKENS = 400;
const OTHER_ACCOUNTS = 10;
/** Recording a limited row repeats it until its 429, at most this many times. */
const UNTIL_LIMIT = 30;

interface Answer {
  status: number;
  type: string;
  body: string;
}

interface Measured {
  rps: number;
  p99: number;
  /** Answers whose status is not the one recorded for their step, and socket errors or timeouts. */
  unexpected: number;
  errors: number;
  cpuUs?: number;
  /** The whole stack's CPU per answer: the API, the workers and the database's backends (stackCpu). */
  stackUs?: number;
}

/** CPU ms so far of each process of a stack, by pid (a process started since counts whole); undefined where /proc is not. */
type StackCpu = () => Map<number, number> | undefined;

/** The CPU seconds `stack` spent since `before`. */
function stackSpent(stack: StackCpu, before: Map<number, number> | undefined): number | undefined {
  const after = stack();
  if (!before || !after) return undefined;
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent / 1000;
}

/** How often settle() samples the stack's CPU, and how long it waits at most. */
const SETTLE_STEP_MS = 250;
const SETTLE_MAX_MS = 30_000;

/** The stack's CPU use now, in cores, over one SETTLE_STEP_MS (undefined where /proc is not). */
async function stackCores(stack: StackCpu): Promise<number | undefined> {
  const before = stack();
  await sleep(SETTLE_STEP_MS);
  const spent = stackSpent(stack, before);
  return spent === undefined ? undefined : spent / (SETTLE_STEP_MS / 1000);
}

/**
 * Waits until the work a measured run left behind is done (the checker recording its pings, the
 * relay and the notifier their events): until the stack uses no more than `quietCores` (what it
 * uses idle, measured before the first row, plus a margin), SETTLE_MAX_MS at most. Then bare
 * Express is measured without Vigil's backlog sharing its cores, and the next row starts quiet.
 * Returns the seconds waited.
 */
async function settle(stack: StackCpu, quietCores: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < SETTLE_MAX_MS) {
    const cores = await stackCores(stack);
    if (cores === undefined || cores <= quietCores) break;
  }
  return (Date.now() - started) / 1000;
}

/**
 * StackCpu of `pids` and of the PostgreSQL backends of database `name` (found in /proc by their
 * process title), read synchronously: this process's event loop also runs autocannon, and
 * awaited reads could land after the measured run.
 */
function stackOf(pids: readonly number[], name: string): StackCpu {
  const title = ` ${name} `;
  return () => {
    let entries: string[];
    try {
      entries = readdirSync('/proc');
    } catch {
      return undefined;
    }
    const cpu = new Map<number, number>();
    for (const entry of entries) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      if (!pids.includes(pid)) {
        let cmdline: string;
        try {
          cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        if (!cmdline.startsWith('postgres:') || !cmdline.includes(title)) continue;
      }
      const ms = processCpuMs(pid);
      if (ms !== null) cpu.set(pid, ms);
    }
    return cpu;
  };
}

const BARE_SERVER = `
import { readFileSync } from 'node:fs';
import express from 'express';
const answers = JSON.parse(readFileSync(process.env.BENCH_ANSWERS, 'utf8'));
const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.get('/bench-ready', (_req, res) => res.end());
app.use((req, res) => {
  const a = answers[req.get('x-bench-step')];
  if (!a) return res.status(404).end();
  res.status(a.status).set('content-type', a.type).send(a.body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

const METHODS = { get: 'GET', put: 'PUT', post: 'POST', delete: 'DELETE', patch: 'PATCH' } as const;
const isMethod = (m: string): m is keyof typeof METHODS => m in METHODS;

const opOf = (step: Step) => {
  const [method, template] = step.op.split(' ');
  if (!isMethod(method)) throw new Error(`bench/api-ops-table.ts: ${step.op} is not "get|put|post|delete|patch /path"`);
  return { method: METHODS[method], template };
};

/** "GET /x → DELETE /x/{id}" (each operation once), "(other accounts)" when the keys vary, "(an account per connection)". */
function labelOf(row: OpRow): string {
  const ops = [...new Set(row.steps.map((s) => `${opOf(s).method} ${opOf(s).template}`))];
  const accounts = row.steps.some((s) => s.auth === 'many') ? ' (other accounts)' : row.steps.some((s) => s.auth === 'own') ? ' (an account per connection)' : '';
  return ops.join(' → ') + accounts;
}

let sequence = 0;
/** The next connection's own configuration account (`auth: 'own'`), handed out in turn. */
let ownAccounts = 0;

/** The Authorization header of a step, for this cycle's carry. */
function authorizationOf(f: Fixtures, step: Step, c: Carry): string | undefined {
  switch (step.auth ?? 'main') {
    case 'main':
      return `Bearer ${f.key}`;
    case 'many':
      return `Bearer ${f.otherKeys[Number(c.acct)]}`;
    case 'own':
      return `Bearer ${f.configKeys[Number(c.own)]}`;
    case 'agent':
      return `Bearer ${f.agentKey}`;
    case 'none':
      return undefined;
  }
}

/** The request of `step` for this cycle's carry: method, path with its query, headers, body. */
function requestOf(f: Fixtures, index: string, step: Step, c: Carry) {
  const n = ++sequence;
  const { method, template } = opOf(step);
  if (step.auth === 'many' && index.endsWith('.0')) c.acct = n % f.otherKeys.length;
  if (step.auth === 'own' && c.own === undefined) c.own = ownAccounts++ % f.configKeys.length;
  const params = step.params?.(f, c, n) ?? {};
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name]))) + (step.query ? `?${step.query(f)}` : '');
  const headers: Record<string, string> = { 'x-bench-step': index, ...step.headers?.(f) };
  const authorization = authorizationOf(f, step, c);
  if (authorization) headers.authorization = authorization;
  if (step.accept) headers.accept = step.accept;
  const body = step.body?.(f, n, c);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

function carryFrom(step: Step, type: string, body: string, c: Carry): void {
  if (!step.save || !type.startsWith('application/json')) return;
  try {
    step.save(JSON.parse(body) as Record<string, unknown>, c);
  } catch {
    // not JSON after all: nothing to carry, the next step answers its 404
  }
}

/** Makes a row's cycle once against the API; a limited row again until its 429. The answers by step. */
async function record(base: string, f: Fixtures, rowIndex: number, row: OpRow): Promise<Map<string, Answer>> {
  const repeats = row.note?.startsWith('measured at its 429') ? UNTIL_LIMIT : 1;
  let answers = new Map<string, Answer>();
  for (let i = 0; i < repeats; i++) {
    answers = new Map();
    const c: Carry = {};
    for (const [s, step] of row.steps.entries()) {
      const index = `${rowIndex}.${s}`;
      const req = requestOf(f, index, step, c);
      const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
      const answer = { status: res.status, type: res.headers.get('content-type') ?? 'text/plain', body: await res.text() };
      answers.set(index, answer);
      carryFrom(step, answer.type, answer.body, c);
    }
    if ([...answers.values()].some((a) => a.status === 429)) break;
  }
  return answers;
}

/**
 * One autocannon run of the row's cycle on every connection for WARMUP + SECONDS, counting only
 * what answers after the warm-up (one run: the connections stay open, and no backlog of a
 * separate warm-up run is left for the measurement to wait behind): the answers' times (all
 * statuses), those whose status is not the recorded one, errors, and the server's CPU time per answer.
 */
function measure(base: string, server: ChildProcess, f: Fixtures, rowIndex: number, row: OpRow, expected: Map<string, Answer>, stack?: StackCpu): Promise<Measured> {
  let counting = false;
  let unexpected = 0;
  const requests = row.steps.map((step, s) => {
    const index = `${rowIndex}.${s}`;
    return {
      method: opOf(step).method,
      path: '/',
      // autocannon hands each connection's context as an object; this bench only ever puts a Carry in it.
      setupRequest: (req: autocannon.Request, c: object) => ({ ...req, ...requestOf(f, index, step, c as Carry) }),
      onResponse: (status: number, body: string, c: object, headers?: IncomingHttpHeaders) => {
        if (counting && status !== expected.get(index)?.status) unexpected++;
        // autocannon keeps the header names as the server wrote them (Express: Content-Type).
        const type = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
        carryFrom(step, String(type ?? ''), body, c as Carry);
      },
    };
  });
  return new Promise<Measured>((resolve, reject) => {
    const times: number[] = [];
    let before: Promise<number | undefined> = Promise.resolve(undefined);
    let stackBefore: Map<number, number> | undefined;
    const warm = setTimeout(() => {
      counting = true;
      before = cpuSeconds(server.pid);
      stackBefore = stack?.();
    }, WARMUP * 1000);
    const instance = autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP + SECONDS, timeout: 20, requests, ...(RATE ? { overallRate: RATE } : {}) }, (err: unknown, r: autocannon.Result) => {
      clearTimeout(warm);
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      const stackSeconds = stack ? stackSpent(stack, stackBefore) : undefined;
      void Promise.all([before, cpuSeconds(server.pid)]).then(([start, end]) => {
        times.sort((a, b) => a - b);
        const p99 = times.length ? times[Math.max(0, Math.ceil(0.99 * times.length) - 1)] : 0;
        const perAnswer = (seconds: number | undefined) => (seconds === undefined || !times.length ? undefined : (seconds / times.length) * 1e6);
        const cpuUs = perAnswer(start === undefined || end === undefined ? undefined : end - start);
        resolve({ rps: times.length / SECONDS, p99, unexpected, errors: r.errors + r.timeouts, cpuUs, stackUs: perAnswer(stackSeconds) });
      });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      if (counting) times.push(ms);
    });
  });
}

/** The document's operations, "get /path/{id}". */
async function documentedOperations(base: string): Promise<string[]> {
  const doc = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
  return Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => methods.has(m)).map((m) => `${m} ${p}`));
}

const int = (n: number) => Math.round(n).toLocaleString('en');
const ms = (n: number) => n.toFixed(1);

export default async function bench(): Promise<BenchResult> {
  const started = Date.now();
  const lines: string[] = [];
  const loadBefore = load();
  const db = await benchDatabase('apiops');
  const prefix = `{vbops${randomBytes(3).toString('hex')}}`;
  const site = await listen((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/html', 'x-content-type-options': 'nosniff' }).end('<p>ok</p>');
  });
  const dns = await startDnsServer();
  const answersFile = path.join(os.tmpdir(), `vigil-api-ops-${process.pid}.json`);
  const env = benchProcessEnv(db.url, prefix, {
    PORT: String(PORT),
    CHECKER_HEALTH_PORT: String(PORT + 2),
    NOTIFIER_HEALTH_PORT: String(PORT + 3),
    SCANNER_HEALTH_PORT: String(PORT + 4),
    VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
    VIGIL_DNS_SERVERS: dns.server,
    // A busy shared machine delays Redis answers past the 1 s default (the API then ends on an
    // unhandled ioredis "Command timed out"): set it higher to measure on one.
    VIGIL_REDIS_COMMAND_TIMEOUT_MS: process.env.VIGIL_REDIS_COMMAND_TIMEOUT_MS ?? '1000',
    VIGIL_TIERS: JSON.stringify({ enterprise: { requestsPerMinute: 100_000_000, domainCreatesPerMinute: 100_000_000, headerChecksPerDay: 100_000_000 } }),
  });
  const ctx = await createContext(loadConfig(env), { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  const procs: ChildProcess[] = [];
  let undeclared = 0;
  try {
    const api = child([...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF] : []), 'packages/cli/bin/vigil.js', 'start', 'api'], env);
    procs.push(api, child(['packages/cli/bin/vigil.js', 'start', 'checker'], env), child(['packages/cli/bin/vigil.js', 'start', 'notifier'], env));
    const base = `http://127.0.0.1:${PORT}`;
    // Three processes start at once on a machine that may be busy: a minute's patience.
    await waitFor(`${base}/healthz`, 60);
    const seeded = await seedFixtures(ctx, base, site.url, dns, { pingTokens: PING_TOKENS, otherAccounts: OTHER_ACCOUNTS, configAccounts: CONNECTIONS });
    // The scanner grades headers (/headers/check, /headers/grade); started only now, so the
    // domain's first scan was the fixture's to complete, not the scanner's to fail.
    procs.push(child(['packages/cli/bin/vigil.js', 'start', 'scanner'], env));
    const f: Fixtures = { ...seeded.fixtures, headerCheckId: await seedHeaderCheck(ctx, base, seeded.fixtures, seeded.accountId) };
    // Vigil's stack: the API and its workers (every process started so far) and the database's backends.
    const stackCpu = stackOf(
      procs.flatMap((p) => (p.pid === undefined ? [] : [p.pid])),
      new URL(db.url).pathname.slice(1),
    );

    const documented = await documentedOperations(base);
    const declared = new Set(OPERATIONS.flatMap((row) => row.steps.map((s) => s.op)));
    const missing = documented.filter((op) => !declared.has(op));
    const stale = [...declared].filter((op) => !documented.includes(op));
    undeclared = missing.length;
    for (const op of missing) lines.push(`UNDECLARED: ${op.toUpperCase().split(' ')[0]} ${op.split(' ')[1]} is in the document but no row of bench/api-ops-table.ts calls it: add one`);
    for (const op of stale) lines.push(`STALE: ${op} is declared in bench/api-ops-table.ts but not in the document`);

    const rows = OPERATIONS.map((row, i) => ({ row, i, label: labelOf(row) })).filter(({ label }) => !ONLY || ONLY.test(label));
    const recorded = new Map<number, Map<string, Answer>>();
    for (const { row, i } of rows) recorded.set(i, await record(base, f, i, row));
    await writeFile(answersFile, JSON.stringify(Object.fromEntries([...recorded.values()].flatMap((m) => [...m]))));
    const bareProc = child(['--input-type=module', '-e', BARE_SERVER], { ...process.env, PORT: String(PORT + 1), BENCH_ANSWERS: answersFile });
    procs.push(bareProc);
    const bare = `http://127.0.0.1:${PORT + 1}`;
    await waitFor(`${bare}/bench-ready`);

    lines.push(`API: \`vigil start api\` (compiled, NODE_ENV=production) + checker, notifier and scanner in child processes; bare Express (express.json(), the recorded answer) in another; autocannon here, ${CONNECTIONS} connections, ${SECONDS} s per measurement after ${WARMUP} s of warm-up on the same connections, and one untimed pass of the first row on both servers before any`);
    lines.push(
      `data: one enterprise account, ${f.otherKeys.length} more for the "(other accounts)" rows, ${f.configKeys.length} configuration accounts (10 monitors, a webhook, a window and a page each) for the "(an account per connection)" rows; every HTTP monitor of the first ${f.otherKeys.length + 1} accounts 30 days of hourly rollups and 1,440 checks in the last 24 h; ${f.pingTokens.length} heartbeat tokens for the ping rows; a private location with 20 monitors and an agent; an Opsgenie integration with ${f.acknowledgedIncidentIds.length} incidents it acknowledged`,
    );
    lines.push(
      `a row is one cycle a connection repeats (→ between its steps); req/s counts every request; p99 of every answer; CPU = the serving process's user + system time per request; stack CPU = Vigil's whole stack's per request: the API, checker, notifier and scanner processes and the PostgreSQL backends of the bench's database (not Redis, which other work shares); "answers" = the recorded statuses, ! when some answers differed`,
    );
    // The stack idle (the checker probing the fixtures' monitors, the relay polling): what settle() waits for, plus a margin.
    const idleSamples: number[] = [];
    for (let k = 0; k < 4; k++) idleSamples.push((await stackCores(stackCpu)) ?? 0);
    const idleCores = Math.min(...idleSamples);
    const quietCores = idleCores + 0.1;
    lines.push(
      `after a row's Vigil run the bench waits until Vigil's stack is back under ${quietCores.toFixed(2)} cores (idle: ${idleCores.toFixed(2)}, + 0.1), ${SETTLE_MAX_MS / 1000} s at most, before bare Express's run: bare is not measured beside the work Vigil's run left behind (the checker recording pings), and the next row starts quiet; a row whose work went on after its run says how long`,
    );
    lines.push('');
    lines.push('| operation | Vigil req/s | bare req/s | ratio | Vigil p99 ms | bare p99 ms | p99 ratio | CPU µs/req Vigil / bare | stack CPU µs/req | answers | verdict |');
    lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |');
    const verdicts = { pass: 0, fail: [] as string[] };
    // One untimed pass of the first row on both servers: their first 100 connections, pools and
    // JIT are set up here, not inside whichever row happens to be measured first.
    const first = rows[0];
    if (first) {
      await measure(base, api, f, first.i, first.row, recorded.get(first.i) ?? new Map<string, Answer>());
      await measure(bare, bareProc, f, first.i, first.row, recorded.get(first.i) ?? new Map<string, Answer>());
    }
    for (const { row, i, label } of rows) {
      if (api.exitCode !== null) {
        lines.push(`| ${label} | API process exited (code ${api.exitCode}): not measured | | | | | | | | | FAIL |`);
        verdicts.fail.push(label);
        continue;
      }
      const expected = recorded.get(i) ?? new Map<string, Answer>();
      const vigil = await measure(base, api, f, i, row, expected, stackCpu);
      const after = await settle(stackCpu, quietCores);
      const baseline = await measure(bare, bareProc, f, i, row, expected);
      const ratio = baseline.rps ? vigil.rps / baseline.rps : 0;
      const p99Ratio = baseline.p99 ? vigil.p99 / baseline.p99 : Infinity;
      const target = row.public ? 0.5 : 0.3;
      const ok = ratio >= target && p99Ratio <= 2;
      if (ok) verdicts.pass++;
      else verdicts.fail.push(label);
      const statuses = [...new Set([...expected.values()].map((a) => a.status))].join('/');
      const odd = vigil.unexpected + vigil.errors ? ` ! ${vigil.unexpected} other, ${vigil.errors} errors` : '';
      const cpu = `${vigil.cpuUs === undefined ? '?' : int(vigil.cpuUs)} / ${baseline.cpuUs === undefined ? '?' : int(baseline.cpuUs)}`;
      const stackUs = vigil.stackUs === undefined ? '?' : int(vigil.stackUs);
      const backlog = after >= 1 ? `; its work went on ${after.toFixed(1)} s after the run${after * 1000 >= SETTLE_MAX_MS ? ' (or more: the wait ended)' : ''}` : '';
      const verdict = `${ok ? 'PASS' : 'FAIL'} (≥ ${target} ×)${row.note ? `; ${row.note}` : ''}${backlog}`;
      lines.push(`| ${label} | ${int(vigil.rps)} | ${int(baseline.rps)} | ${ratio.toFixed(2)} | ${ms(vigil.p99)} | ${ms(baseline.p99)} | ${p99Ratio.toFixed(2)} | ${cpu} | ${stackUs} | ${statuses}${odd} | ${verdict} |`);
    }
    lines.push('');
    lines.push(`SUMMARY: ${verdicts.pass} rows PASS, ${verdicts.fail.length} FAIL of ${rows.length}${ONLY ? ` (BENCH_API_OPS_ONLY=${ONLY.source})` : ''}; ${documented.length} operations in the document, ${missing.length} without a row`);
    lines.push(`load average 1/5/15 min: ${loadBefore} before, ${load()} after, on ${os.cpus().length} cores; ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
    if (os.loadavg()[0] > os.cpus().length) lines.push('NOTE: the load average exceeded the core count: other work shared the CPUs; rerun on a quiet machine before judging');
    if (undeclared) lines.push(`FAIL: ${undeclared} operations of the document have no row in bench/api-ops-table.ts (exit code 1)`);
  } finally {
    await Promise.all(procs.map(stop));
    await rm(answersFile, { force: true });
    await dropRedisKeys(ctx, prefix);
    await dropRedisKeys(ctx, `${prefix.slice(0, -1)}:`);
    await ctx.close();
    await db.drop();
    await site.close();
    await dns.close();
  }
  if (undeclared) process.exitCode = 1;
  return { name: 'API, every operation', lines };
}
