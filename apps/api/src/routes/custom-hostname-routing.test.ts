import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, type TestAccount, type TestContext } from '@vigil/testing';

// Behind a load balancer (the shipped VIGIL_TRUST_PROXY: "1"), Express's req.hostname reads
// X-Forwarded-Host, which any client sends: routing must read the Host header alone.
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let victim: TestAccount;
let attacker: TestAccount;
let victimHost: string;
let attackerHost: string;

async function hostedPage(who: TestAccount, label: string, title: string): Promise<string> {
  const domain = `${label}-${who.account.id}.example`;
  await ctx.db.query(`INSERT INTO domain_verifications (account_id, hostname, token, status, verified_at) VALUES ($1, $2, 't', 'verified', now())`, [who.account.id, domain]);
  const res = await request(app)
    .post('/api/v1/status-pages')
    .set(who.auth)
    .send({ slug: `${label}-${process.pid}-${who.account.id}`, title, custom_hostname: `status.${domain}` });
  expect(res.status).toBe(201);
  return `status.${domain}`;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { VIGIL_TRUST_PROXY: '1', VIGIL_BURST_PER_SECOND: '100000' } });
  app = createApp(ctx);
  victim = await createTestAccount(ctx, 'pro');
  attacker = await createTestAccount(ctx, 'pro');
  victimHost = await hostedPage(victim, 'victim', 'Victim page');
  attackerHost = await hostedPage(attacker, 'attacker', 'Attacker page');
});
afterAll(async () => {
  await ctx.teardown();
});

const varies = (header: string | undefined) => (header ?? '').split(',').map((v) => v.trim().toLowerCase());

describe('custom hostnames route by the Host header, never X-Forwarded-Host (trust proxy on)', () => {
  it.each([
    ['/', 'text/html', (text: string) => text.includes('<h1>Victim page</h1>') && !text.includes('Attacker page')],
    ['/index.json', 'application/json', (text: string) => (JSON.parse(text) as { page: { title: string } }).page.title === 'Victim page'],
    ['/feed.atom', 'application/atom+xml', (text: string) => text.includes('Victim page') && !text.includes('Attacker page')],
  ])('%s on the victim host serves the victim page whatever X-Forwarded-Host says, and varies on Host', async (path, type, isVictims) => {
    // Twice: the first answer is built by the route, the second comes from the public face's memory cache.
    for (let i = 0; i < 2; i++) {
      const res = await request(app).get(path).set('Host', victimHost).set('X-Forwarded-Host', `${attackerHost}, ${victimHost}`).buffer(true).parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      });
      expect(res.status).toBe(200);
      expect(res.type).toBe(type);
      expect(isVictims(res.body as string)).toBe(true);
      expect(varies(res.headers.vary)).toEqual(expect.arrayContaining(['host', 'accept-encoding']));
    }
  });

  it("the service's own Host with a forged X-Forwarded-Host gets the service's index, varying on Host", async () => {
    const res = await request(app).get('/').set('Host', 'vigil.test').set('X-Forwarded-Host', attackerHost);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Vigil');
    expect(varies(res.headers.vary)).toContain('host');
  });

  it('an unknown Host is not served a page named by X-Forwarded-Host', async () => {
    const res = await request(app).get('/index.json').set('Host', 'unknown.example').set('X-Forwarded-Host', victimHost);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Victim page');
    expect(varies(res.headers.vary)).toContain('host');
  });

  it('the Host header with a port or in capitals still names the page', async () => {
    const res = await request(app).get('/index.json').set('Host', `${attackerHost.toUpperCase()}:443`).set('X-Forwarded-Host', victimHost);
    expect(res.body.page.title).toBe('Attacker page');
  });

  it('a page by slug does not depend on the Host and does not vary on it', async () => {
    const res = await request(app).get('/status/no-such-page');
    expect(res.status).toBe(404);
    expect(varies(res.headers.vary)).not.toContain('host');
  });
});
