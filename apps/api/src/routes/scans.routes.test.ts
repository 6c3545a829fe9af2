import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { JobName, Scan, completeScan, failScan, markScanRunning, recordHeaderCheck, type HeaderReport, type Tier, type TlsScanReport } from '@vigil/core';
import { gradeWhatIf } from '@vigil/scanner';
import { createTestAccount, createTestContext, tlsReportFixture, type TestContext } from '@vigil/testing';

const RELAXED_TIERS = JSON.stringify(
  Object.fromEntries(['free', 'pro', 'business', 'enterprise'].map((t) => [t, { requestsPerMinute: 100_000 }])),
);

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: RELAXED_TIERS } });
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

async function owner(tier: Tier = 'pro') {
  const domain = `scan-${randomBytes(4).toString('hex')}.test`;
  const account = await createTestAccount(ctx, tier, { email: `ops@${domain}`, emailVerified: true });
  return { ...account, domain };
}

async function finish(scanId: number, r: TlsScanReport | null) {
  const scan = await markScanRunning(ctx.db.manager, scanId, new Date(Date.now() - 1500));
  if (!scan) throw new Error(`scan ${scanId} not runnable`);
  if (r) await completeScan(ctx, scan, r, new Date());
  else await failScan(ctx, scan, 'Connection refused', new Date());
}

async function createDomain(auth: { Authorization: string }, hostname: string) {
  const res = await request(app).post('/api/v1/domains').set(auth).send({ hostname });
  expect(res.status).toBe(201);
  return res.body as { domain: { id: number }; scan_id: number };
}

async function queuedScanIds(): Promise<number[]> {
  const jobs = await ctx.queues.queueOf(JobName.TlsScan).getJobs(['waiting']);
  return jobs.filter((j) => j.name === JobName.TlsScan).map((j) => (j.data as { scanId: number }).scanId);
}

describe('POST /api/v1/scan', () => {
  it('queues a scan of any valid host: 202 with status_url and result_url', async () => {
    const { auth, account } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'Not-Monitored.Example.com' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      scan_id: expect.any(Number),
      status: 'queued',
      status_url: `http://vigil.test/api/v1/scans/${res.body.scan_id}`,
      result_url: `http://vigil.test/api/v1/scans/${res.body.scan_id}/full`,
    });
    const scan = await ctx.db.getRepository(Scan).findOneByOrFail({ id: res.body.scan_id });
    expect(scan).toMatchObject({ accountId: account.id, domainId: null, hostname: 'not-monitored.example.com', port: 443, status: 'queued', trigger: 'on_demand' });
    expect(await queuedScanIds()).toContain(scan.id);
    const withPort = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'example.org', port: 8443 });
    expect(withPort.status).toBe(202);
    expect(withPort.body.port).toBe(8443);
  });

  it.each([
    [{}, 'Invalid hostname'],
    [{ hostname: '127.0.0.1' }, 'Invalid hostname'],
    [{ hostname: 'http://example.com/' }, 'Invalid hostname'],
    [{ hostname: 'example.com', port: 0 }, 'Invalid port'],
    [{ hostname: 'example.com', port: '443' }, 'Invalid port'],
  ])('answers 400 to %j', async (body, message) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/scan').set(auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  it('allows 20 on-demand scans per hour per account (limit_type per_hour); requests that queue nothing do not count', async () => {
    const { auth } = await createTestAccount(ctx, 'enterprise');
    for (let i = 0; i < 5; i++) expect((await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'bad host' })).status).toBe(400);
    for (let i = 0; i < 20; i++) {
      const res = await request(app).post('/api/v1/scan').set(auth).send({ hostname: `h${i}.example.com` });
      expect(res.status).toBe(202);
    }
    const res = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'one-more.example.com' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ error: 'Rate limit exceeded', limit_type: 'per_hour', retry_after: expect.any(Number), message: expect.stringContaining('20 per hour') });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('concurrent scans per tier', () => {
  it('answers 429 limit_type concurrent at the tier limit (free: 1) until a scan finishes', async () => {
    const { auth } = await createTestAccount(ctx, 'free');
    const first = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'one.example.com' });
    expect(first.status).toBe(202);
    const second = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'two.example.com' });
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: 'Rate limit exceeded', message: expect.stringMatching(/^Concurrent scan limit of 1 reached/), retry_after: 30, limit_type: 'concurrent' });
    expect(second.headers['retry-after']).toBe('30');
    await finish(first.body.scan_id, null);
    expect((await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'two.example.com' })).status).toBe(202);
  });

  it('counts queued and running scans atomically under concurrent requests (pro: 5)', async () => {
    const { auth, account } = await createTestAccount(ctx, 'pro');
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => request(app).post('/api/v1/scan').set(auth).send({ hostname: `c${i}.example.com` })));
    expect(results.filter((r) => r.status === 202)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.limit_type === 'concurrent')).toBe(true);
    expect(await ctx.db.getRepository(Scan).countBy({ accountId: account.id })).toBe(5);
  });

  it('counts the initial scan of a new domain', async () => {
    const { auth, domain } = await owner('free');
    await createDomain(auth, domain);
    const res = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'x.example.com' });
    expect(res.status).toBe(429);
    expect(res.body.limit_type).toBe('concurrent');
  });
});

