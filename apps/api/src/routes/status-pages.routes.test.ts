import request from 'supertest';
import { createApp } from '@vigil/api';
import { VERSION_MEMO_MS } from '../public-status/read-status-version.js';
import { bumpStatusVersions, ManualClock } from '@vigil/core';
import { createTestAccount, createTestContext, FIXTURE_SECRET, seedStatusFixture, type StatusFixture, type TestAccount, type TestContext } from '@vigil/testing';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let owner: TestAccount;
let fixture: StatusFixture;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000,"statusPages":100},"free":{"requestsPerMinute":100000}}' } });
  app = createApp(ctx);
  owner = await createTestAccount(ctx, 'pro');
  fixture = await seedStatusFixture(ctx, owner.account.id, clock.now());
});
afterAll(async () => {
  await ctx.teardown();
});

let slugs = 0;
const nextSlug = () => `page-${process.pid}-${++slugs}`;

async function createPage(who: TestAccount, body: Record<string, unknown> = {}) {
  const res = await request(app)
    .post('/api/v1/status-pages')
    .set(who.auth)
    .send({
      slug: nextSlug(),
      title: 'Acme <Status>',
      description: 'Our services & their health',
      sections: [
        { title: 'Core', monitor_ids: fixture.monitorIds, domain_ids: [] },
        { title: 'Certificates', domain_ids: fixture.domainIds },
      ],
      ...body,
    });
  expect(res.status).toBe(201);
  return res.body.status_page as { id: number; slug: string; url: string };
}

