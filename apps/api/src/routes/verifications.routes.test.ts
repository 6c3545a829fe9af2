import request from 'supertest';
import { createApp } from '@vigil/api';
import { createTestAccount, createTestContext, startDnsServer, type LoopbackDns, type TestContext } from '@vigil/testing';

let dns: LoopbackDns;
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  dns = await startDnsServer();
  ctx = await createTestContext({ env: { VIGIL_DNS_SERVERS: dns.server, VIGIL_BURST_PER_SECOND: '100000', VIGIL_TIERS: '{"pro":{"requestsPerMinute":100000}}' } });
  app = createApp(ctx);
});
afterAll(async () => {
  await ctx.teardown();
  await dns.close();
});

async function start(auth: { Authorization: string }, hostname: string) {
  return request(app).post('/api/v1/verifications').set(auth).send({ hostname });
}

describe('POST /api/v1/verifications', () => {
  it('issues a pending DNS TXT challenge for the normalised hostname', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await start(auth, 'Example-One.TEST');
    expect(res.status).toBe(201);
    expect(res.body.verification).toEqual({
      id: expect.any(Number),
      hostname: 'example-one.test',
      method: 'dns_txt',
      record_name: '_vigil-challenge.example-one.test',
      record_value: expect.stringMatching(/^vigil-verification=[0-9a-f]{32}$/),
      status: 'pending',
      verified_at: null,
      last_checked_at: null,
      created_at: expect.any(String),
    });
    expect(res.body.message).toContain('_vigil-challenge.example-one.test');
  });

  it('returns the existing challenge (same token) when asked again', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const first = await start(auth, 'again.test');
    const second = await start(auth, 'AGAIN.test');
    expect(second.status).toBe(200);
    expect(second.body.verification).toEqual(first.body.verification);
  });

  it('records one create entry with the claim as stored (its token masked), none when the claim existed; the row as answered', async () => {
    const { auth, account } = await createTestAccount(ctx, 'pro');
    const created = await start(auth, 'entry.test');
    expect((await start(auth, 'entry.test')).status).toBe(200);
    const v = created.body.verification as { id: number; created_at: string };
    const entries = await ctx.db.query(`SELECT resource_id, action, changes FROM audit_log WHERE account_id = $1 AND resource_type = 'verification'`, [account.id]);
    expect(entries).toEqual([
      {
        resource_id: String(v.id),
        action: 'create',
        changes: {
          id: { before: null, after: v.id },
          hostname: { before: null, after: 'entry.test' },
          method: { before: null, after: 'dns_txt' },
          token: { before: null, after: '****' },
          status: { before: null, after: 'pending' },
          created_at: { before: null, after: v.created_at },
        },
      },
    ]);
    const [row] = await ctx.db.query(`SELECT created_at = updated_at AS same, created_at FROM domain_verifications WHERE id = $1`, [v.id]);
    expect([row.same, (row.created_at as Date).toISOString()]).toEqual([true, v.created_at]);
    // Concurrent first requests for one hostname: one claim, one entry.
    const together = await Promise.all(Array.from({ length: 5 }, () => start(auth, 'race.test')));
    expect(together.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(together.map((r) => (r.body.verification as { id: number }).id)).size).toBe(1);
    expect(await ctx.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE account_id = $1 AND resource_type = 'verification'`, [account.id])).toEqual([{ n: 2 }]);
  });

  it.each([[{}], [{ hostname: '10.0.0.1' }], [{ hostname: 'no_underscores.test' }], [{ hostname: 'single' }]])('answers 400 Invalid hostname to %j', async (body) => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const res = await request(app).post('/api/v1/verifications').set(auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid hostname' });
  });
});

describe('POST /api/v1/verifications/:id/check', () => {
  it('stays pending without the record or with a wrong value, and verifies once the TXT record is published', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const created = (await start(auth, 'txt.example')).body.verification as { id: number; record_name: string; record_value: string };
    const check = () => request(app).post(`/api/v1/verifications/${created.id}/check`).set(auth);

    const missing = await check();
    expect(missing.status).toBe(200);
    expect(missing.body.verification).toMatchObject({ status: 'pending', verified_at: null, last_checked_at: expect.any(String) });
    expect(dns.queries).toContain(`TXT ${created.record_name}`);

    dns.zone.set(created.record_name, { TXT: [['vigil-verification=wrong']] });
    expect((await check()).body.verification.status).toBe('pending');

    // A long value may arrive split into chunks; they are joined.
    const value = created.record_value;
    dns.zone.set(created.record_name, { TXT: [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]] });
    const verified = await check();
    expect(verified.body.verification).toMatchObject({ status: 'verified', verified_at: expect.any(String) });
    expect(verified.body.message).toBe('txt.example is verified');

    // Verified stays verified, and covers the name and its subdomains.
    dns.zone.delete(created.record_name);
    expect((await check()).body.verification.status).toBe('verified');
    for (const hostname of ['txt.example', 'www.txt.example']) {
      const res = await request(app).post('/api/v1/domains').set(auth).send({ hostname });
      expect(res.status).toBe(201);
    }
    expect((await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'example' })).status).toBe(400);
    expect((await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'other.example' })).status).toBe(403);
  });

  it('answers 404 Verification not found for another account’s, a missing or a malformed id', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const theirs = (await start(auth, 'mine.example')).body.verification.id as number;
    const stranger = await createTestAccount(ctx, 'pro');
    for (const id of [theirs, 999_999, 'x']) {
      const res = await request(app).post(`/api/v1/verifications/${id}/check`).set(stranger.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Verification not found' });
      expect((await request(app).get(`/api/v1/verifications/${id}`).set(stranger.auth)).status).toBe(404);
    }
  });
});

describe('GET /api/v1/verifications', () => {
  it('lists the caller’s verifications only', async () => {
    const { auth } = await createTestAccount(ctx, 'pro');
    const other = await createTestAccount(ctx, 'pro');
    await start(other.auth, 'theirs.example');
    const a = (await start(auth, 'a.example')).body.verification;
    const b = (await start(auth, 'b.example')).body.verification;
    const res = await request(app).get('/api/v1/verifications').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ verifications: [a, b], total: 2 });
    expect((await request(app).get(`/api/v1/verifications/${a.id}`).set(auth)).body).toEqual({ verification: a });
  });
});
