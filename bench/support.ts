/** Helpers shared by the benchmarks (bench/run.ts only runs *.bench.ts, so this is never run). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createContext, createLogger, loadConfig, type Context, type RedisClient } from '@vigil/core';
import { deletePrefixKeys } from '../test/support/redis-keys.js';

/**
 * A fresh database name on DATABASE_URL's server, `<BENCH_DATABASE_PREFIX, vigil_bench>_<tag>_<random>`: its URL (for
 * createContext with prepareDatabase, which creates and migrates it) and a drop that removes it.
 */
export async function benchDatabase(tag: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vigil');
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'vigil_bench'}_${tag}_${randomBytes(3).toString('hex')}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new URL(server);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The environment of Vigil's processes in a bench that starts them (`vigil start ...`): production
 * mode, the bench's database and Redis prefix, errors only in the logs, the burst limit lifted;
 * `extra` adds the bench's own (ports, tiers, targets).
 */
export function benchProcessEnv(databaseUrl: string, prefix: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    VIGIL_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    VIGIL_SECRET_KEY: process.env.VIGIL_SECRET_KEY ?? randomBytes(32).toString('hex'),
    VIGIL_BURST_PER_SECOND: '100000000',
    ...extra,
  };
}

/**
 * Deletes every Redis key under `prefix` (the bench's own VIGIL_REDIS_PREFIX), those on a tagged
 * prefix of it too (an account's counters: `{vbx}` → `{vbx:a1}:…`, which `{vbx}*` does not match).
 */
export function dropRedisKeys(ctx: Context, prefix: string): Promise<void> {
  return deletePrefixKeys(ctx.redis, prefix);
}

/**
 * A Context for benchmarks that drive the API: a fresh database (created and migrated), a Redis
 * prefix of its own, the burst limit and the enterprise per-minute limit lifted so the limits
 * are not what is measured. `close` removes the keys, the connections and the database.
 */