describe('status pages API', () => {
  it('creates, reads, updates (PUT and PATCH) and deletes a page', async () => {
    const page = await createPage(owner);
    expect(page).toMatchObject({ theme: 'auto', is_public: true, show_uptime_bars: true, custom_hostname: null, url: `http://vigil.test/status/${page.slug}` });
    const got = await request(app).get(`/api/v1/status-pages/${page.id}`).set(owner.auth);
    expect(got.body.status_page.sections[1]).toEqual({ title: 'Certificates', monitor_ids: [], domain_ids: fixture.domainIds });
    const put = await request(app).put(`/api/v1/status-pages/${page.id}`).set(owner.auth).send({ theme: 'dark' });
    expect(put.status).toBe(200);
    expect(put.body.status_page.theme).toBe('dark');
    const patch = await request(app).patch(`/api/v1/status-pages/${page.id}`).set(owner.auth).send({ title: '  Renamed ' });
    expect(patch.body.status_page).toMatchObject({ title: 'Renamed', theme: 'dark' });
    const list = await request(app).get('/api/v1/status-pages').set(owner.auth);
    expect(list.body.status_pages.map((p: { id: number }) => p.id)).toContain(page.id);
    const del = await request(app).delete(`/api/v1/status-pages/${page.id}`).set(owner.auth);
    expect(del.body).toEqual({ message: 'Status page deleted', deleted_status_page_id: page.id });
    expect((await request(app).get(`/status/${page.slug}`)).status).toBe(404);
  });

  it('validates fields, refuses another account’s monitors and a taken slug', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const bad = (body: Record<string, unknown>) => request(app).post('/api/v1/status-pages').set(other.auth).send({ slug: nextSlug(), title: 't', ...body });
    expect((await bad({ slug: 'Bad Slug' })).body.error).toMatch(/^Invalid slug/);
    expect((await bad({ theme: 'pink' })).body.error).toBe('Invalid theme: must be one of light, dark, auto');
    expect((await bad({ sections: [{ monitor_ids: [1] }] })).body.error).toMatch(/^Invalid sections/);
    const foreign = await bad({ sections: [{ title: 'x', monitor_ids: [fixture.monitorIds[0]] }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(`Invalid monitor_ids: no such monitor: ${fixture.monitorIds[0]}`);
    const page = await createPage(owner);
    const taken = await bad({ slug: page.slug });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'Slug already taken' });
    expect((await request(app).get(`/api/v1/status-pages/${page.id}`).set(other.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/status-pages/${page.id}`).set(other.auth)).body).toEqual({ error: 'Status page not found' });
  });

  it('caps pages per account by tier (free: 1)', async () => {
    const free = await createTestAccount(ctx, 'free');
    await createPage(free, { sections: [] });
    const second = await request(app).post('/api/v1/status-pages').set(free.auth).send({ slug: nextSlug(), title: 'Two' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ error: 'Status page limit reached', limit: 1, current: 1, remaining: 0, tier: 'free' });
  });

  it('holds the cap under concurrent creates (free: 1)', async () => {
    const free = await createTestAccount(ctx, 'free');
    const creates = Array.from({ length: 5 }, (_, i) => request(app).post('/api/v1/status-pages').set(free.auth).send({ slug: nextSlug(), title: `Race ${i}` }));
    const results = await Promise.all(creates);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403, 403, 403]);
    const [{ n }] = (await ctx.db.query('SELECT count(*)::int AS n FROM status_pages WHERE account_id = $1', [free.account.id])) as { n: number }[];
    expect(n).toBe(1);
  });

  it('takes a custom hostname only under a verified name, and serves the page on it', async () => {
    const refused = await request(app).post('/api/v1/status-pages').set(owner.auth).send({ slug: nextSlug(), title: 'x', custom_hostname: 'status.unverified.example' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Domain not verified');
    const host = `status.acme-${owner.account.id}.example`;
    await ctx.db.query(`INSERT INTO domain_verifications (account_id, hostname, token, status, verified_at) VALUES ($1, $2, 't', 'verified', now())`, [
      owner.account.id,
      `acme-${owner.account.id}.example`,
    ]);
    await createPage(owner, { title: 'Hosted page', custom_hostname: host.toUpperCase() });
    const res = await request(app).get('/').set('Host', host);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Hosted page</h1>');
    expect(res.text).toContain('href="/feed.atom"');
    expect((await request(app).get('/index.json').set('Host', host)).body.page.title).toBe('Hosted page');
    expect((await request(app).get('/feed.atom').set('Host', host)).type).toBe('application/atom+xml');
    expect((await request(app).get('/').set('Host', 'other.example')).body.name).toBe('Vigil'); // any other host: the service's own index
    const hosted = (await request(app).get('/api/v1/status-pages').set(owner.auth)).body.status_pages.find((p: { custom_hostname: string | null }) => p.custom_hostname === host) as { id: number };
    await request(app).patch(`/api/v1/status-pages/${hosted.id}`).set(owner.auth).send({ is_public: false });
    const hidden = await request(app).get('/').set('Host', host);
    expect(hidden.status).toBe(404);
    expect(hidden.text).toContain('Status page not found');
  });
});

describe('GET /status/{slug}', () => {
  it('shows overall state, sections with 90-day bars, domains and incidents, and nothing private', async () => {
    const page = await createPage(owner);
    const res = await request(app).get(`/status/${page.slug}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.text;
    expect(html).toContain('<title>Acme &lt;Status&gt; status</title>');
    expect(html).toContain('Some systems are down');
    expect(html).toContain('<h3>Service 1</h3><span class="state s-operational">Operational</span>');
    expect(html).toContain('<h3>Service 2</h3><span class="state s-down">Down</span>');
    expect(html.match(/<div class="bar"/g)).toHaveLength(3);
    expect(html.match(/<span class="(up|partial|down|none)" title=/g)).toHaveLength(270);
    expect(html).toMatch(/title="\d{4}-\d{2}-\d{2}: 87\.50% uptime, 1 incident"/);
    expect(html).toContain(`www.acme-${owner.account.id}.example`);
    expect(html).toContain('TLS grade A+');
    expect(html).toContain('Certificate expires in 5 days');
    expect(html).toContain('Service 2 is down');
    expect(html).toContain('Service 1 was down');
    expect(html).not.toContain(FIXTURE_SECRET);
    expect(html).not.toContain('10.0.0.7');
    expect(html).not.toContain('<script');
  });

  it('answers 304 to its ETag, and a plain 404 page for unknown, private and malformed slugs', async () => {
    const page = await createPage(owner);
    const first = await request(app).get(`/status/${page.slug}`);
    const again = await request(app).get(`/status/${page.slug}`).set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    const gz = await request(app).get(`/status/${page.slug}`).set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const path of ['/status/no-such-page', '/status/UPPER', `/status/${'x'.repeat(80)}`]) {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Status page not found');
    }
    await request(app).patch(`/api/v1/status-pages/${page.id}`).set(owner.auth).send({ is_public: false });
    expect((await request(app).get(`/status/${page.slug}`)).status).toBe(404);
    expect((await request(app).get(`/status/${page.slug}.json`)).body).toEqual({ error: 'Status page not found' });
  });

  it("answers 404 for a deactivated account's page and badges", async () => {
    const other = await createTestAccount(ctx, 'pro');
    const page = await createPage(other, { sections: [] });
    const [domain] = (await ctx.db.query(`INSERT INTO domains (account_id, hostname) VALUES ($1, $2) RETURNING id`, [other.account.id, `x${other.account.id}.example`])) as { id: number }[];
    const token = (await request(app).get(`/api/v1/domains/${domain.id}/badges`).set(other.auth)).body.badge.token as string;
    await ctx.db.query(`UPDATE accounts SET is_active = false WHERE id = $1`, [other.account.id]);
    expect((await request(app).get(`/status/${page.slug}`)).status).toBe(404);
    expect((await request(app).get(`/badges/${token}/tls-grade.svg`)).status).toBe(404);
  });

  it('shows a posted incident update at once (the cache is invalidated), and in the JSON and the feed', async () => {
    const page = await createPage(owner);
    expect((await request(app).get(`/status/${page.slug}`)).text).not.toContain('Database failover');
    const posted = await request(app)
      .post(`/api/v1/uptime/monitors/${fixture.monitorIds[1]}/incidents/${fixture.openIncidentId}/updates`)
      .set(owner.auth)
      .send({ status: 'identified', message: 'Database failover <in progress>' });
    expect(posted.status).toBe(201);
    expect(posted.body.update).toMatchObject({ incident_id: fixture.openIncidentId, status: 'identified', message: 'Database failover <in progress>' });
    const html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toContain('Database failover &lt;in progress&gt;');
    expect(html).toContain('<span class="label">identified</span>');
    const json = (await request(app).get(`/status/${page.slug}.json`)).body;
    expect(json.status).toEqual({ indicator: 'outage', description: 'Some systems are down' });
    expect(json.sections[0].monitors[0]).toMatchObject({ name: 'Service 1', status: 'operational' });
    expect(json.sections[0].monitors[0].days).toHaveLength(90);
    expect(json.sections[1].domains[1]).toMatchObject({ ssl_grade: 'B', days_until_expiry: 5, status: 'expiring' });
    expect(json.active_incidents[0]).toMatchObject({ title: 'Service 2 is down', status: 'identified', open: true });
    expect(JSON.stringify(json)).not.toContain(FIXTURE_SECRET);
    const feed = await request(app).get(`/status/${page.slug}/feed.atom`);
    expect(feed.type).toBe('application/atom+xml');
    expect(feed.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.text).toContain('identified: Database failover &lt;in progress&gt;');
    expect(feed.text).not.toContain(FIXTURE_SECRET);
  });

  it("shows each incident's newest 25 updates on the page, in the JSON and the feed; the API lists them all", async () => {
    const other = await createTestAccount(ctx, 'pro');
    const mine = await seedStatusFixture(ctx, other.account.id, clock.now(), { monitors: 2, days: 2 });
    const page = await createPage(other, { sections: [{ title: 'S', monitor_ids: mine.monitorIds }] });
    const at = `/api/v1/uptime/monitors/${mine.monitorIds[1]}/incidents/${mine.openIncidentId}/updates`;
    const label = (n: number) => `Update ${String(n).padStart(2, '0')}`;
    for (let n = 1; n <= 30; n++) {
      clock.advance(1000);
      const status = n === 30 ? 'monitoring' : 'identified';
      expect((await request(app).post(at).set(other.auth).send({ status, message: label(n) })).status).toBe(201);
    }
    const json = (await request(app).get(`/status/${page.slug}.json`)).body;
    const shown = json.active_incidents[0].updates.map((u: { message: string }) => u.message);
    expect(shown).toEqual(Array.from({ length: 25 }, (_, i) => label(i + 6)));
    expect(json.active_incidents[0].status).toBe('monitoring');
    const html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toContain(label(30));
    expect(html).not.toContain(label(5));
    const feed = (await request(app).get(`/status/${page.slug}/feed.atom`)).text;
    expect(feed).toContain(`monitoring: ${label(30)}`);
    expect(feed).toContain(label(6));
    expect(feed).not.toContain(label(5));
    const listed = await request(app).get(at).set(other.auth);
    expect(listed.body.updates).toHaveLength(30);
  });

  it("lists a flapping monitor's newest 50 resolved incidents, and counts every incident on the days it touched", async () => {
    const other = await createTestAccount(ctx, 'pro');
    const mine = await seedStatusFixture(ctx, other.account.id, clock.now(), { monitors: 2, days: 2 });
    const DAY = 86_400_000;
    const today = Math.floor(clock.now().getTime() / DAY) * DAY;
    const insert = (monitorId: number, startedAt: number, resolvedAt: number) =>
      ctx.db.query(
        `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
         VALUES ($1, $2, 'resolved', $3, $4, $5, 'x', 1)`,
        [monitorId, other.account.id, new Date(startedAt), new Date(resolvedAt), (resolvedAt - startedAt) / 1000],
      );
    // Service 1 flapped yesterday: 120 incidents of 5 minutes, 10 minutes apart.
    const flapStart = (k: number) => today - DAY + k * 600_000;
    await ctx.db.query(
      `INSERT INTO incidents (monitor_id, account_id, status, started_at, resolved_at, duration_seconds, cause, affected_checks)
       SELECT $1, $2, 'resolved', $3::timestamptz + k * interval '10 minutes', $3::timestamptz + k * interval '10 minutes' + interval '5 minutes', 300, 'x', 1
         FROM generate_series(0, 119) AS k`,
      [mine.monitorIds[0], other.account.id, new Date(flapStart(0))],
    );
    // Service 2: one incident from before the bar's first day into it, one from before the last 14 days into them.
    await insert(mine.monitorIds[1], today - 100 * DAY, today - 85 * DAY + 3_600_000);
    await insert(mine.monitorIds[1], today - 20 * DAY + 23 * 3_600_000, today - 13 * DAY + 3_600_000);

    const both = await createPage(other, { sections: [{ title: 'S', monitor_ids: mine.monitorIds }] });
    const json = (await request(app).get(`/status/${both.slug}.json`)).body;
    expect(json.recent_incidents).toHaveLength(50);
    expect(json.recent_incidents[0]).toMatchObject({ title: 'Service 1 was down', started_at: new Date(flapStart(119)).toISOString() });
    expect(json.recent_incidents[49].started_at).toBe(new Date(flapStart(70)).toISOString());
    expect(json.active_incidents.map((i: { title: string }) => i.title)).toEqual(['Service 2 is down']);
    const counts = (section: number) => json.sections[0].monitors[section].days.map((d: { incidents: number }) => d.incidents);
    const expected1 = Array<number>(90).fill(0);
    expected1[87] = 1; // the fixture's incident two days ago
    expected1[88] = 120;
    expect(counts(0)).toEqual(expected1);
    const expected2 = Array<number>(90).fill(0);
    for (const d of [0, 1, 2, 3, 4, 69, 70, 71, 72, 73, 74, 75, 76, 89]) expected2[d] = 1;
    expect(counts(1)).toEqual(expected2);
    const html = (await request(app).get(`/status/${both.slug}`)).text;
    expect(html.match(/Service 1 was down/g)).toHaveLength(50);

    // A page of Service 2 alone lists the incident resolved 13 days ago, though it started 20 days ago.
    const one = await createPage(other, { sections: [{ title: 'S', monitor_ids: [mine.monitorIds[1]] }] });
    const alone = (await request(app).get(`/status/${one.slug}.json`)).body;
    expect(alone.recent_incidents.map((i: { started_at: string }) => i.started_at)).toEqual([new Date(today - 20 * DAY + 23 * 3_600_000).toISOString()]);
    expect(alone.active_incidents).toHaveLength(1);
  });

  it('rebuilds when the checker bumps the account version (incident opened or resolved)', async () => {
    const page = await createPage(owner, { sections: [{ title: 'One', monitor_ids: [fixture.monitorIds[2]] }] });
    expect((await request(app).get(`/status/${page.slug}`)).text).toContain('All systems operational');
    await ctx.db.query(`UPDATE monitors SET status = 'down' WHERE id = $1`, [fixture.monitorIds[2]]);
    expect((await request(app).get(`/status/${page.slug}`)).text).toContain('All systems operational');
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, [owner.account.id]);
    clock.advance(VERSION_MEMO_MS); // another process's change is seen once this process's memo of the version lapses
    expect((await request(app).get(`/status/${page.slug}`)).text).toContain('Some systems are down');
    await ctx.db.query(`UPDATE monitors SET status = 'up' WHERE id = $1`, [fixture.monitorIds[2]]);
    await bumpStatusVersions(ctx.redis, ctx.config.redisPrefix, ctx.logger, [owner.account.id]);
  });

  it('announces maintenance windows that cover the page, and shows monitors under maintenance', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const mine = await seedStatusFixture(ctx, other.account.id, clock.now(), { monitors: 2, days: 2 });
    const page = await createPage(other, { sections: [{ title: 'S', monitor_ids: mine.monitorIds, domain_ids: mine.domainIds }] });
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
    const post = (body: Record<string, unknown>) => request(app).post('/api/v1/maintenance-windows').set(other.auth).send(body);
    expect((await post({ title: 'Database upgrade', description: 'Writes pause', monitor_ids: [mine.monitorIds[1]], starts_at: at(-10), ends_at: at(50) })).status).toBe(201);
    expect((await post({ title: 'Certificate rollover', domain_ids: [mine.domainIds[0]], starts_at: at(24 * 60), ends_at: at(25 * 60) })).status).toBe(201);
    expect((await post({ title: 'Far away', domain_ids: [mine.domainIds[0]], starts_at: at(30 * 24 * 60), ends_at: at(30 * 24 * 60 + 60) })).status).toBe(201);
    const html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toMatch(/Scheduled maintenance[\s\S]*Database upgrade[\s\S]*In progress[\s\S]*Writes pause[\s\S]*Certificate rollover/);
    expect(html).not.toContain('Far away');
    // The second monitor is down but under maintenance: the page is not in outage for it.
    expect(html).toContain('<h3>Service 2</h3><span class="state s-maintenance">Under maintenance</span>');
    expect(html).toContain('All systems operational');
    const json = (await request(app).get(`/status/${page.slug}.json`)).body;
    expect(json.scheduled_maintenance.map((m: { title: string }) => m.title)).toEqual(['Database upgrade', 'Certificate rollover']);
  });

  it('shows manual notices until resolved', async () => {
    const page = await createPage(owner);
    const created = await request(app).post(`/api/v1/status-pages/${page.id}/notices`).set(owner.auth).send({ title: 'Payment provider outage', status: 'monitoring', message: 'Card payments fail' });
    expect(created.status).toBe(201);
    let html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toMatch(/Current incidents[\s\S]*Payment provider outage/);
    const notice = created.body.notice as { id: number };
    await request(app).patch(`/api/v1/status-pages/${page.id}/notices/${notice.id}`).set(owner.auth).send({ status: 'resolved', message: 'Fixed' });
    html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toMatch(/Recent incidents[\s\S]*Payment provider outage/);
    expect((await request(app).get(`/api/v1/status-pages/${page.id}/notices`).set(owner.auth)).body.notices[0]).toMatchObject({ status: 'resolved', message: 'Fixed' });
    expect((await request(app).delete(`/api/v1/status-pages/${page.id}/notices/${notice.id}`).set(owner.auth)).status).toBe(200);
  });
});

