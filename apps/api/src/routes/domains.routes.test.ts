import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@vigil/api';
import { Domain, JobName, Scan, bumpAuthStamp, fieldDiff, snapshotOf, verifyHostnameManually, type Tier } from '@vigil/core';
import { deleteDomains, ownDomainRows } from '../domains/delete-domains.js';
import { bucketsOfDomain, createTestAccount, createTestContext, type TestContext } from '@vigil/testing';

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

/** An account whose company email domain is verified: it may add that domain and its subdomains. */
async function owner(tier: Tier = 'pro') {
  const domain = `acme-${randomBytes(4).toString('hex')}.test`;
  const account = await createTestAccount(ctx, tier, { email: `ops@${domain}`, emailVerified: true });
  return { ...account, domain };
}

async function addDomain(auth: { Authorization: string }, body: Record<string, unknown>) {
  return request(app).post('/api/v1/domains').set(auth).send(body);
}

/** The period (ms) of the domain bucket that holds the domain, read from the bucket's scheduler; undefined when no bucket holds it. */
async function scheduledEvery(domainId: number): Promise<number | undefined> {
  const buckets = await bucketsOfDomain(ctx, domainId);
  expect(buckets.length).toBeLessThanOrEqual(1);
  return buckets[0] && Number(buckets[0].scheduler?.every);
}

async function queuedScanJobs(): Promise<number[]> {
  const jobs = await ctx.queues.queueOf(JobName.TlsScan).getJobs(['waiting', 'delayed', 'prioritized']);
  return jobs.filter((j) => j.name === JobName.TlsScan).map((j) => (j.data as { scanId: number }).scanId);
}