export async function apiBenchContext(tag: string): Promise<{ ctx: Context; prefix: string; close: () => Promise<void> }> {
  const db = await benchDatabase(tag);
  const prefix = `{vb${tag}${randomBytes(3).toString('hex')}}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: db.url,
    VIGIL_REDIS_PREFIX: prefix,
    LOG_LEVEL: 'error',
    VIGIL_BURST_PER_SECOND: '1000000',
    VIGIL_TIERS: JSON.stringify({ enterprise: { requestsPerMinute: 100_000_000 } }),
  });
  const ctx = await createContext(config, { prepareDatabase: true, logger: createLogger({ level: 'error' }) });
  return {
    ctx,
    prefix,
    close: async () => {
      await dropRedisKeys(ctx, prefix);
      await ctx.close();
      await db.drop();
    },
  };
}

/** One check row as COPY text (tab-separated, \N for null), in the column order of copyChecks. */
export interface BenchCheckRow {
  monitorId: number;
  checkedAt: Date;
  responseTimeMs: number;
  jobKey: string;
}

/**
 * COPY FROM STDIN of rows into a table with the checks columns; resolves once committed, with the
 * CPU seconds its server backend spent (undefined when the server's /proc is not this host's).
 */
export async function copyChecks(url: string, table: string, rows: Iterable<BenchCheckRow>): Promise<{ backendCpuSeconds: number | undefined }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [{ pid }],
    } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const before = await cpuSeconds(pid);
    const stream = client.query(
      copyFrom(`COPY ${table} (monitor_id, checked_at, status, response_time_ms, status_code, error, job_key) FROM STDIN`),
    );
    await pipeline(
      Readable.from(
        (function* () {
          let chunk = '';
          for (const r of rows) {
            chunk += `${r.monitorId}\t${r.checkedAt.toISOString()}\tsuccess\t${r.responseTimeMs}\t200\t\\N\t${r.jobKey}\n`;
            if (chunk.length > 1 << 16) {
              yield chunk;
              chunk = '';
            }
          }
          if (chunk) yield chunk;
        })(),
      ),
      stream,
    );
    const after = await cpuSeconds(pid);
    return { backendCpuSeconds: before === undefined || after === undefined ? undefined : after - before };
  } finally {
    await client.end();
  }
}

/** CPU seconds so far of each server backend connected to ctx's database, by pid (this host's /proc; undefined elsewhere). */
export async function databaseBackendsCpu(ctx: Context): Promise<Map<number, number> | undefined> {
  const backends = await ctx.db.query<{ pid: number }[]>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const cpu = new Map<number, number>();
  for (const { pid } of backends) {
    const seconds = await cpuSeconds(pid);
    if (seconds === undefined) return undefined;
    cpu.set(pid, seconds);
  }
  return cpu;
}

/** The CPU seconds ctx's database's backends spent since `before` (databaseBackendsCpu); backends started since count whole. */
export async function databaseBackendsCpuSince(ctx: Context, before: Map<number, number> | undefined): Promise<number | undefined> {
  const after = await databaseBackendsCpu(ctx);
  if (!before || !after) return undefined;
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** Bytes of WAL written between two LSNs read from pg_current_wal_lsn(). */
export async function walLsn(ctx: Context): Promise<string> {
  const [{ lsn }] = (await ctx.db.query('SELECT pg_current_wal_lsn()::text AS lsn')) as { lsn: string }[];
  return lsn;
}

export async function walBytesSince(ctx: Context, lsn: string): Promise<number> {
  const [{ n }] = (await ctx.db.query('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint AS n', [lsn])) as { n: string }[];
  return Number(n);
}

/** WAL written for one database's blocks: all of it, and the full-page images within it. */
export interface DatabaseWal {
  bytes: number;
  fpiBytes: number;
}

export interface WalMeter {
  /** The WAL records since the meter started that touch the database's blocks; the meter is closed. */
  stop(): Promise<DatabaseWal>;
}

/**
 * Meters the WAL one database writes (`url`'s), which pg_current_wal_lsn's difference cannot
 * tell apart from other databases' writes on a shared server. A temporary physical replication
 * slot on a connection of its own keeps the server's WAL from now on (other sessions' forced
 * checkpoints would recycle it), and is dropped with that connection whatever happens; at stop,
 * pg_walinspect sums the records whose blocks belong to the database (commit records, which
 * have none, are left out), up to the WAL flushed (it refuses an end past that: "cannot accept
 * future end LSN"; what was measured is committed, hence flushed). Null when the server does not allow it (a superuser is needed).
 */
export async function meterDatabaseWal(url: string): Promise<WalMeter | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`vigil_bench_wal_${randomBytes(4).toString('hex')}`]);
    const {
      rows: [{ lsn }],
    } = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return {
      async stop() {
        try {
          const {
            rows: [row],
          } = await client.query<{ bytes: string | null; fpi: string | null }>(
            `SELECT sum(record_length)::bigint AS bytes, sum(fpi_length)::bigint AS fpi
               FROM pg_get_wal_records_info($1::pg_lsn, pg_current_wal_flush_lsn())
              WHERE block_ref LIKE '%/' || (SELECT oid FROM pg_database WHERE datname = current_database()) || '/%'`,
            [lsn],
          );
          return { bytes: Number(row.bytes ?? 0), fpiBytes: Number(row.fpi ?? 0) };
        } finally {
          await client.end();
        }
      },
    };
  } catch {
    await client.end();
    return null;
  }
}

/** The p-th percentile of ascending samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Timing {
  label: string;
  p50: number;
  p99: number;
}

/** Runs `fn` `warmup` times unmeasured, then `iterations` times one after another: p50 and p99 in ms. */
export async function timeIt(label: string, fn: () => Promise<unknown>, iterations: number, warmup = 10): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { label, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** "label: p50 1.23 ms, p99 4.56 ms". */
export const formatTiming = (r: Timing) => `${r.label}: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`;

/** Redis used_memory of the server behind `redis`. */
export async function usedMemoryOf(redis: RedisClient): Promise<number> {
  return Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1] ?? 0);
}

/** Redis used_memory of the server at `url` (a connection of its own, closed again). */
async function redisUsedMemory(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // A refused connection while the server starts rejects connect(); the event would only log it.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return await usedMemoryOf(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * A redis-server of the bench's own on `port` (no persistence), so memory and CPU figures are
 * ours alone: its URL, its used_memory when empty, and stop().
 */
export async function throwawayRedis(port: number): Promise<{ url: string; emptyBytes: number; stop: () => Promise<void> }> {
  const url = `redis://127.0.0.1:${port}`;
  const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  };
  for (let i = 0; i < 100; i++) {
    try {
      return { url, emptyBytes: await redisUsedMemory(url), stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`no Redis at ${url}`);
}

/** A loopback HTTP server a bench talks to. */
export interface LoopbackServer {
  url: string;
  close: () => Promise<void>;
}

/** An HTTP server on an ephemeral loopback port (keep-alive 30 s); close() drops its connections. */
export async function listen(handler: http.RequestListener): Promise<LoopbackServer> {
  const server = http.createServer({ keepAliveTimeout: 30_000 }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}


/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** User + system CPU seconds of a process so far (Linux /proc); undefined elsewhere. */
export async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name: state is 3rd, utime 14th and stime 15th of the whole line.
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** `node <args>` from the repository's root, its stderr shown; stop() ends it. */
export function child(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  proc.unref();
  return proc;
}

/** Resolves once `url` answers 2xx (`seconds` at most: 20 unless told). */
export async function waitFor(url: string, seconds = 20): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/** SIGTERM, then waits for the exit. */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/** The load average over 1, 5 and 15 minutes, "1.2 / 3.4 / 5.6". */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** CPU time (ms) of a process of this host so far (utime + stime from /proc, clock ticks of 10 ms); null once it ended. */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name: state is the first, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** CPU time (ms) of this database's PostgreSQL backends so far, by pid (from /proc: PostgreSQL runs on this host). */
export async function backendCpuMs(ctx: Context): Promise<Map<number, number>> {
  const rows = (await ctx.db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as { pid: number }[];
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = processCpuMs(pid);
    if (ms !== null) out.set(pid, ms);
  }
  return out;
}