describe('POST /api/v1/scans', () => {
  it('rescans the caller’s domain', async () => {
    const { auth, domain } = await owner();
    const created = await createDomain(auth, domain);
    const res = await request(app).post('/api/v1/scans').set(auth).send({ domain_id: created.domain.id });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'queued', domain_id: created.domain.id, hostname: domain, status_url: expect.any(String), result_url: expect.any(String) });
    expect(await ctx.db.getRepository(Scan).findOneByOrFail({ id: res.body.scan_id })).toMatchObject({ trigger: 'manual', domainId: created.domain.id });
  });

  it('answers 404 Domain not found for another account’s or a missing domain, 400 for a bad id', async () => {
    const { auth, domain } = await owner();
    const created = await createDomain(auth, domain);
    const stranger = await createTestAccount(ctx, 'pro');
    for (const domain_id of [created.domain.id, 999_999, -3]) {
      const res = await request(app).post('/api/v1/scans').set(stranger.auth).send({ domain_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Domain not found' });
    }
    for (const body of [{}, { domain_id: '1' }, { domain_id: 1.5 }]) {
      const res = await request(app).post('/api/v1/scans').set(stranger.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Invalid domain_id/);
    }
  });
});

describe('GET /api/v1/scans/:id and /full', () => {
  it('shows a scan through its states, and the full report once completed', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const queued = await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'report.example.com' });
    const id = queued.body.scan_id as number;
    const before = await request(app).get(`/api/v1/scans/${id}`).set(auth);
    expect(before.status).toBe(200);
    expect(before.body.scan).toEqual({
      id,
      hostname: 'report.example.com',
      port: 443,
      domain_id: null,
      status: 'queued',
      trigger: 'on_demand',
      grade: null,
      score: null,
      created_at: expect.any(String),
      started_at: null,
      completed_at: null,
      duration_ms: null,
      error: null,
    });
    const pending = await request(app).get(`/api/v1/scans/${id}/full`).set(auth);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ scan_id: id, status: 'queued', status_url: `http://vigil.test/api/v1/scans/${id}` });

    const r = tlsReportFixture('report.example.com', 'B', 72);
    await finish(id, r);
    const done = await request(app).get(`/api/v1/scans/${id}`).set(auth);
    expect(done.body.scan).toMatchObject({ status: 'completed', grade: 'B', score: 72, started_at: expect.any(String), completed_at: expect.any(String), duration_ms: expect.any(Number) });
    expect(done.body.scan.duration_ms).toBeGreaterThanOrEqual(1500);
    const full = await request(app).get(`/api/v1/scans/${id}/full`).set(auth);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ ...r, scan_id: id, status: 'completed', domain_id: null });
  });

  it('answers a failed scan with its error', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'down.example.com' })).body.scan_id as number;
    await finish(id, null);
    expect((await request(app).get(`/api/v1/scans/${id}`).set(auth)).body.scan).toMatchObject({ status: 'failed', error: 'Connection refused', grade: null });
    const full = await request(app).get(`/api/v1/scans/${id}/full`).set(auth);
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({ scan_id: id, status: 'failed', error: 'Connection refused', report: null });
  });

  it('answers 404 Scan not found for another account’s, a missing or a malformed id', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'mine.example.com' })).body.scan_id as number;
    const stranger = await createTestAccount(ctx, 'pro');
    for (const path of [`/api/v1/scans/${id}`, '/api/v1/scans/999999', '/api/v1/scans/abc', `/api/v1/scans/${id}/full`]) {
      const res = await request(app).get(path).set(stranger.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Scan not found' });
    }
  });

  it('limits /full to 5 per minute per key', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const id = (await request(app).post('/api/v1/scan').set(auth).send({ hostname: 'poll.example.com' })).body.scan_id as number;
    for (let i = 0; i < 5; i++) expect((await request(app).get(`/api/v1/scans/${id}/full`).set(auth)).status).toBe(202);
    const res = await request(app).get(`/api/v1/scans/${id}/full`).set(auth);
    expect(res.status).toBe(429);
    expect(res.body.limit_type).toBe('per_minute');
    expect(res.headers['retry-after']).toBeDefined();
    expect((await request(app).get(`/api/v1/scans/${id}`).set(auth)).status).toBe(200);
  });
});

