import request from 'supertest';
import { createApp } from '@vigil/api';
import {
  createTestAccount,
  createTestContext,
  postgresBinaries,
  startStreamingReplica,
  type StreamingReplica,
  type TestAccount,
  type TestContext,
} from '@vigil/testing';

/*
 * DATABASE_READ_URL against a real hot standby: the test starts its own primary (port 5442)
 * and a standby streaming from it (`pg_basebackup -R`, port 5443), both under /tmp, and
 * removes them. Pausing WAL replay on the standby makes its lag certain: what an endpoint
 * answers then shows where it read. A write routed to the standby would fail (it is read-only).
 * read-replica.test.ts proves the same routing with a second database on the shared server.
 */
const binaries = postgresBinaries();
const DATABASE = 'vigil_h12storage_replica';
const describeWithBinaries = 'dir' in binaries ? describe : describe.skip;
if ('missing' in binaries) console.warn(`streaming replica test skipped: ${binaries.missing}`);

let cluster: StreamingReplica | undefined;
let ctx: TestContext | undefined;
let app: ReturnType<typeof createApp>;
let account: TestAccount;

function context(): TestContext {
  if (!ctx) throw new Error('no context: beforeAll failed');
  return ctx;
}

function replicaCluster(): StreamingReplica {
  if (!cluster) throw new Error('no cluster: beforeAll failed');
  return cluster;
}

describeWithBinaries('DATABASE_READ_URL on a streaming replica', () => {
  beforeAll(async () => {
    if (!('dir' in binaries)) return;
    cluster = await startStreamingReplica(binaries.dir, 5442, 5443);
    await cluster.createDatabase(DATABASE);
    ctx = await createTestContext({ databaseUrl: cluster.primaryUrl(DATABASE), env: { DATABASE_READ_URL: cluster.replicaUrl(DATABASE) } });
    app = createApp(ctx);
    account = await createTestAccount(ctx, 'business');
    const res = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'first', url: 'https://first.example.com/' });
    expect(res.status).toBe(201);
    await cluster.caughtUp();
  }, 120_000);

  afterAll(async () => {
    await ctx?.teardown();
    await cluster?.stop();
  }, 60_000);

  it('reads go to the hot standby, writes to the primary', async () => {
    const c = context();
    const [{ standby }] = (await c.readDb.query('SELECT pg_is_in_recovery() AS standby')) as { standby: boolean }[];
    const [{ primary }] = (await c.db.query('SELECT NOT pg_is_in_recovery() AS primary')) as { primary: boolean }[];
    expect({ standby, primary }).toEqual({ standby: true, primary: true });
    await expect(c.readDb.query(`UPDATE monitors SET name = 'x'`)).rejects.toThrow(/read-only transaction/);
  });

  it('while the standby lags, lists show the old rows and read-after-write paths the new ones; then it catches up', async () => {
    const c = context();
    const standby = replicaCluster();
    const list = async () => {
      const res = await request(app).get('/api/v1/uptime/monitors').set(account.auth);
      expect(res.status).toBe(200);
      return (res.body.monitors as { name: string }[]).map((m) => m.name).sort();
    };
    expect(await list()).toEqual(['first']);
    const [{ id }] = (await c.db.query('SELECT id FROM monitors WHERE account_id = $1', [account.account.id])) as { id: number }[];

    await standby.pauseReplay();
    try {
      // Writes through the API land on the primary (the standby would refuse them).
      const renamed = await request(app).put(`/api/v1/uptime/monitors/${id}`).set(account.auth).send({ name: 'renamed' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.monitor.name).toBe('renamed');
      const created = await request(app).post('/api/v1/uptime/monitors').set(account.auth).send({ name: 'second', url: 'https://second.example.com/' });
      expect(created.status).toBe(201);
      // Read after write: the detail is read on the primary.
      const detail = await request(app).get(`/api/v1/uptime/monitors/${id}`).set(account.auth);
      expect(detail.status).toBe(200);
      expect(detail.body.monitor.name).toBe('renamed');
      // The list may lag: it reads the paused standby.
      expect(await list()).toEqual(['first']);
    } finally {
      await standby.resumeReplay();
    }
    await standby.caughtUp();
    expect(await list()).toEqual(['renamed', 'second']);
  });
});