describe('notices API', () => {
  it('pages a page with many notices: 100 a page, newest first, with the usual pagination; 404 before 400', async () => {
    const page = await createPage(owner);
    await ctx.db.query(
      `INSERT INTO status_page_notices (status_page_id, account_id, title, status, message, created_at, updated_at)
       SELECT $1, $2, 'Notice ' || n, 'resolved', 'm', $3::timestamptz - n * interval '1 second', $3::timestamptz - n * interval '1 second' FROM generate_series(1, 130) AS n`,
      [page.id, owner.account.id, clock.now()],
    );
    const at = `/api/v1/status-pages/${page.id}/notices`;
    const titles = (body: { notices: { title: string }[] }) => body.notices.map((n) => n.title);
    const first = await request(app).get(at).set(owner.auth);
    expect(titles(first.body)).toEqual(Array.from({ length: 100 }, (_, i) => `Notice ${i + 1}`));
    expect(first.body.pagination).toEqual({ page: 1, per_page: 100, total: 130, pages: 2 });
    const second = await request(app).get(`${at}?page=2`).set(owner.auth);
    expect(titles(second.body)).toEqual(Array.from({ length: 30 }, (_, i) => `Notice ${i + 101}`));
    expect(second.body.pagination).toEqual({ page: 2, per_page: 100, total: 130, pages: 2 });
    expect((await request(app).get(`${at}?page=5`).set(owner.auth)).body).toEqual({ status_page_id: page.id, notices: [], pagination: { page: 5, per_page: 100, total: 130, pages: 2 } });
    const empty = await createPage(owner);
    expect((await request(app).get(`/api/v1/status-pages/${empty.id}/notices`).set(owner.auth)).body).toEqual({
      status_page_id: empty.id,
      notices: [],
      pagination: { page: 1, per_page: 100, total: 0, pages: 0 },
    });
    expect((await request(app).get(`${at}?per_page=x`).set(owner.auth)).body).toEqual({ error: 'Invalid per_page: must be a positive integer' });
    const stranger = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`${at}?per_page=x`).set(stranger.auth)).body).toEqual({ error: 'Status page not found' });
    expect((await request(app).get(at).set(stranger.auth)).status).toBe(404);
  });
});