describe('GET /api/v1/scans/stats', () => {
  it('is not captured by /scans/:id and counts the last 30 days by status and grade', async () => {
    const { auth, account } = await createTestAccount(ctx, 'enterprise');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await request(app).post('/api/v1/scan').set(auth).send({ hostname: `s${i}.example.com` })).body.scan_id);
    await finish(ids[0], tlsReportFixture('s0.example.com', 'A', 90));
    await finish(ids[1], tlsReportFixture('s1.example.com', 'A', 85));
    await finish(ids[2], tlsReportFixture('s2.example.com', 'C', 55));
    await finish(ids[3], null);
    await ctx.db.query(`INSERT INTO scans (account_id, hostname, port, trigger, status, grade, created_at) VALUES ($1, 'old.example.com', 443, 'on_demand', 'completed', 'F', $2)`, [
      account.id,
      new Date(ctx.clock.now().getTime() - 31 * 86_400_000),
    ]);
    const res = await request(app).get('/api/v1/scans/stats').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: { days: 30 },
      total: 5,
      by_status: { queued: 1, running: 0, completed: 3, failed: 1 },
      by_grade: { 'A+': 0, A: 2, B: 0, C: 1, D: 0, F: 0 },
      average_duration_ms: expect.any(Number),
    });
    expect(res.body.average_duration_ms).toBeGreaterThanOrEqual(1500);
    const empty = await request(app).get('/api/v1/scans/stats').set((await createTestAccount(ctx, 'pro')).auth);
    expect(empty.body).toMatchObject({ total: 0, average_duration_ms: null });
  });
});

