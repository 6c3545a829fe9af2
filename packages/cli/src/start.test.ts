import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { dropTestDatabase, databaseUrl, waitFor, withAdmin } from '@vigil/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const entry = path.join(root, 'packages/cli/src/run.ts');

function run(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(tsx, [entry, ...args], { cwd: root, env: { ...process.env, ...env } });
  const lines: string[] = [];
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.on('data', (d: Buffer) => lines.push(...d.toString().split('\n')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, lines, exited };
}

describe('vigil start (all four apps in one process)', () => {
  const dbName = `vigil_t_${process.env.VIGIL_TEST_RUN ?? process.pid}_start${Date.now() % 100000}`;
  const prefix = `{vt-start-${process.pid}}`;
  let proc: ReturnType<typeof run> | undefined;

  afterAll(async () => {
    if (proc && proc.child.exitCode === null) (proc.child as ChildProcess).kill('SIGKILL');
    await dropTestDatabase(dbName);
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('creates the database, migrates, serves health and the API, and exits 0 on SIGTERM', async () => {
    const env = {
      DATABASE_URL: databaseUrl(dbName),
      PORT: '0',
      CHECKER_HEALTH_PORT: '0',
      SCANNER_HEALTH_PORT: '0',
      NOTIFIER_HEALTH_PORT: '0',
      VIGIL_REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
    };
    proc = run(['start'], env);
    const listening = await waitFor(
      () => proc!.lines.map((l) => { try { return JSON.parse(l) as { message?: string; port?: number }; } catch { return null; } })
        .find((l) => l?.message === 'api listening'),
      { timeoutMs: 40_000, what: 'the API to listen' },
    );
    const exists = await withAdmin((c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]));
    expect(exists.rowCount).toBe(1);
    const base = `http://127.0.0.1:${listening.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
    await waitFor(() => proc!.lines.some((l) => l.includes('"app":"notifier"') && l.includes('worker app started')), {
      what: 'the notifier to start',
    });

    const create = run(['account', 'create', '--email', 'first@acme.test', '--tier', 'free', '--json'], env);
    expect(await create.exited).toBe(0);
    const { api_key } = JSON.parse(create.lines.find((l) => l.startsWith('{"account_id"'))!) as { api_key: string };
    const usage = await fetch(`${base}/api/v1/usage`, { headers: { Authorization: `Bearer ${api_key}` } });
    expect(usage.status).toBe(200);

    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.lines.some((l) => l.includes('api stopped'))).toBe(true);
  }, 90_000);
});