describe('POST /api/v1/domains', () => {
  it('creates a domain with the defaults, queues its initial scan and schedules daily rescans', async () => {
    const { auth, domain, account } = await owner();
    const res = await addDomain(auth, { hostname: `WWW.${domain.toUpperCase()}` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      domain: {
        id: expect.any(Number),
        hostname: `www.${domain}`,
        port: 443,
        ssl_grade: null,
        ssl_score: null,
        is_active: true,
        monitoring_frequency: 'daily',
        notifications_enabled: true,
        alert_days_before_expiry: 30,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      message: expect.any(String),
      scan_id: expect.any(Number),
    });
    const scan = await ctx.db.getRepository(Scan).findOneByOrFail({ id: res.body.scan_id });
    expect(scan).toMatchObject({ accountId: account.id, domainId: res.body.domain.id, hostname: `www.${domain}`, port: 443, status: 'queued', trigger: 'initial' });
    expect(await queuedScanJobs()).toContain(scan.id);
    expect(await scheduledEvery(res.body.domain.id)).toBe(86_400_000);
    expect(res.headers.deprecation).toBeUndefined();
  });

  it('takes port, frequency, notifications and alert days', async () => {
    const { auth, domain } = await owner('business');
    const res = await addDomain(auth, {
      hostname: `api.${domain}`,
      port: 8443,
      monitoring_frequency: '15min',
      notifications_enabled: false,
      alert_days_before_expiry: 14,
    });
    expect(res.status).toBe(201);
    expect(res.body.domain).toMatchObject({ port: 8443, monitoring_frequency: '15min', notifications_enabled: false, alert_days_before_expiry: 14 });
    expect(await scheduledEvery(res.body.domain.id)).toBe(15 * 60_000);
  });

  it('stores an IDN in punycode', async () => {
    const { auth, account } = await createTestAccount(ctx, 'pro');
    await verifyHostnameManually(ctx.db.manager, account.id, 'xn--mnchen-3ya.de', new Date());
    const res = await addDomain(auth, { hostname: 'shop.MÜNCHEN.de' });
    expect(res.status).toBe(201);
    expect(res.body.domain.hostname).toBe('shop.xn--mnchen-3ya.de');
  });

  it.each([
    [{}],
    [{ hostname: '' }],
    [{ hostname: 'not a host' }],
    [{ hostname: 'localhost' }],
    [{ hostname: '192.0.2.10' }],
    [{ hostname: '[2001:db8::1]' }],
    [{ hostname: 'https://example.com' }],
    [{ hostname: 'example.com:443' }],
    [{ hostname: '*.example.com' }],
    [{ hostname: '-bad-.example.com' }],
    [{ hostname: `${'a'.repeat(64)}.example.com` }],
    [{ hostname: 42 }],
    [{ hostname: 'bad host', port: 0 }],
  ])('answers 400 Invalid hostname to %j', async (body) => {
    const { auth } = await owner();
    const res = await addDomain(auth, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid hostname' });
  });

  it.each([[0], [65_536], [-1], [1.5], ['443'], [null], [true]])('answers 400 Invalid port to port %j', async (port) => {
    const { auth, domain } = await owner();
    const res = await addDomain(auth, { hostname: domain, port });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid port' });
  });

  it.each([
    [{ monitoring_frequency: 'weekly' }, /^Invalid monitoring_frequency/],
    [{ scan_frequency: 'weekly' }, /^Invalid scan_frequency/],
    [{ notifications_enabled: 'yes' }, /^Invalid notifications_enabled/],
    [{ alert_days_before_expiry: 0 }, /^Invalid alert_days_before_expiry/],
    [{ alert_days_before_expiry: 366 }, /^Invalid alert_days_before_expiry/],
    [{ alert_days_before_expiry: '30' }, /^Invalid alert_days_before_expiry/],
  ])('answers 400 to %j', async (extra, message) => {
    const { auth, domain } = await owner();
    const res = await addDomain(auth, { hostname: domain, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  describe('ownership', () => {
    it('refuses an unverified hostname with 403 Domain not verified, hostname and verify_url', async () => {
      const { auth } = await createTestAccount(ctx, 'pro');
      const res = await addDomain(auth, { hostname: 'Unverified.Example.org' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        error: 'Domain not verified',
        hostname: 'unverified.example.org',
        verify_url: 'http://vigil.test/api/v1/verifications',
      });
    });

    it('counts a verified name for itself and its subdomains, not for look-alikes', async () => {
      const { auth, account } = await createTestAccount(ctx, 'pro');
      await verifyHostnameManually(ctx.db.manager, account.id, 'owned.example', new Date());
      expect((await addDomain(auth, { hostname: 'owned.example' })).status).toBe(201);
      expect((await addDomain(auth, { hostname: 'a.b.owned.example' })).status).toBe(201);
      expect((await addDomain(auth, { hostname: 'notowned.example' })).status).toBe(403);
      expect((await addDomain(auth, { hostname: 'owned.example.evil.test' })).status).toBe(403);
    });

    it('does not count a pending verification or another account’s verification', async () => {
      const { auth, account } = await createTestAccount(ctx, 'pro');
      const other = await createTestAccount(ctx, 'pro');
      await ctx.db.query(`INSERT INTO domain_verifications (account_id, hostname, token) VALUES ($1, 'pending.example', 'x')`, [account.id]);
      await verifyHostnameManually(ctx.db.manager, other.account.id, 'theirs.example', new Date());
      expect((await addDomain(auth, { hostname: 'pending.example' })).status).toBe(403);
      expect((await addDomain(auth, { hostname: 'theirs.example' })).status).toBe(403);
    });

    it('counts the verified company email domain and its subdomains', async () => {
      const { auth, domain } = await owner();
      expect((await addDomain(auth, { hostname: domain })).status).toBe(201);
      expect((await addDomain(auth, { hostname: `deep.sub.${domain}` })).status).toBe(201);
      expect((await addDomain(auth, { hostname: `x${domain}` })).status).toBe(403);
    });

    it('does not count an email domain that was not verified', async () => {
      const domain = `plain-${randomBytes(3).toString('hex')}.test`;
      const { auth } = await createTestAccount(ctx, 'pro', { email: `me@${domain}` });
      expect((await addDomain(auth, { hostname: domain })).status).toBe(403);
    });
  });

  describe('rules and their order', () => {
    it('answers 409 Domain already exists for the same hostname:port in the account only', async () => {
      const { auth, domain, account } = await owner();
      expect((await addDomain(auth, { hostname: domain })).status).toBe(201);
      const again = await addDomain(auth, { hostname: domain.toUpperCase(), port: 443 });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('Domain already exists');
      expect((await addDomain(auth, { hostname: domain, port: 8443 })).status).toBe(201);
      const other = await createTestAccount(ctx, 'pro');
      await verifyHostnameManually(ctx.db.manager, other.account.id, domain, new Date());
      expect((await addDomain(other.auth, { hostname: domain })).status).toBe(201);
      expect(await ctx.db.getRepository(Domain).countBy({ accountId: account.id })).toBe(2);
    });

    it('checks ownership before the duplicate', async () => {
      const { auth, account } = await createTestAccount(ctx, 'pro');
      await verifyHostnameManually(ctx.db.manager, account.id, 'order.example', new Date());
      expect((await addDomain(auth, { hostname: 'order.example' })).status).toBe(201);
      await ctx.db.query('DELETE FROM domain_verifications WHERE account_id = $1', [account.id]);
      const res = await addDomain(auth, { hostname: 'order.example' });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Domain not verified');
    });

    it('answers 403 Domain limit reached with the tier-limit body, after the duplicate check', async () => {
      const { auth, domain } = await owner('free');
      for (const sub of ['a', 'b', 'c']) expect((await addDomain(auth, { hostname: `${sub}.${domain}` })).status).toBe(201);
      const dup = await addDomain(auth, { hostname: `a.${domain}` });
      expect(dup.status).toBe(409);
      const res = await addDomain(auth, { hostname: `d.${domain}` });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Domain limit reached', limit: 3, current: 3, remaining: 0, tier: 'free', upgrade_url: 'http://vigil.test/pricing' });
    });

    it('answers 403 Frequency not allowed after the domain limit', async () => {
      const { auth, domain } = await owner('free');
      const res = await addDomain(auth, { hostname: domain, monitoring_frequency: 'hourly' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'Frequency not allowed', allowed_frequencies: ['daily'], upgrade_url: 'http://vigil.test/pricing' });
      for (const sub of ['a', 'b', 'c']) expect((await addDomain(auth, { hostname: `${sub}.${domain}` })).status).toBe(201);
      const atLimit = await addDomain(auth, { hostname: domain, monitoring_frequency: 'hourly' });
      expect(atLimit.body.error).toBe('Domain limit reached');
    });

    it.each([
      ['pro', '15min', ['hourly', 'daily']],
      ['business', '5min', ['15min', 'hourly', 'daily']],
    ] as const)('a %s account may not use %s', async (tier, frequency, allowed) => {
      const { auth, domain } = await owner(tier);
      const res = await addDomain(auth, { hostname: domain, monitoring_frequency: frequency });
      expect(res.status).toBe(403);
      expect(res.body.allowed_frequencies).toEqual(allowed);
    });

    it('lets enterprise use 5min', async () => {
      const { auth, domain } = await owner('enterprise');
      const res = await addDomain(auth, { hostname: domain, monitoring_frequency: '5min' });
      expect(res.status).toBe(201);
    });

    it('enforces the domain limit atomically: concurrent creates at limit − 1 leave exactly one', async () => {
      const { auth, domain, account } = await owner('free');
      for (const sub of ['a', 'b']) expect((await addDomain(auth, { hostname: `${sub}.${domain}` })).status).toBe(201);
      const results = await Promise.all(['c', 'd', 'e', 'f', 'g', 'h'].map((sub) => addDomain(auth, { hostname: `${sub}.${domain}` })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 403, 403, 403, 403, 403]);
      expect(results.filter((r) => r.status === 403).every((r) => r.body.error === 'Domain limit reached')).toBe(true);
      expect(await ctx.db.getRepository(Domain).countBy({ accountId: account.id })).toBe(3);
    });

    it('answers concurrent creates of the same hostname with one 201 and 409s', async () => {
      const { auth, domain } = await owner();
      const results = await Promise.all([1, 2, 3, 4].map(() => addDomain(auth, { hostname: domain })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    });

    it('limits creation attempts per minute by tier (free: 10) with a per_minute 429', async () => {
      const { auth, domain } = await owner('free');
      for (let i = 0; i < 10; i++) {
        const res = await addDomain(auth, { hostname: `n${i}.${domain}` });
        expect([201, 403]).toContain(res.status);
      }
      const res = await addDomain(auth, { hostname: `n10.${domain}` });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error: 'Rate limit exceeded', limit_type: 'per_minute', retry_after: expect.any(Number) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('scan_frequency, the deprecated alias', () => {
    it('is accepted with a Deprecation header', async () => {
      const { auth, domain } = await owner();
      const res = await addDomain(auth, { hostname: domain, scan_frequency: 'hourly' });
      expect(res.status).toBe(201);
      expect(res.headers.deprecation).toBe('true');
      expect(res.body.domain.monitoring_frequency).toBe('hourly');
    });

    it('may repeat monitoring_frequency; differing from it is 400', async () => {
      const { auth, domain } = await owner();
      const same = await addDomain(auth, { hostname: domain, scan_frequency: 'hourly', monitoring_frequency: 'hourly' });
      expect(same.status).toBe(201);
      const differ = await addDomain(auth, { hostname: `x.${domain}`, scan_frequency: 'hourly', monitoring_frequency: 'daily' });
      expect(differ.status).toBe(400);
      expect(differ.body.error).toMatch(/monitoring_frequency and scan_frequency differ/);
    });

    it('is checked against the tier like monitoring_frequency', async () => {
      const { auth, domain } = await owner('free');
      const res = await addDomain(auth, { hostname: domain, scan_frequency: 'hourly' });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Frequency not allowed');
    });
  });
});

describe('GET /api/v1/domains', () => {
  it('pages with has_next/has_prev, per_page default 20 and clamped to 100', async () => {
    const { auth, account, domain } = await owner('enterprise');
    await ctx.db.query(
      `INSERT INTO domains (account_id, hostname) SELECT $1, 'h' || i || '.' || $2 FROM generate_series(1, 105) AS i`,
      [account.id, domain],
    );
    const first = await request(app).get('/api/v1/domains').set(auth);
    expect(first.status).toBe(200);
    expect(first.body.domains).toHaveLength(20);
    expect(first.body.pagination).toEqual({ page: 1, per_page: 20, total: 105, pages: 6, has_next: true, has_prev: false });
    const big = await request(app).get('/api/v1/domains?per_page=500&page=2').set(auth);
    expect(big.body.pagination).toEqual({ page: 2, per_page: 100, total: 105, pages: 2, has_next: false, has_prev: true });
    expect(big.body.domains).toHaveLength(5);
    expect((await request(app).get('/api/v1/domains?per_page=0').set(auth)).status).toBe(400);
    expect((await request(app).get('/api/v1/domains?page=x').set(auth)).status).toBe(400);
  });

  it('answers a page far past the end with an empty page, never a 500', async () => {
    const { auth, domain } = await owner();
    await addDomain(auth, { hostname: domain });
    for (const page of ['2147483648', '99999999999999999999']) {
      const res = await request(app).get(`/api/v1/domains?page=${page}`).set(auth);
      expect(res.status).toBe(200);
      expect(res.body.domains).toEqual([]);
      expect(res.body.pagination).toMatchObject({ total: 1, pages: 1, has_next: false, has_prev: true });
    }
  });

  it('shows the list view and only the caller’s domains', async () => {
    const { auth, domain } = await owner();
    const other = await owner();
    await addDomain(other.auth, { hostname: other.domain });
    const created = await addDomain(auth, { hostname: domain });
    const res = await request(app).get('/api/v1/domains').set(auth);
    expect(res.body.domains).toEqual([
      {
        id: created.body.domain.id,
        hostname: domain,
        port: 443,
        ssl_grade: null,
        ssl_score: null,
        certificate_expiry: null,
        days_until_expiry: null,
        last_scan: null,
        is_active: true,
        monitoring_frequency: 'daily',
        notifications_enabled: true,
        alert_days_before_expiry: 30,
        created_at: created.body.domain.created_at,
        updated_at: expect.any(String),
      },
    ]);
  });

  it('filters by status, grade and search', async () => {
    const { auth, account, domain } = await owner('enterprise');
    const day = 86_400_000;
    const rows: [string, boolean, string | null, number | null, number][] = [
      // hostname, active, grade, cert expires in days, alert days
      [`a.${domain}`, true, 'A+', 90, 30],
      [`b.${domain}`, true, 'A', 20, 30],
      [`c.${domain}`, false, 'B', 40, 60],
      [`d.${domain}`, true, null, null, 30],
      [`e.${domain}`, true, 'F', -2, 30],
      [`shop.${domain}`, false, 'A', 10, 7],
    ];
    const ids: Record<string, number> = {};
    for (const [hostname, active, grade, days, alert] of rows) {
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO domains (account_id, hostname, is_active, ssl_grade, cert_valid_to, alert_days_before_expiry) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [account.id, hostname, active, grade, days === null ? null : new Date(Date.now() + days * day), alert],
      )) as { id: number }[];
      ids[hostname.split('.')[0]] = id;
    }
    const list = async (q: string) => {
      const res = await request(app).get(`/api/v1/domains?${q}`).set(auth);
      expect(res.status).toBe(200);
      return (res.body.domains as { id: number }[]).map((d) => d.id).sort((x, y) => x - y);
    };
    expect(await list('status=active')).toEqual([ids.a, ids.b, ids.d, ids.e]);
    expect(await list('status=inactive')).toEqual([ids.c, ids.shop]);
    expect(await list('status=expiring')).toEqual([ids.b, ids.c, ids.e]);
    expect(await list('grade=A%2B')).toEqual([ids.a]);
    expect(await list('grade=A+')).toEqual([ids.a]);
    expect(await list('grade=A')).toEqual([ids.b, ids.shop]);
    expect(await list('search=SHOP')).toEqual([ids.shop]);
    expect(await list('search=%25')).toEqual([]);
    expect(await list('status=active&grade=A')).toEqual([ids.b]);
    const res = await request(app).get('/api/v1/domains?status=active').set(auth);
    const b = (res.body.domains as { id: number; days_until_expiry: number; certificate_expiry: string }[]).find((d) => d.id === ids.b);
    expect(b?.days_until_expiry).toBe(19);
    expect(b?.certificate_expiry).toMatch(/Z$/);
  });

  it('counts a certificate as expiring exactly when days_until_expiry <= alert_days_before_expiry (the expiry-notice rule)', async () => {
    const { auth, account, domain } = await owner();
    const hour = 3_600_000;
    const ids: Record<string, number> = {};
    // alert_days_before_expiry 30: 30 days and 23 hours left shows days_until_expiry 30 (expiring), 31 days shows 31 (not).
    for (const [label, ms] of [['in', 30 * 24 * hour + 23 * hour], ['out', 31 * 24 * hour + hour]] as const) {
      const [{ id }] = (await ctx.db.query(
        `INSERT INTO domains (account_id, hostname, cert_valid_to, alert_days_before_expiry) VALUES ($1, $2, $3, 30) RETURNING id`,
        [account.id, `${label}.${domain}`, new Date(Date.now() + ms)],
      )) as { id: number }[];
      ids[label] = id;
    }
    const all = await request(app).get('/api/v1/domains').set(auth);
    const days = Object.fromEntries((all.body.domains as { id: number; days_until_expiry: number }[]).map((d) => [d.id, d.days_until_expiry]));
    expect(days).toEqual({ [ids.in]: 30, [ids.out]: 31 });
    const expiring = await request(app).get('/api/v1/domains?status=expiring').set(auth);
    expect((expiring.body.domains as { id: number }[]).map((d) => d.id)).toEqual([ids.in]);
  });

  it.each([['search=a%00b'], ['search=%01'], ['search=x%7F']])('answers 400 Invalid search to a control character (%s), never a 500', async (q) => {
    const { auth } = await owner();
    const res = await request(app).get(`/api/v1/domains?${q}`).set(auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Invalid search/);
  });

  it.each([['status=expired', 'Invalid status'], ['grade=E', 'Invalid grade']])('answers 400 to %s', async (q, message) => {
    const { auth } = await owner();
    const res = await request(app).get(`/api/v1/domains?${q}`).set(auth);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(new RegExp(`^${message}`));
  });
});

describe('GET /api/v1/domains/:id', () => {
  it('shows the detail view with the certificate once known', async () => {
    const { auth, domain } = await owner();
    const created = await addDomain(auth, { hostname: domain });
    const id = created.body.domain.id as number;
    const before = await request(app).get(`/api/v1/domains/${id}`).set(auth);
    expect(before.status).toBe(200);
    expect(before.body.domain).toMatchObject({ id, hostname: domain, certificate: null, ssl_grade: null, last_scan: null });
    await ctx.db.query(
      `UPDATE domains SET ssl_grade = 'A', ssl_score = 91, last_scan_at = now(), cert_issuer = 'CN=Test CA', cert_subject = 'CN=${domain}',
         cert_valid_from = '2026-01-01T00:00:00Z', cert_valid_to = '2099-01-01T00:00:00Z', cert_serial_number = '0a1b',
         cert_fingerprint_sha256 = 'ab'::text || repeat('0', 62) WHERE id = $1`,
      [id],
    );
    const after = await request(app).get(`/api/v1/domains/${id}`).set(auth);
    expect(after.body.domain).toMatchObject({
      ssl_grade: 'A',
      ssl_score: 91,
      last_scan: expect.any(String),
      certificate_expiry: '2099-01-01T00:00:00.000Z',
      certificate: {
        issuer: 'CN=Test CA',
        subject: `CN=${domain}`,
        valid_from: '2026-01-01T00:00:00.000Z',
        valid_to: '2099-01-01T00:00:00.000Z',
        serial_number: '0a1b',
        fingerprint_sha256: `ab${'0'.repeat(62)}`,
      },
    });
  });

  it('answers another account’s, a missing and a malformed id alike: 404 Domain not found', async () => {
    const { auth, domain } = await owner();
    const created = await addDomain(auth, { hostname: domain });
    const stranger = await createTestAccount(ctx, 'pro');
    for (const path of [`/api/v1/domains/${created.body.domain.id}`, '/api/v1/domains/999999', '/api/v1/domains/abc', '/api/v1/domains/1.5']) {
      const res = await request(app).get(path).set(stranger.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Domain not found' });
    }
  });
});

describe('PUT and PATCH /api/v1/domains/:id', () => {
  it.each(['put', 'patch'] as const)('%s changes the given fields and answers them with updated_at', async (method) => {
    const { auth, domain } = await owner();
    const created = await addDomain(auth, { hostname: domain });
    const id = created.body.domain.id as number;
    const res = await request(app)[method](`/api/v1/domains/${id}`).set(auth).send({ port: 8443, alert_days_before_expiry: 10, notifications_enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      domain: { id, hostname: domain, port: 8443, alert_days_before_expiry: 10, notifications_enabled: false, updated_at: expect.any(String) },
      message: 'Domain updated',
    });
    const row = await ctx.db.getRepository(Domain).findOneByOrFail({ id });
    expect(row).toMatchObject({ port: 8443, alertDaysBeforeExpiry: 10, notificationsEnabled: false, monitoringFrequency: 'daily' });
  });

  it('keeps the domain\'s bucket in step with is_active and the frequency', async () => {
    const { auth, domain } = await owner();
    const id = (await addDomain(auth, { hostname: domain })).body.domain.id as number;
    expect(await scheduledEvery(id)).toBeDefined();
    const off = await request(app).patch(`/api/v1/domains/${id}`).set(auth).send({ is_active: false });
    expect(off.body.domain.is_active).toBe(false);
    expect(await scheduledEvery(id)).toBeUndefined();
    await request(app).put(`/api/v1/domains/${id}`).set(auth).send({ is_active: true, monitoring_frequency: 'hourly' });
    expect(await scheduledEvery(id)).toBe(3_600_000);
    // A change of frequency alone moves it: out of the hourly bucket, into the daily one.
    await request(app).patch(`/api/v1/domains/${id}`).set(auth).send({ monitoring_frequency: 'daily' });
    expect(await scheduledEvery(id)).toBe(86_400_000);
  });

  it('answers the frequency rules: 403 for a tier-forbidden change, the alias with Deprecation', async () => {
    const { auth, domain } = await owner();
    const id = (await addDomain(auth, { hostname: domain })).body.domain.id as number;
    const forbidden = await request(app).put(`/api/v1/domains/${id}`).set(auth).send({ monitoring_frequency: '5min' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ error: 'Frequency not allowed', allowed_frequencies: ['hourly', 'daily'] });
    const alias = await request(app).patch(`/api/v1/domains/${id}`).set(auth).send({ scan_frequency: 'hourly' });
    expect(alias.status).toBe(200);
    expect(alias.headers.deprecation).toBe('true');
    expect(alias.body.domain.monitoring_frequency).toBe('hourly');
    const differ = await request(app).patch(`/api/v1/domains/${id}`).set(auth).send({ scan_frequency: 'hourly', monitoring_frequency: 'daily' });
    expect(differ.status).toBe(400);
  });

  it('leaves an unchanged frequency alone after a downgrade', async () => {
    const { auth, domain, account } = await owner();
    const id = (await addDomain(auth, { hostname: domain, monitoring_frequency: 'hourly' })).body.domain.id as number;
    await ctx.db.query(`UPDATE accounts SET tier = 'free' WHERE id = $1`, [account.id]);
    await bumpAuthStamp(ctx, account.id);
    const res = await request(app).put(`/api/v1/domains/${id}`).set(auth).send({ monitoring_frequency: 'hourly', alert_days_before_expiry: 20 });
    expect(res.status).toBe(200);
  });

  it('answers 409 when a new port collides, 400 for bad or no fields, 404 for others', async () => {
    const { auth, domain } = await owner();
    const a = (await addDomain(auth, { hostname: domain })).body.domain.id as number;
    await addDomain(auth, { hostname: domain, port: 8443 });
    const clash = await request(app).put(`/api/v1/domains/${a}`).set(auth).send({ port: 8443 });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('Domain already exists');
    expect((await request(app).put(`/api/v1/domains/${a}`).set(auth).send({ port: 70_000 })).body).toEqual({ error: 'Invalid port' });
    expect((await request(app).put(`/api/v1/domains/${a}`).set(auth).send({ is_active: 'no' })).status).toBe(400);
    expect((await request(app).patch(`/api/v1/domains/${a}`).set(auth).send({})).status).toBe(400);
    const stranger = await createTestAccount(ctx, 'pro');
    const other = await request(app).patch(`/api/v1/domains/${a}`).set(stranger.auth).send({ port: 444 });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'Domain not found' });
  });
});

describe('DELETE /api/v1/domains/:id', () => {
  it('removes the domain with its scans, notifications, alert logs and its bucket membership', async () => {
    const { auth, domain, account } = await owner();
    const created = await addDomain(auth, { hostname: domain });
    const id = created.body.domain.id as number;
    await ctx.db.query(
      `INSERT INTO certificate_notifications (domain_id, fingerprint_sha256, threshold, event) VALUES ($1, 'ff', 30, 'certificate.expiring')`,
      [id],
    );
    await ctx.db.query(
      `INSERT INTO alert_deliveries (delivery_id, account_id, integration_type, event_id, event, domain_id, payload, attempt)
       VALUES (1, $1, 'webhook', 'e1', 'certificate.expiring', $2, '{}', 1)`,
      [account.id, id],
    );
    const stranger = await createTestAccount(ctx, 'pro');
    expect((await request(app).delete(`/api/v1/domains/${id}`).set(stranger.auth)).status).toBe(404);
    const res = await request(app).delete(`/api/v1/domains/${id}`).set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Domain deleted', deleted_domain_id: id });
    expect(await ctx.db.getRepository(Scan).countBy({ domainId: id })).toBe(0);
    const [{ n }] = await ctx.db.query('SELECT (SELECT count(*) FROM certificate_notifications WHERE domain_id = $1) + (SELECT count(*) FROM alert_deliveries WHERE domain_id = $1) AS n', [id]);
    expect(Number(n)).toBe(0);
    expect(await scheduledEvery(id)).toBeUndefined();
    expect((await request(app).get(`/api/v1/domains/${id}`).set(auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/domains/${id}`).set(auth)).status).toBe(404);
  });
});

describe('POST /api/v1/domains in one statement (issue 35)', () => {
  it('writes the entry recordAudit wrote for the entity, the initial scan and the schedule change', async () => {
    const { auth, domain } = await owner();
    const res = await addDomain(auth, { hostname: `told.${domain}`, alert_days_before_expiry: 12 });
    expect(res.status).toBe(201);
    const id = res.body.domain.id as number;
    const saved = await ctx.db.getRepository(Domain).findOneByOrFail({ id });
    const [entry] = (await ctx.db.query(`SELECT action, changes FROM audit_log WHERE resource_type = 'domain' AND resource_id = $1`, [String(id)])) as { action: string; changes: unknown }[];
    expect(entry).toEqual({ action: 'create', changes: fieldDiff(null, snapshotOf(ctx.db.manager, saved)) });
    const scan = await ctx.db.getRepository(Scan).findOneByOrFail({ id: res.body.scan_id as number });
    expect(scan).toMatchObject({ domainId: id, hostname: `told.${domain}`, port: 443, trigger: 'initial', accountId: saved.accountId });
  });
});

describe('POST /api/v1/domains/bulk-delete', () => {
  it('deletes the caller’s ids and skips missing and foreign ones', async () => {
    const { auth, domain } = await owner();
    const mine = [];
    for (const sub of ['a', 'b', 'c']) mine.push((await addDomain(auth, { hostname: `${sub}.${domain}` })).body.domain.id as number);
    const other = await owner();
    const theirs = (await addDomain(other.auth, { hostname: other.domain })).body.domain.id as number;
    const res = await request(app)
      .post('/api/v1/domains/bulk-delete')
      .set(auth)
      .send({ domain_ids: [mine[2], mine[0], theirs, 999_999, mine[0], 99_999_999_999] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: '2 domains deleted', deleted_count: 2, deleted_ids: [mine[0], mine[2]] });
    expect(await scheduledEvery(mine[0])).toBeUndefined();
    expect(await scheduledEvery(mine[1])).toBeDefined();
    expect(await ctx.db.getRepository(Domain).countBy({ id: theirs })).toBe(1);
    const none = await request(app).post('/api/v1/domains/bulk-delete').set(auth).send({ domain_ids: [theirs] });
    expect(none.body).toEqual({ message: '0 domains deleted', deleted_count: 0, deleted_ids: [] });
  });

  it('writes one entry per domain deleted, telling the row whole as read, and leaves no pending schedule change (one statement, issue 35)', async () => {
    const { auth, domain } = await owner();
    const ids = [];
    for (const sub of ['p', 'q']) ids.push((await addDomain(auth, { hostname: `${sub}.${domain}` })).body.domain.id as number);
    const rows = (await ctx.db.query('SELECT * FROM domains WHERE id = ANY($1::int[]) ORDER BY id', [ids])) as Record<string, unknown>[];
    const res = await request(app).post('/api/v1/domains/bulk-delete').set(auth).send({ domain_ids: ids });
    expect(res.body.deleted_ids).toEqual(ids);
    const entries = (await ctx.db.query(
      `SELECT resource_id, changes FROM audit_log WHERE resource_type = 'domain' AND action = 'delete' AND resource_id = ANY($1::text[]) ORDER BY resource_id::int`,
      [ids.map(String)],
    )) as { resource_id: string; changes: unknown }[];
    expect(entries).toEqual(rows.map((row) => ({ resource_id: String(row.id), changes: fieldDiff(snapshotOf(ctx.db.manager, row), null) })));
    const [{ n }] = (await ctx.db.query(`SELECT count(*)::int AS n FROM schedule_outbox WHERE kind = 'domain' AND entity_id = ANY($1::int[])`, [ids])) as { n: number }[];
    expect(n).toBe(0);
  });

  it('skips a domain deleted since it was read: no entry for it', async () => {
    const { auth, domain } = await owner();
    const ids = [];
    for (const sub of ['r', 's']) ids.push((await addDomain(auth, { hostname: `${sub}.${domain}` })).body.domain.id as number);
    const accountId = ((await ctx.db.query('SELECT account_id FROM domains WHERE id = $1', [ids[0]])) as { account_id: number }[])[0].account_id;
    const rows = await ownDomainRows(ctx, accountId, ids);
    await ctx.db.query('DELETE FROM domains WHERE id = $1', [ids[0]]);
    const actor = { accountId, keyId: null, keyName: null, ip: null, now: () => new Date() };
    expect(await deleteDomains(ctx, actor, rows)).toEqual([ids[1]]);
    const told = (await ctx.db.query(`SELECT resource_id FROM audit_log WHERE resource_type = 'domain' AND action = 'delete' AND resource_id = ANY($1::text[])`, [ids.map(String)])) as { resource_id: string }[];
    expect(told).toEqual([{ resource_id: String(ids[1]) }]);
  });

  it.each([[{}], [{ domain_ids: [] }], [{ domain_ids: Array.from({ length: 101 }, (_, i) => i + 1) }], [{ domain_ids: ['1'] }], [{ domain_ids: [1.5] }], [{ domain_ids: 5 }]])(
    'answers 400 to %j',
    async (body) => {
      const { auth } = await owner();
      const res = await request(app).post('/api/v1/domains/bulk-delete').set(auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Invalid domain_ids/);
    },
  );

  it('accepts exactly 100 ids', async () => {
    const { auth } = await owner();
    const res = await request(app).post('/api/v1/domains/bulk-delete').set(auth).send({ domain_ids: Array.from({ length: 100 }, (_, i) => i + 1_000_000) });
    expect(res.status).toBe(200);
  });

  it('is not captured by /domains/:id: other methods answer 405 with Allow: POST', async () => {
    const { auth } = await owner();
    const res = await request(app).get('/api/v1/domains/bulk-delete').set(auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST, OPTIONS');
  });
});

describe('domain badges', () => {
  it('creates the token on first use and keeps it; a rotation replaces it, its entry telling whether there was one; another account’s domain is 404', async () => {
    const { auth, domain, account } = await owner();
    const id = (await addDomain(auth, { hostname: domain })).body.domain.id as number;
    const stranger = await createTestAccount(ctx, 'pro');
    for (const res of [await request(app).get(`/api/v1/domains/${id}/badges`).set(stranger.auth), await request(app).post(`/api/v1/domains/${id}/badges/rotate`).set(stranger.auth)]) {
      expect([res.status, res.body]).toEqual([404, { error: 'Domain not found' }]);
    }

    const first = await request(app).post(`/api/v1/domains/${id}/badges/rotate`).set(auth);
    expect(first.status).toBe(201);
    const shown = await request(app).get(`/api/v1/domains/${id}/badges`).set(auth);
    expect(shown.status).toBe(200);
    expect(shown.body.badge).toEqual(first.body.badge);
    const second = await request(app).post(`/api/v1/domains/${id}/badges/rotate`).set(auth);
    expect(second.status).toBe(201);
    expect(second.body.badge.token).not.toBe(first.body.badge.token);
    expect((await request(app).get(`/badges/${first.body.badge.token as string}/tls-grade.svg`)).status).toBe(404);
    expect((await request(app).get(`/badges/${second.body.badge.token as string}/tls-grade.svg`)).status).toBe(200);

    const entries = await ctx.db.query(`SELECT key_id IS NOT NULL AS keyed, changes FROM audit_log WHERE account_id = $1 AND resource_type = 'domain' AND resource_id = $2 AND action = 'rotate' ORDER BY id`, [
      account.id,
      String(id),
    ]);
    expect(entries).toEqual([
      { keyed: true, changes: { badge_token: { before: null, after: '****' } } },
      { keyed: true, changes: { badge_token: { before: '****', after: '****' } } },
    ]);

    // Rotations at once each replace the one committed before them: all 201, the last one's token stands.
    const together = await Promise.all(Array.from({ length: 6 }, () => request(app).post(`/api/v1/domains/${id}/badges/rotate`).set(auth)));
    expect(together.map((r) => r.status)).toEqual(Array(6).fill(201));
    const now = (await request(app).get(`/api/v1/domains/${id}/badges`).set(auth)).body.badge.token as string;
    expect(together.map((r) => r.body.badge.token as string)).toContain(now);
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM badge_tokens WHERE domain_id = $1`, [id])).toEqual([{ n: 1 }]);
  });

  it('a first use by many requests at once answers one token', async () => {
    const { auth, domain } = await owner();
    const id = (await addDomain(auth, { hostname: domain })).body.domain.id as number;
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(app).get(`/api/v1/domains/${id}/badges`).set(auth)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((r) => r.body.badge.token as string)).size).toBe(1);
  });
});