describe('incident updates', () => {
  const path = (monitorId: number, incidentId: number | string) => `/api/v1/uptime/monitors/${monitorId}/incidents/${incidentId}/updates`;

  it('lists updates oldest first and validates them', async () => {
    const at = path(fixture.monitorIds[0], fixture.resolvedIncidentId);
    await request(app).post(at).set(owner.auth).send({ status: 'investigating', message: 'Looking' });
    clock.advance(1000);
    await request(app).post(at).set(owner.auth).send({ status: 'resolved', message: 'Done' });
    const list = await request(app).get(at).set(owner.auth);
    expect(list.body.updates.map((u: { message: string }) => u.message)).toEqual(['Looking', 'Done']);
    expect(list.body.pagination).toEqual({ page: 1, per_page: 100, total: 2, pages: 1 });
    expect((await request(app).post(at).set(owner.auth).send({ status: 'fixed', message: 'x' })).body.error).toBe(
      'Invalid status: must be one of investigating, identified, monitoring, resolved',
    );
    expect((await request(app).post(at).set(owner.auth).send({ status: 'resolved' })).body.error).toBe('message is required');
  });

  it('pages an incident with many updates: 100 a page, oldest first, per_page clamped to 100, a bad page a 400', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const mine = await seedStatusFixture(ctx, other.account.id, clock.now(), { monitors: 2, days: 1 });
    await ctx.db.query(
      `INSERT INTO incident_updates (incident_id, account_id, status, message, created_at)
       SELECT $1, $2, 'identified', 'Update ' || n, $3::timestamptz + n * interval '1 second' FROM generate_series(1, 150) AS n`,
      [mine.openIncidentId, other.account.id, clock.now()],
    );
    const at = path(mine.monitorIds[1], mine.openIncidentId);
    const messages = (body: { updates: { message: string }[] }) => body.updates.map((u) => u.message);
    const first = await request(app).get(at).set(other.auth);
    expect(first.status).toBe(200);
    expect(messages(first.body)).toEqual(Array.from({ length: 100 }, (_, i) => `Update ${i + 1}`));
    expect(first.body.pagination).toEqual({ page: 1, per_page: 100, total: 150, pages: 2 });
    const second = await request(app).get(`${at}?page=2`).set(other.auth);
    expect(messages(second.body)).toEqual(Array.from({ length: 50 }, (_, i) => `Update ${i + 101}`));
    expect(second.body.pagination).toEqual({ page: 2, per_page: 100, total: 150, pages: 2 });
    const clamped = await request(app).get(`${at}?per_page=500&page=2`).set(other.auth);
    expect(clamped.body.pagination).toEqual({ page: 2, per_page: 100, total: 150, pages: 2 });
    const small = await request(app).get(`${at}?per_page=20&page=3`).set(other.auth);
    expect(messages(small.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Update ${i + 41}`));
    const past = await request(app).get(`${at}?page=9`).set(other.auth);
    expect(past.body).toMatchObject({ updates: [], pagination: { page: 9, per_page: 100, total: 150, pages: 2 } });
    const bad = await request(app).get(`${at}?page=0`).set(other.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Invalid page: must be a positive integer' });
    expect((await request(app).get(`${at}?page=0`).set(owner.auth)).body).toEqual({ error: 'Monitor not found' });
  });

  it("answers 404 for another account's incident or an incident of another monitor", async () => {
    const other = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(path(fixture.monitorIds[0], fixture.resolvedIncidentId)).set(other.auth)).body).toEqual({ error: 'Monitor not found' });
    expect((await request(app).get(path(fixture.monitorIds[2], fixture.resolvedIncidentId)).set(owner.auth)).body).toEqual({ error: 'Incident not found' });
    expect((await request(app).get(path(fixture.monitorIds[0], 'abc')).set(owner.auth)).status).toBe(404);
  });

  it('refuses a post to an incident not the caller\'s with the read\'s 404s, before any 400, and records nothing', async () => {
    const other = await createTestAccount(ctx, 'pro');
    const entries = async () => Number((await ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE resource_type = 'incident_update'`))[0].n);
    const before = await entries();
    const post = (monitorId: number | string, incidentId: number | string, who: { Authorization: string }, body: object = { status: 'monitoring', message: 'm' }) =>
      request(app).post(`/api/v1/uptime/monitors/${monitorId}/incidents/${incidentId}/updates`).set(who).send(body);
    expect((await post(fixture.monitorIds[0], fixture.resolvedIncidentId, other.auth)).body).toEqual({ error: 'Monitor not found' });
    expect((await post(fixture.monitorIds[0], fixture.resolvedIncidentId, other.auth, { status: 'fixed' })).body).toEqual({ error: 'Monitor not found' });
    expect((await post(fixture.monitorIds[2], fixture.resolvedIncidentId, owner.auth)).body).toEqual({ error: 'Incident not found' });
    expect((await post(fixture.monitorIds[2], fixture.resolvedIncidentId, owner.auth, {})).body).toEqual({ error: 'Incident not found' });
    expect((await post(fixture.monitorIds[0], 'abc', owner.auth)).body).toEqual({ error: 'Incident not found' });
    expect((await post('abc', fixture.resolvedIncidentId, owner.auth)).body).toEqual({ error: 'Monitor not found' });
    expect(await entries()).toBe(before);
  });
});

