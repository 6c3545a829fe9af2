import { Redis } from 'ioredis';
import { deletePrefixKeys, dropTestDatabase, databaseUrl, runVigil, startVigilProcess, VIGIL_START_BOUND_MS, withAdmin, type VigilProcess } from '@vigil/testing';

// The compiled CLI (built by jest's global setup), as `npm start` runs it: no TypeScript compiled
// at start-up, and every wait is for an event (`vigil started`, an exit), not for a time.
describe('vigil start (all four apps in one process)', () => {
  const dbName = `vigil_t_${process.env.VIGIL_TEST_RUN ?? process.pid}_start${Date.now() % 100000}`;
  const prefix = `{vt-start-${process.pid}}`;
  let proc: VigilProcess | undefined;

  afterAll(async () => {
    await proc?.stop(1_000);
    await dropTestDatabase(dbName);
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    await deletePrefixKeys(redis, prefix);
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
    // `vigil started` is logged once every app started: the API listens, the workers consume.
    proc = await startVigilProcess(['start'], env);
    const entries = proc.entries();
    const listening = entries.find((e) => e.message === 'api listening');
    expect(typeof listening?.port).toBe('number');
    expect(entries.some((e) => e.app === 'notifier' && e.message === 'worker app started')).toBe(true);
    const exists = await withAdmin((c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]));
    expect(exists.rowCount).toBe(1);
    const base = `http://127.0.0.1:${String(listening?.port)}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });

    const create = await runVigil(['account', 'create', '--email', 'first@acme.test', '--tier', 'free', '--json'], env);
    expect(create.code).toBe(0);
    const { api_key } = JSON.parse(create.lines.find((l) => l.startsWith('{"account_id"'))!) as { api_key: string };
    const usage = await fetch(`${base}/api/v1/usage`, { headers: { Authorization: `Bearer ${api_key}` } });
    expect(usage.status).toBe(200);

    expect(await proc.stop()).toBe(0);
    expect(proc.output()).toContain('api stopped');
  }, VIGIL_START_BOUND_MS + 60_000);
});
