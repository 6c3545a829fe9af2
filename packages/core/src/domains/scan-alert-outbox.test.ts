/**
 * Domain and scan alerts go through the outbox: written in the transaction that records the scan,
 * so a commit that fails sends nothing, and a committed one is relayed to the alert queue.
 */
import { createTestAccount, createTestContext, tlsReportFixture, type TestContext } from '@vigil/testing';
import { Domain } from '../db/entities/domain.entity.js';
import { relayOutboxBatch } from '../outbox/outbox-relay.js';
import { QueueName } from '../queue/queue-names.js';
import type { HeaderReport } from '../headers/header-report.js';
import { recordHeaderCheck } from './header-checks.js';
import { completeScan, failScan, markScanRunning } from './scan-lifecycle.js';
import { insertScan } from './scans.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A commit-time failure for one hostname: the deferred trigger raises when the transaction commits, after the outbox row was written.
  await ctx.db.query(`
    CREATE FUNCTION refuse_phantom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.hostname = 'phantom.example' AND NEW.status <> 'queued' AND NEW.status <> 'running' THEN
        RAISE EXCEPTION 'commit refused';
      END IF;
      RETURN NEW;
    END $$`);
  await ctx.db.query(`CREATE CONSTRAINT TRIGGER refuse_phantom AFTER UPDATE ON scans DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_phantom()`);
  await ctx.db.query(`
    CREATE FUNCTION refuse_phantom_header_check() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.url LIKE 'https://phantom.example%' THEN RAISE EXCEPTION 'commit refused'; END IF;
      RETURN NEW;
    END $$`);
  await ctx.db.query(
    `CREATE CONSTRAINT TRIGGER refuse_phantom_header_check AFTER INSERT ON header_checks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_phantom_header_check()`,
  );
});
afterAll(() => ctx.teardown());

const relayAll = async () => {
  while ((await relayOutboxBatch(ctx.db, ctx.queues, { batch: 500, enqueueTimeoutMs: 5_000 })) > 0);
};
const alertJobIds = async () => (await ctx.queues.queue(QueueName.Alerts).getJobs(['waiting', 'delayed', 'prioritized'])).map((j) => String(j.id)).sort();

async function runningScan(accountId: number, hostname: string) {
  const domain = await ctx.db.getRepository(Domain).save({ accountId, hostname, port: 443, monitoringFrequency: 'daily', sslGrade: 'A', sslScore: 95 });
  const queued = await insertScan(ctx.db.manager, { accountId, domainId: domain.id, hostname, port: 443, trigger: 'manual' }, ctx.clock.now());
  const scan = await markScanRunning(ctx.db.manager, queued.id, ctx.clock.now());
  if (!scan) throw new Error('scan not running');
  return { domain, scan };
}

describe('scan and domain alerts through the outbox', () => {
  it('a scan whose transaction fails to commit enqueues no alert, before or after a relay pass', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const { scan } = await runningScan(account.id, 'phantom.example');
    await expect(completeScan(ctx, scan, tlsReportFixture('phantom.example', 'F', 20), ctx.clock.now())).rejects.toThrow(/commit refused/);
    await expect(failScan(ctx, scan, 'Connection refused', ctx.clock.now())).rejects.toThrow(/commit refused/);
    expect(await alertJobIds()).toEqual([]);
    await relayAll();
    expect(await alertJobIds()).toEqual([]);
    expect(Number((await ctx.db.query('SELECT count(*)::int AS n FROM outbox'))[0].n)).toBe(0);
    expect((await ctx.db.query('SELECT status FROM scans WHERE id = $1', [scan.id]))[0].status).toBe('running');
  });

  it('a committed scan writes its events to the outbox only; the relay enqueues them with their event ids', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const { scan } = await runningScan(account.id, 'real.example');
    const events = await completeScan(ctx, scan, tlsReportFixture('real.example', 'F', 20), ctx.clock.now());
    expect(events.map((e) => e.event).sort()).toEqual(['domain.grade_changed', 'scan.completed']);
    expect(await alertJobIds()).toEqual([]);
    await relayAll();
    expect(await alertJobIds()).toEqual(events.map((e) => e.eventId).sort());
  });
});

