/**
 * The throwaway world of bench/faults.bench.ts: a PostgreSQL cluster and a Redis of its own on
 * loopback (never the machine's shared ones), a TCP proxy in front of PostgreSQL that can make
 * it unreachable, and the real apps as child processes (`vigil start <app>`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Runs a command, as the postgres user when we are root (initdb and pg_ctl refuse root). */
function runPg(bin: string, args: string[]): void {
  const cmd = process.getuid?.() === 0 ? 'runuser' : bin;
  const full = process.getuid?.() === 0 ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, full, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} failed: ${r.stderr || r.stdout}`);
}

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', name))).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error(`No PostgreSQL ${name} under ${base}`);
  return path.join(base, versions[0], 'bin', name);
}

export interface ThrowawayPostgres {
  port: number;
  stop(): void;
}

/** initdb into a temporary directory (trust auth, loopback only) and start it on `port`. */
export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-faults-pg-'));
  if (process.getuid?.() === 0) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  runPg(pgBin('initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  runPg(pgBin('pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  return {
    port,
    stop() {
      try {
        runPg(pgBin('pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface ThrowawayRedis {
  port: number;
  /** Kills the server: its data is gone (no persistence). */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
}

/** A redis-server child on loopback without persistence. */
export async function startThrowawayRedis(port: number): Promise<ThrowawayRedis> {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await redisAnswers(port)) return;
      await sleep(50);
    }
    throw new Error('throwaway redis did not start');
  };
  await start();
  return {
    port,
    start,
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
  };
}

export interface AppChild {
  name: string;
  child: ChildProcess;
  logFile: string;
  /** kill -9 */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

/** `vigil start <app>` as a child process, its JSON-lines log in `logDir`. Resolves once it logged that it started. */
export async function startApp(app: string, label: string, env: NodeJS.ProcessEnv, logDir: string): Promise<AppChild> {
  const logFile = path.join(logDir, `${label}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [path.join(root, 'packages/cli/bin/vigil.js'), 'start', app], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const started = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      if (/started|listening/i.test(d.toString())) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}); see ${logFile}`)));
  });
  await started;
  const exited = () => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited();
  };
  return {
    name: label,
    child,
    logFile,
    kill,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited(), sleep(15_000)]);
      if (child.exitCode === null && child.signalCode === null) await kill();
    },
  };
}

/** Lines of an app's log whose message matches. */
export function logLines(file: string, message: RegExp): string[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => message.test(l));
}

/** Runs the CLI once (migrate, account create) and returns its stdout. Asynchronous: the proxy it goes through lives in this process. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, [path.join(root, 'packages/cli/bin/vigil.js'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`vigil ${args.join(' ')} failed: ${err}`);
  return out;
}

/** Whether a Redis answers PING on the port (without blocking this process). */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.setTimeout(500, () => socket.destroy());
    socket.once('data', (d: Buffer) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export const repoRoot = root;