describe('badges', () => {
  it('serves flat SVG and shields endpoint JSON by token, with ETag and Cache-Control; rotation retires the old token', async () => {
    const links = await request(app).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set(owner.auth);
    expect(links.status).toBe(200);
    const { token, badges } = links.body.badge as { token: string; badges: Record<string, { svg_url: string; json_url: string }> };
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Object.keys(badges)).toEqual(['status', 'uptime_24h', 'uptime_7d', 'uptime_30d', 'uptime_90d', 'response_time']);
    expect((await request(app).get(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges`).set(owner.auth)).body.badge.token).toBe(token);

    const svg = await request(app).get(`/badges/${token}/status.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers['cache-control']).toBe('public, max-age=60');
    expect(svg.body.toString()).toContain('aria-label="status: up"');
    expect((await request(app).get(`/badges/${token}/status.svg`).set('If-None-Match', svg.headers.etag)).status).toBe(304);
    const uptime = await request(app).get(`/badges/${token}/uptime-90d.json`);
    expect(uptime.body).toEqual({ schemaVersion: 1, label: 'uptime 90d', message: '99.86%', color: 'green', cacheSeconds: 60 });
    const labelled = await request(app).get(`/badges/${token}/response-time.svg`).query({ label: '<b>&"api"' });
    expect(labelled.body.toString()).toContain(`&lt;b&gt;&amp;&quot;api&quot;: ${100 + (fixture.monitorIds[0] % 50)} ms`);
    expect((await request(app).get(`/badges/${token}/tls-grade.svg`)).status).toBe(404);

    const rotated = await request(app).post(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges/rotate`).set(owner.auth);
    expect(rotated.status).toBe(201);
    expect(rotated.body.badge.token).not.toBe(token);
    expect((await request(app).get(`/badges/${token}/status.svg`)).body).toEqual({ error: 'Badge not found' });
    expect((await request(app).get(`/badges/${rotated.body.badge.token as string}/status.svg`)).status).toBe(200);

    // Rotations at once queue on the monitor: every one answers 201, one token is left and it works.
    const together = await Promise.all(Array.from({ length: 6 }, () => request(app).post(`/api/v1/uptime/monitors/${fixture.monitorIds[0]}/badges/rotate`).set(owner.auth)));
    expect(together.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const left = (await ctx.db.query(`SELECT token FROM badge_tokens WHERE monitor_id = $1`, [fixture.monitorIds[0]])) as { token: string }[];
    expect(left).toHaveLength(1);
    expect(together.map((r) => r.body.badge.token as string)).toContain(left[0].token);
  });

  it('a grade F domain with an untrusted certificate is red on its page and its badges alike, and the page says untrusted', async () => {
    const [d] = (await ctx.db.query(
      `INSERT INTO domains (account_id, hostname, ssl_grade, cert_valid_to) VALUES ($1, $2, 'F', $3::timestamptz + interval '200 days') RETURNING id`,
      [owner.account.id, `untrusted-${owner.account.id}.example`, clock.now()],
    )) as { id: number }[];
    const report = (trusted: boolean) => JSON.stringify({ certificate: { subject: 'CN=x', trusted } });
    await ctx.db.query(
      `INSERT INTO scans (account_id, domain_id, hostname, port, trigger, status, report, created_at) VALUES
         ($1, $2, 'x', 443, 'manual', 'completed', $3::jsonb, now() - interval '1 day'), ($1, $2, 'x', 443, 'manual', 'completed', $4::jsonb, now())`,
      [owner.account.id, d.id, report(true), report(false)],
    );
    const page = await createPage(owner, { sections: [{ title: 'Certs', domain_ids: [d.id] }] });
    const html = (await request(app).get(`/status/${page.slug}`)).text;
    expect(html).toContain('<span class="state s-critical">TLS grade F</span>');
    expect(html).toContain('Certificate not trusted · Certificate expires in 200 days');
    expect((await request(app).get(`/status/${page.slug}.json`)).body.sections[0].domains[0]).toMatchObject({ status: 'ok', trusted: false, level: 'critical' });
    const token = (await request(app).get(`/api/v1/domains/${d.id}/badges`).set(owner.auth)).body.badge.token as string;
    expect((await request(app).get(`/badges/${token}/tls-grade.json`)).body).toMatchObject({ message: 'F', color: 'red' });
    expect((await request(app).get(`/badges/${token}/cert-expiry.json`)).body).toMatchObject({ message: 'untrusted', color: 'red' });
  });

  it('draws domain badges and refuses another account', async () => {
    const links = await request(app).get(`/api/v1/domains/${fixture.domainIds[1]}/badges`).set(owner.auth);
    const token = links.body.badge.token as string;
    expect((await request(app).get(`/badges/${token}/tls-grade.json`)).body).toMatchObject({ label: 'tls', message: 'B', color: 'brightgreen' });
    expect((await request(app).get(`/badges/${token}/cert-expiry.json`)).body).toMatchObject({ message: 'expires in 5 days', color: 'red' });
    expect((await request(app).get(`/badges/${token}/header-grade.json`)).body).toMatchObject({ label: 'security headers', message: 'not checked', color: 'lightgrey' });
    await ctx.db.query(`UPDATE domains SET header_grade = 'A' WHERE id = $1`, [fixture.domainIds[0]]);
    const first = (await request(app).get(`/api/v1/domains/${fixture.domainIds[0]}/badges`).set(owner.auth)).body.badge.token as string;
    expect((await request(app).get(`/badges/${first}/header-grade.json`)).body).toMatchObject({ message: 'A', color: 'brightgreen' });
    const other = await createTestAccount(ctx, 'pro');
    expect((await request(app).get(`/api/v1/domains/${fixture.domainIds[1]}/badges`).set(other.auth)).body).toEqual({ error: 'Domain not found' });
    expect((await request(app).get('/badges/not-a-token/status.svg')).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the pages, feeds and badges with their content types', async () => {
    const doc = (await request(app).get('/api/v1/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    expect(Object.keys(doc.paths['/status/{slug}'].get.responses['200'].content ?? {})).toEqual(['text/html']);
    expect(Object.keys(doc.paths['/status/{slug}/feed.atom'].get.responses['200'].content ?? {})).toEqual(['application/atom+xml']);
    expect(Object.keys(doc.paths['/status/{slug}.json'].get.responses['200'].content ?? {})).toEqual(['application/json']);
    expect(Object.keys(doc.paths['/badges/{token}/{badge}'].get.responses['200'].content ?? {})).toEqual(['image/svg+xml', 'application/json']);
    for (const path of ['/api/v1/status-pages', '/api/v1/status-pages/{id}/notices/{notice_id}', '/api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates', '/api/v1/domains/{id}/badges/rotate']) {
      expect(doc.paths[path]).toBeDefined();
    }
  });
});