/** A header report graded F (what the scanner stores; only the grade matters here). */
function reportF(site: string): HeaderReport {
  const missing = { present: false, valid: false, points: 0, max_points: 10, value: null, note: 'missing' };
  return {
    grade: 'F',
    score: 0,
    gradeCapped: false,
    warnings: [],
    headersPresent: [],
    headersMissing: ['Content-Security-Policy'],
    upcomingHeaders: [],
    summary: {
      grade: 'F',
      site,
      headers: {
        'Content-Security-Policy': missing,
        'Strict-Transport-Security': missing,
        'X-Frame-Options': missing,
        'X-Content-Type-Options': missing,
        'Referrer-Policy': missing,
        'Permissions-Policy': missing,
      },
    },
    rawHeaders: {},
    service: { deeper_score: 0, algorithm_version: 6, advanced: [], https_redirect: false, tests_passed: 0, tests_failed: 0, tests_quantity: 0 },
    fetched_at: ctx.clock.now().toISOString(),
    final_url: `https://${site}/`,
  };
}

describe('a scan finishing while its domain is deleted', () => {
  it('takes the locks in the order a domain delete takes them: neither deadlocks', async () => {
    // Holds the scan row's lock for a moment after the scan's UPDATE: time for the delete to lock the domain.
    await ctx.db.query(`
      CREATE FUNCTION slow_scan_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.hostname = 'slow-delete.example' THEN PERFORM pg_sleep(0.4); END IF;
        RETURN NEW;
      END $$`);
    await ctx.db.query(`CREATE TRIGGER slow_scan_update AFTER UPDATE ON scans FOR EACH ROW EXECUTE FUNCTION slow_scan_update()`);
    try {
      for (const finish of ['complete', 'fail'] as const) {
        const { account } = await createTestAccount(ctx, 'pro');
        const { domain, scan } = await runningScan(account.id, 'slow-delete.example');
        const finishing =
          finish === 'complete' ? completeScan(ctx, scan, tlsReportFixture('slow-delete.example', 'B', 80), ctx.clock.now()) : failScan(ctx, scan, 'Connection refused', ctx.clock.now());
        await new Promise((resolve) => setTimeout(resolve, 150));
        const deleting = ctx.db.query(`DELETE FROM domains WHERE id = $1`, [domain.id]);
        await expect(Promise.all([finishing, deleting])).resolves.toBeDefined();
        expect(await ctx.db.query(`SELECT id FROM domains WHERE id = $1`, [domain.id])).toEqual([]);
      }
    } finally {
      await ctx.db.query(`DROP TRIGGER slow_scan_update ON scans`);
    }
  });
});

describe('header alerts through the outbox', () => {
  async function graded(accountId: number, hostname: string) {
    const domain = await ctx.db.getRepository(Domain).save({ accountId, hostname, port: 443, monitoringFrequency: 'daily', sslGrade: null, sslScore: null });
    await ctx.db.query(`UPDATE domains SET header_grade = 'A', header_score = 90 WHERE id = $1`, [domain.id]);
    const scan = await insertScan(ctx.db.manager, { accountId, domainId: domain.id, hostname, port: 443, trigger: 'manual' }, ctx.clock.now());
    return { accountId, domainId: domain.id, hostname, port: 443, url: `https://${hostname}/`, scanId: scan.id, checkedAt: ctx.clock.now() };
  }

  it('a grade change whose commit fails enqueues nothing; a committed one is relayed', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const phantom = await graded(account.id, 'phantom.example');
    await expect(recordHeaderCheck(ctx, { ...phantom, outcome: { status: 'completed', report: reportF('phantom.example') } })).rejects.toThrow(/commit refused/);
    await relayAll();
    expect((await alertJobIds()).filter((id) => id.startsWith('headers-grade-changed-'))).toEqual([]);

    const real = await graded(account.id, 'headers.example');
    const [event] = await recordHeaderCheck(ctx, { ...real, outcome: { status: 'completed', report: reportF('headers.example') } });
    expect(event.event).toBe('headers.grade_changed');
    expect(await alertJobIds()).not.toContain(event.eventId);
    await relayAll();
    expect(await alertJobIds()).toContain(event.eventId);
  });

  it('a domain deleted while its header check records leaves nothing behind and raises nothing', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    const check = await graded(account.id, 'deleted.example');
    const runner = ctx.db.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`DELETE FROM domains WHERE id = $1`, [check.domainId]);
      const recording = recordHeaderCheck(ctx, { ...check, outcome: { status: 'completed', report: reportF('deleted.example') } });
      // The delete commits while the check waits on the domain's row.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runner.commitTransaction();
      await expect(recording).resolves.toEqual([]);
    } finally {
      await runner.release();
    }
    expect(await ctx.db.query(`SELECT id FROM header_checks WHERE scan_id = $1`, [check.scanId])).toEqual([]);
  });
});