describe('GET /api/v1/domains/:id/scans', () => {
  it('lists the domain’s scans newest first, per_page up to 50', async () => {
    const { auth, domain, account } = await owner('enterprise');
    const created = await createDomain(auth, domain);
    await ctx.db.query(
      `INSERT INTO scans (account_id, domain_id, hostname, port, trigger, status) SELECT $1, $2, $3, 443, 'scheduled', 'completed' FROM generate_series(1, 60)`,
      [account.id, created.domain.id, domain],
    );
    const res = await request(app).get(`/api/v1/domains/${created.domain.id}/scans?per_page=80`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.domain_id).toBe(created.domain.id);
    expect(res.body.scans).toHaveLength(50);
    expect(res.body.pagination).toEqual({ page: 1, per_page: 50, total: 61, pages: 2, has_next: true, has_prev: false });
    const ids = (res.body.scans as { id: number }[]).map((s) => s.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const last = await request(app).get(`/api/v1/domains/${created.domain.id}/scans?page=2&per_page=50`).set(auth);
    expect(last.body.scans.at(-1).id).toBe(created.scan_id);
    const stranger = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/domains/${created.domain.id}/scans`).set(stranger.auth)).status).toBe(404);
  });

  it('answers a page far past the end with an empty page, never a 500', async () => {
    const { auth, domain } = await owner();
    const created = await createDomain(auth, domain);
    const res = await request(app).get(`/api/v1/domains/${created.domain.id}/scans?page=99999999999999999999`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body.scans).toEqual([]);
    expect(res.body.pagination).toMatchObject({ total: 1, pages: 1, has_next: false, has_prev: true });
  });
});

describe('header grades of a domain: detail fields and GET /api/v1/domains/:id/header-checks', () => {
  function headerReport(headers: Record<string, string>, site: string): HeaderReport {
    // A stored report is what /headers/check answers: fetched_at and final_url, no graded_at.
    const { graded_at: fetchedAt, ...graded } = gradeWhatIf({ headers, https: true, site, html: null }, ctx.clock.now());
    return { ...graded, fetched_at: fetchedAt, final_url: `https://${site}/` };
  }

  it('lists the history newest first without reports, serves one check with its report, and the detail carries the latest grade', async () => {
    const { auth, domain, account } = await owner('enterprise');
    const created = await createDomain(auth, domain);
    const id = created.domain.id;
    const before = await request(app).get(`/api/v1/domains/${id}`).set(auth);
    expect(before.body.domain).toMatchObject({ header_grade: null, header_score: null, last_header_check: null });

    const base = { accountId: account.id, domainId: id, hostname: domain, port: 443, url: `https://${domain}/`, checkedAt: ctx.clock.now() };
    await recordHeaderCheck(ctx, { ...base, scanId: created.scan_id, outcome: { status: 'completed', report: headerReport({ 'X-Content-Type-Options': 'nosniff' }, domain) } });
    const rescan = (await request(app).post('/api/v1/scans').set(auth).send({ domain_id: id })).body.scan_id as number;
    await recordHeaderCheck(ctx, { ...base, scanId: rescan, outcome: { status: 'failed', error: 'Site unreachable: Connection refused by x' } });

    const detail = await request(app).get(`/api/v1/domains/${id}`).set(auth);
    expect(detail.body.domain).toMatchObject({ header_grade: 'F', header_score: 15, last_header_check: base.checkedAt.toISOString() });

    const list = await request(app).get(`/api/v1/domains/${id}/header-checks`).set(auth);
    expect(list.status).toBe(200);
    expect(list.body.domain_id).toBe(id);
    expect(list.body.pagination).toEqual({ page: 1, per_page: 20, total: 2, pages: 1, has_next: false, has_prev: false });
    const [failed, completed] = list.body.header_checks as Record<string, unknown>[];
    expect(failed).toMatchObject({ scan_id: rescan, status: 'failed', grade: null, error: 'Site unreachable: Connection refused by x' });
    expect(completed).toEqual({
      id: expect.any(Number),
      domain_id: id,
      scan_id: created.scan_id,
      url: `https://${domain}/`,
      status: 'completed',
      grade: 'F',
      score: 15,
      deeper_score: expect.any(Number),
      algorithm_version: 6,
      error: null,
      checked_at: base.checkedAt.toISOString(),
    });

    const one = await request(app).get(`/api/v1/domains/${id}/header-checks/${completed.id as number}`).set(auth);
    expect(one.status).toBe(200);
    expect(one.body.header_check.report).toMatchObject({ grade: 'F', score: 15, summary: { site: domain } });

    const stranger = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/domains/${id}/header-checks`).set(stranger.auth)).status).toBe(404);
    expect((await request(app).get(`/api/v1/domains/${id}/header-checks/${completed.id as number}`).set(stranger.auth)).status).toBe(404);
    const missing = await request(app).get(`/api/v1/domains/${id}/header-checks/999999`).set(auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Header check not found' });
  });
});

describe('GET /api/v1/domains/:id/certificate and /certificate/chain', () => {
  it('answers 404 before any scan saw a certificate, then the latest leaf and chain', async () => {
    const { auth, domain } = await owner();
    const created = await createDomain(auth, domain);
    const id = created.domain.id;
    const cert = await request(app).get(`/api/v1/domains/${id}/certificate`).set(auth);
    expect(cert.status).toBe(404);
    expect(cert.body).toEqual({ error: 'Certificate not found' });
    const chain = await request(app).get(`/api/v1/domains/${id}/certificate/chain`).set(auth);
    expect(chain.status).toBe(404);
    expect(chain.body).toEqual({ error: 'Certificate chain not found' });

    await finish(created.scan_id, null);
    expect((await request(app).get(`/api/v1/domains/${id}/certificate/chain`).set(auth)).status).toBe(404);

    const rescan = (await request(app).post('/api/v1/scans').set(auth).send({ domain_id: id })).body.scan_id as number;
    const r = tlsReportFixture(domain);
    await finish(rescan, r);
    const leaf = await request(app).get(`/api/v1/domains/${id}/certificate`).set(auth);
    expect(leaf.status).toBe(200);
    expect(leaf.body).toEqual({
      domain_id: id,
      hostname: domain,
      port: 443,
      scan_id: rescan,
      scanned_at: expect.any(String),
      certificate: {
        subject: `CN=${domain}`,
        issuer: 'CN=Vigil Test Intermediate',
        valid_from: '2026-01-01T00:00:00.000Z',
        valid_to: '2099-01-01T00:00:00.000Z',
        serial_number: '01ab',
        fingerprint_sha256: r.certificate?.fingerprint_sha256,
        sans: [domain],
        key_type: 'EC',
        key_size: 256,
        key_curve: 'P-256',
        signature_algorithm: 'ecdsa-with-SHA256',
        self_signed: false,
        trusted: true,
        trust_error: null,
        hostname_match: true,
        days_until_expiry: expect.any(Number),
      },
    });
    const full = await request(app).get(`/api/v1/domains/${id}/certificate/chain`).set(auth);
    expect(full.status).toBe(200);
    expect(full.body.chain.map((c: { role: string; subject: string }) => [c.role, c.subject])).toEqual([
      ['leaf', `CN=${domain}`],
      ['intermediate', 'CN=Vigil Test Intermediate'],
    ]);
    expect(full.body.trusted).toBe(true);
    const detail = await request(app).get(`/api/v1/domains/${id}`).set(auth);
    expect(detail.body.domain).toMatchObject({ ssl_grade: 'A', ssl_score: 90, last_scan_id: rescan, last_scan_status: 'completed', certificate: { fingerprint_sha256: r.certificate?.fingerprint_sha256 } });
    const stranger = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/domains/${id}/certificate`).set(stranger.auth)).body).toEqual({ error: 'Domain not found' });
  });
});

describe('a domain path answers its 404 first', () => {
  it('another account’s domain is 404 Domain not found whatever the check id or page; its owner gets the check’s 404 or the page’s 400', async () => {
    const { auth, domain } = await owner();
    const id = (await createDomain(auth, domain)).domain.id;
    const stranger = await createTestAccount(ctx, 'pro');
    for (const path of [`/api/v1/domains/${id}/header-checks/abc`, `/api/v1/domains/${id}/header-checks/0`, `/api/v1/domains/${id}/scans?page=0`, `/api/v1/domains/${id}/header-checks?per_page=x`]) {
      const res = await request(app).get(path).set(stranger.auth);
      expect([path, res.status, res.body]).toEqual([path, 404, { error: 'Domain not found' }]);
    }
    expect((await request(app).get(`/api/v1/domains/${id}/header-checks/abc`).set(auth)).body).toEqual({ error: 'Header check not found' });
    expect((await request(app).get(`/api/v1/domains/${id}/scans?page=0`).set(auth)).status).toBe(400);
    expect((await request(app).get(`/api/v1/domains/${id}/header-checks?per_page=x`).set(auth)).status).toBe(400);
  });
});
