import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlertDelivery, Check, Incident, createDataSource, runMigrations } from '@vigil/core';
import {
  TEST_SERVER_URL,
  createTestAccount,
  createTestContext,
  databaseUrl,
  pgbouncerBinary,
  startPgBouncer,
  startVigilProcess,
  waitFor,
  withAdmin,
  type PgBouncer,
  type TestContext,
  type VigilProcess,
} from '@vigil/testing';

/*
 * PgBouncer 1.18 (Debian's) in transaction pooling mode, port 17820, in front of the test
 * PostgreSQL server with 4 server connections per database: the clients' transactions take
 * turns on them. The four apps run as one OS process (`vigil start api checker scanner
 * notifier`, the compiled CLI) with VIGIL_DB_TRANSACTION_POOLING=true through it.
 */
const found = pgbouncerBinary();
const describeWithPgBouncer = 'bin' in found ? describe : describe.skip;
if ('missing' in found) console.warn(`pgbouncer tests skipped: ${found.missing}`);

const PORT = 17820;
const serverPort = Number(new URL(TEST_SERVER_URL).port || 5432);

let bouncer: PgBouncer | undefined;

function through(url: string): string {
  if (!bouncer) throw new Error('no pgbouncer: beforeAll failed');
  return bouncer.through(url);
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describeWithPgBouncer('through PgBouncer in transaction pooling mode', () => {
  beforeAll(async () => {
    if ('bin' in found) bouncer = await startPgBouncer(found.bin, PORT, serverPort, { poolSize: 4 });
  });
  afterAll(async () => {
    await bouncer?.stop();
  });

  it('refuses the statement_timeout startup parameter a direct data source sends (hence VIGIL_DB_TRANSACTION_POOLING)', async () => {
    const direct = createDataSource({ url: through(databaseUrl('postgres')), poolSize: 1 });
    await expect(direct.initialize()).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
  });

  it('migrates an empty database from two processes at once, each migration once (the lock is a transaction lock)', async () => {
    const name = `vigil_t_${process.env.VIGIL_TEST_RUN ?? process.pid}_bouncer_migrate`;
    await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
    const sources = [0, 1].map(() => createDataSource({ url: through(databaseUrl(name)), poolSize: 1, transactionPooling: true }));
    try {
      await Promise.all(sources.map((s) => s.initialize()));
      const applied = await Promise.all(sources.map((s) => runMigrations(s)));
      const all = applied.flat();
      expect(new Set(all).size).toBe(all.length);
      const [{ n }] = (await sources[0].query('SELECT count(*)::int AS n FROM migrations')) as { n: number }[];
      expect(n).toBe(all.length);
      expect(n).toBe(sources[0].migrations.length);
    } finally {
      await Promise.all(sources.map((s) => (s.isInitialized ? s.destroy() : undefined)));
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
  }, 120_000);

  describe('the apps', () => {
    let ctx: TestContext;
    let vigil: VigilProcess;
    let apiUrl: string;
    let targetUrl: string;
    let receiverUrl: string;
    const servers: http.Server[] = [];
    const alerts: string[] = [];

    beforeAll(async () => {
      ctx = await createTestContext({ via: { postgresPort: PORT }, env: { VIGIL_DB_TRANSACTION_POOLING: 'true', VIGIL_ALLOW_PRIVATE_TARGETS: 'true' } });
      const target = http.createServer((req, res) => res.writeHead((req.url ?? '').startsWith('/fail') ? 503 : 200).end());
      const receiver = http.createServer((req, res) => {
        alerts.push(String(req.headers['webhook-id']));
        req.resume();
        req.on('end', () => res.writeHead(204).end());
      });
      servers.push(target, receiver);
      targetUrl = await listen(target);
      receiverUrl = await listen(receiver);
      vigil = await startVigilProcess(['start', 'api', 'checker', 'scanner', 'notifier'], {
        NODE_ENV: 'test',
        DATABASE_URL: ctx.config.databaseUrl,
        VIGIL_DB_TRANSACTION_POOLING: 'true',
        DATABASE_POOL_SIZE: '10',
        REDIS_URL: ctx.config.redisUrl,
        VIGIL_REDIS_PREFIX: ctx.config.redisPrefix,
        VIGIL_SECRET_KEY: ctx.config.secretKey,
        VIGIL_SHUTDOWN_TIMEOUT_MS: '5000',
        PORT: '0',
        CHECKER_HEALTH_PORT: '0',
        SCANNER_HEALTH_PORT: '0',
        NOTIFIER_HEALTH_PORT: '0',
        VIGIL_ALLOW_PRIVATE_TARGETS: 'true',
        LOG_LEVEL: 'info',
      }, { timeoutMs: 60_000 });
      apiUrl = `http://127.0.0.1:${String(vigil.entries().find((e) => e.message === 'api listening')?.port)}`;
    }, 90_000);

    afterAll(async () => {
      await vigil?.stop();
      for (const s of servers) await new Promise((resolve) => s.close(resolve));
      await ctx?.teardown();
    });

    it('smoke: monitors created, checks recorded, an incident opened and its alert delivered; lists answer under load', async () => {
      expect(ctx.config.databaseUrl).toContain(`:${PORT}/`);
      const { key } = await createTestAccount(ctx, 'business');
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${apiUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      expect((await call('POST', '/api/v1/integrations', { type: 'webhook', name: 'bouncer', config: { url: `${receiverUrl}/hook` } })).status).toBe(201);
      const ids: number[] = [];
      for (const kind of ['ok', 'ok', 'fail']) {
        const res = await call('POST', '/api/v1/uptime/monitors', { name: kind, url: `${targetUrl}/${kind}/${ids.length}`, check_interval: 3600, alert_threshold: 1 });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { monitor: { id: number } }).monitor.id);
      }
      await waitFor(async () => (await ctx.db.getRepository(Check).count()) >= ids.length, { timeoutMs: 30_000, what: 'the first check of each monitor' });

      // The monitor list (a named prepared statement on a direct connection, unnamed here) answers 40 requests at once
      // while their transactions share 4 server connections.
      const lists = await Promise.all(Array.from({ length: 40 }, () => call('GET', '/api/v1/uptime/monitors')));
      expect(lists.map((r) => r.status)).toEqual(lists.map(() => 200));
      const body = (await lists[0].json()) as { monitors: { id: number }[] };
      expect(body.monitors.map((m) => m.id).sort((a, b) => a - b)).toEqual(ids);

      const [incident] = await waitFor(async () => {
        const open = await ctx.db.getRepository(Incident).findBy({ monitorId: ids[2] });
        return open.length ? open : null;
      }, { timeoutMs: 30_000, what: 'the incident of the failing monitor' });
      const delivery = await waitFor(() => ctx.db.getRepository(AlertDelivery).findOneBy({ incidentId: incident.id, status: 'success' }), {
        timeoutMs: 30_000,
        what: 'the alert delivered',
      });
      expect(alerts).toEqual([delivery.eventId]);

      const healthPorts = vigil.entries().filter((e) => e.message === 'worker app started').map((e) => Number(e.healthPort));
      expect(healthPorts).toHaveLength(3);
      for (const port of healthPorts) expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(vigil.entries().filter((e) => e.level === 'error')).toEqual([]);
    }, 120_000);
  });
});
