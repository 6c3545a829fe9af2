import request from 'supertest';
import type { DataSource } from 'typeorm';
import { createApp } from '@vigil/api';
import {
  createTestAccount,
  createTestContext,
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  shiftDates,
  testClock,
  type TestAccount,
  type TestContext,
} from '@vigil/testing';

/*
 * DATABASE_READ_URL names a second database on the test server standing in for a lagging
 * replica (the shared server allows no replication connections): rows are "replicated" into
 * it by hand, then the primary moves on. What each endpoint answers shows where it read.
 */
const clock = testClock('2026-11-21T10:30:00Z');
let replicaName: string;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let account: TestAccount;
let monitorId: number;

/** Copies rows from the primary into the replica as they are now (same ids). */
async function replicate(table: string, where: string, params: unknown[]): Promise<void> {
  const rows = (await ctx.db.query(`SELECT row_to_json(t) AS row FROM ${table} t WHERE ${where}`, params)) as { row: object }[];
  for (const { row } of rows) await ctx.readDb.query(`INSERT INTO ${table} SELECT * FROM json_populate_record(null::${table}, $1)`, [row]);
}

async function insertMonitor(db: DataSource, name: string): Promise<number> {
  const [{ id }] = (await db.query(
    shiftDates(`INSERT INTO monitors (account_id, name, url, normalized_url, status, check_interval, created_at)
     VALUES ($1, $2, $3, $3, 'up', 60, '2026-10-01T00:00:00Z') RETURNING id`),
    [account.account.id, name, `https://${name}.example.com/`],
  )) as { id: number }[];
  return id;
}

beforeAll(async () => {
  replicaName = await createTestDatabase();
  ctx = await createTestContext({ clock, env: { DATABASE_READ_URL: databaseUrl(replicaName) } });
  app = createApp(ctx);
  account = await createTestAccount(ctx, 'business');
  monitorId = await insertMonitor(ctx.db, 'replicated');
  await replicate('accounts', 'id = $1', [account.account.id]);
  await replicate('monitors', 'id = $1', [monitorId]);
  // Only the replica has these: whoever lists them read the replica.
  await ctx.readDb.query(
    shiftDates(`INSERT INTO checks (monitor_id, checked_at, status, response_time_ms, status_code, job_key) VALUES ($1, '2026-11-21T10:00:00Z', 'success', 42, 200, 'replica-only')`),
    [monitorId],
  );
  await ctx.readDb.query(
    shiftDates(`INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause) VALUES ($1, $2, 'resolved', '2026-11-20T08:00:00Z', '2026-11-20T08:05:00Z', 300, 'replica-only')`),
    [monitorId, account.account.id],
  );
  await ctx.readDb.query(
    shiftDates(`INSERT INTO monitor_rollups (monitor_id, hour, total, successful, response_time_sum, response_time_count) VALUES ($1, '2026-11-20T08:00:00Z', 777, 777, 7770, 777)`),
    [monitorId],
  );
  // The primary moves on: the replica lags behind these writes.
  await ctx.db.query(`UPDATE monitors SET name = 'renamed on the primary' WHERE id = $1`, [monitorId]);
  await insertMonitor(ctx.db, 'primary-only');
});
afterAll(async () => {
  await ctx.teardown();
  await dropTestDatabase(replicaName);
});

describe('DATABASE_READ_URL', () => {
  it('is a second data source; unset, readDb is the primary itself', async () => {
    expect(ctx.readDb).not.toBe(ctx.db);
    const [{ db }] = (await ctx.readDb.query('SELECT current_database() AS db')) as { db: string }[];
    expect(db).toBe(replicaName);
    const plain = await createTestContext();
    try {
      expect(plain.readDb).toBe(plain.db);
    } finally {
      await plain.teardown();
    }
  });

  it('the monitor list and the status page read the replica (the lagging name, no new monitor)', async () => {
    const list = await request(app).get('/api/v1/uptime/monitors').set(account.auth);
    expect(list.status).toBe(200);
    expect(list.body.monitors.map((m: { name: string }) => m.name)).toEqual(['replicated']);
    expect(list.body.summary.total).toBe(1);
    const status = await request(app).get('/api/v1/uptime/status').set(account.auth);
    expect(status.status).toBe(200);
    expect(status.body.monitors.map((m: { name: string }) => m.name)).toEqual(['replicated']);
  });

  it('the checks and incidents lists read the replica; ownership is judged on the primary', async () => {
    const checks = await request(app).get(`/api/v1/uptime/monitors/${monitorId}/checks`).set(account.auth);
    expect(checks.status).toBe(200);
    expect(checks.body.checks).toHaveLength(1);
    expect(checks.body.checks[0].response_time_ms).toBe(42);
    const incidents = await request(app).get(`/api/v1/uptime/monitors/${monitorId}/incidents`).set(account.auth);
    expect(incidents.status).toBe(200);
    expect(incidents.body.incidents.map((i: { cause: string }) => i.cause)).toEqual(['replica-only']);
  });

  it('the usage summary counts checks, scans and alerts on the replica', async () => {
    const summary = await request(app).get('/api/v1/usage/summary').set(account.auth);
    expect(summary.status).toBe(200);
    expect(summary.body.totals.checks).toBe(777);
  });

  it('an SLA report counts the incidents and checks on the replica', async () => {
    const sla = await request(app).get(shiftDates(`/api/v1/uptime/monitors/${monitorId}/sla?from=2026-11-01&to=2026-11-20`)).set(account.auth);
    expect(sla.status).toBe(200);
    expect(sla.body).toMatchObject({ incidents: 1, downtime_seconds: 300, checks: { total: 777 } });
  });

  it('reads right after a write stay on the primary: the detail shows the new name, writes land there', async () => {
    const detail = await request(app).get(`/api/v1/uptime/monitors/${monitorId}`).set(account.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.monitor.name).toBe('renamed on the primary');
    const renamed = await request(app).put(`/api/v1/uptime/monitors/${monitorId}`).set(account.auth).send({ name: 'renamed again' });
    expect(renamed.status).toBe(200);
    const [{ name: onPrimary }] = (await ctx.db.query('SELECT name FROM monitors WHERE id = $1', [monitorId])) as { name: string }[];
    expect(onPrimary).toBe('renamed again');
    const [{ name }] = (await ctx.readDb.query('SELECT name FROM monitors WHERE id = $1', [monitorId])) as { name: string }[];
    expect(name).toBe('replicated');
  });
});
