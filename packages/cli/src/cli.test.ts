import request from 'supertest';
import { createApp } from '@vigil/api';
import { main } from '@vigil/cli';
import { Account, TierChange } from '@vigil/core';
import { createTestContext, databaseUrl, dropTestDatabase, withAdmin, type TestContext } from '@vigil/testing';

let ctx: TestContext;
const saved = process.env.DATABASE_URL;
const savedRedis = { url: process.env.REDIS_URL, prefix: process.env.VIGIL_REDIS_PREFIX };

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

beforeAll(async () => {
  ctx = await createTestContext();
  process.env.DATABASE_URL = ctx.config.databaseUrl;
  // set-tier and (de)activate replace the account's auth stamp in the API's Redis.
  process.env.REDIS_URL = ctx.config.redisUrl;
  process.env.VIGIL_REDIS_PREFIX = ctx.config.redisPrefix;
});
afterAll(async () => {
  process.env.DATABASE_URL = saved;
  for (const [name, value] of [['REDIS_URL', savedRedis.url], ['VIGIL_REDIS_PREFIX', savedRedis.prefix]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await ctx.teardown();
});

describe('vigil account', () => {
  it('creates an account and prints only the JSON answer on stdout with --json', async () => {
    const c = capture();
    const code = await main(['account', 'create', '--email', 'ops@acme.test', '--tier', 'pro', '--json'], c.io);
    expect(code).toBe(0);
    expect(c.out).toHaveLength(1);
    const answer = JSON.parse(c.out[0]) as { account_id: number; api_key: string };
    expect(Object.keys(answer).sort()).toEqual(['account_id', 'api_key']);
    // Exactly as decisions §1 writes it.
    expect(c.out[0]).toBe(`{"account_id": ${answer.account_id}, "api_key": "${answer.api_key}"}`);
    expect(answer.api_key).toMatch(/^vgl_[A-Za-z0-9_-]{43}$/);
    const res = await request(createApp(ctx)).get('/api/v1/usage').set('Authorization', `Bearer ${answer.api_key}`);
    expect(res.status).toBe(200);
    expect(res.body.tier).toBe('pro');
  });

  it('marks the email domain verified with --email-verified', async () => {
    const c = capture();
    await main(['account', 'create', '--email', 'boss@Verified.Example', '--tier', 'business', '--email-verified', '--json'], c.io);
    const { account_id } = JSON.parse(c.out[0]) as { account_id: number };
    const account = await ctx.db.getRepository(Account).findOneByOrFail({ id: account_id });
    expect(account.verifiedEmailDomain).toBe('verified.example');
  });

  it('takes the tier name in any case', async () => {
    const c = capture();
    expect(await main(['account', 'create', '--email', 'caps@acme.test', '--tier', 'Business', '--json'], c.io)).toBe(0);
    const { account_id } = JSON.parse(c.out[0]) as { account_id: number };
    expect((await ctx.db.getRepository(Account).findOneByOrFail({ id: account_id })).tier).toBe('business');
  });

  it('changes the tier and records the change for billing', async () => {
    const c = capture();
    await main(['account', 'create', '--email', 'tiers@acme.test', '--tier', 'free', '--json'], c.io);
    const { account_id, api_key } = JSON.parse(c.out[0]) as { account_id: number; api_key: string };
    const set = capture();
    expect(await main(['account', 'set-tier', String(account_id), 'business', '--json'], set.io)).toBe(0);
    expect(JSON.parse(set.out[0])).toEqual({ account_id, tier: 'business' });
    const changes = await ctx.db.getRepository(TierChange).find({ where: { accountId: account_id }, order: { id: 'ASC' } });
    expect(changes.map((c) => c.tier)).toEqual(['free', 'business']);
    const res = await request(createApp(ctx)).get('/api/v1/usage').set('Authorization', `Bearer ${api_key}`);
    expect(res.headers['x-ratelimit-limit']).toBe('300');
  });

  it('deactivates and activates an account, taking effect on the next request', async () => {
    const c = capture();
    await main(['account', 'create', '--email', 'switch@acme.test', '--tier', 'pro', '--json'], c.io);
    const { account_id, api_key } = JSON.parse(c.out[0]) as { account_id: number; api_key: string };
    const app = createApp(ctx);
    const auth = { Authorization: `Bearer ${api_key}` };
    expect((await request(app).get('/api/v1/usage').set(auth)).status).toBe(200);
    expect(await main(['account', 'deactivate', String(account_id)], capture().io)).toBe(0);
    const denied = await request(app).get('/api/v1/usage').set(auth);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'Account inactive' });
    expect(await main(['account', 'activate', String(account_id)], capture().io)).toBe(0);
    expect((await request(app).get('/api/v1/usage').set(auth)).status).toBe(200);
  });

  it.each([
    [['account', 'create', '--tier', 'pro'], /--email/],
    [['account', 'create', '--email', 'x@acme.test', '--tier', 'gold'], /tier/],
    [['account', 'set-tier', 'abc', 'pro'], /account id/],
    [['account', 'frobnicate'], /Unknown account command/],
    [['teleport'], /Unknown command/],
    [['account', 'create', '--email', 'x@acme.test', '--tier', 'pro', '--bogus'], /bogus/],
  ])('answers bad arguments %p with exit code 2 and a clear message', async (argv, message) => {
    const c = capture();
    expect(await main(argv as string[], c.io)).toBe(2);
    expect(c.err.join('\n')).toMatch(message);
    expect(c.err.join('\n')).toMatch(/Usage: vigil/);
  });

  it('answers a missing account with exit code 1 and JSON error under --json', async () => {
    const c = capture();
    expect(await main(['account', 'deactivate', '999999', '--json'], c.io)).toBe(1);
    expect(JSON.parse(c.out[0])).toEqual({ error: 'Account 999999 not found' });
  });

  it('refuses a duplicate email', async () => {
    await main(['account', 'create', '--email', 'dup@acme.test', '--tier', 'pro'], capture().io);
    const c = capture();
    expect(await main(['account', 'create', '--email', 'DUP@acme.test', '--tier', 'pro'], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/already exists/);
  });
});

describe('vigil domain verify', () => {
  it('lets the account add the verified domain and its subdomains', async () => {
    const c = capture();
    await main(['account', 'create', '--email', 'owner@acme.test', '--tier', 'pro', '--json'], c.io);
    const { account_id, api_key } = JSON.parse(c.out[0]) as { account_id: number; api_key: string };
    const auth = { Authorization: `Bearer ${api_key}` };
    const app = createApp(ctx);
    const before = await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'shop.example.org' });
    expect(before.status).toBe(403);
    expect(before.body.error).toBe('Domain not verified');
    const v = capture();
    expect(await main(['domain', 'verify', String(account_id), 'Example.org', '--json'], v.io)).toBe(0);
    expect(JSON.parse(v.out[0])).toEqual({ account_id, hostname: 'example.org', verified: true });
    const after = await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'shop.example.org' });
    expect(after.status).toBe(201);
  });

  it('answers bad arguments with exit code 2', async () => {
    const c = capture();
    expect(await main(['domain', 'verify', 'x', 'example.org'], c.io)).toBe(2);
    expect(await main(['domain', 'verify', '1'], c.io)).toBe(2);
    expect(await main(['domain', 'adopt', '1', 'example.org'], c.io)).toBe(2);
  });
});

describe('vigil migrate', () => {
  it('reports an up-to-date database', async () => {
    const c = capture();
    expect(await main(['migrate', '--json'], c.io)).toBe(0);
    expect(JSON.parse(c.out[0])).toEqual({ database_created: false, applied: [] });
  });
});

describe('help and version', () => {
  it('prints the version', async () => {
    const c = capture();
    expect(await main(['--version'], c.io)).toBe(0);
    expect(c.out).toEqual([expect.stringMatching(/^vigil \d+\.\d+\.\d+$/)]);
  });

  it.each(['account', 'domain', 'start', 'migrate'])('answers `vigil %s --help` with that command usage, exit 0', async (command) => {
    const c = capture();
    expect(await main([command, '--help'], c.io)).toBe(0);
    expect(c.out[0]).toMatch(new RegExp(`^Usage: vigil ${command} \\.\\.\\.\\n\\n  ${command} `));
    expect(c.err).toEqual([]);
  });

  it('answers a missing sub-command with the command usage on stderr, exit 2', async () => {
    const c = capture();
    expect(await main(['account'], c.io)).toBe(2);
    expect(c.err[0]).toBe('vigil: Unknown account command: (none)');
    expect(c.err[1]).toContain('account create --email E');
  });

  it('refuses names of Object.prototype as commands', async () => {
    const c = capture();
    expect(await main(['constructor'], c.io)).toBe(2);
    expect(c.err[0]).toBe('vigil: Unknown command: constructor');
  });
});

describe('admin commands never create a database', () => {
  const missing = `vigil_t_${process.env.VIGIL_TEST_RUN ?? process.pid}_cli_missing`;
  const empty = `vigil_t_${process.env.VIGIL_TEST_RUN ?? process.pid}_cli_empty`;

  afterAll(async () => {
    await dropTestDatabase(missing);
    await dropTestDatabase(empty);
    process.env.DATABASE_URL = ctx.config.databaseUrl;
  });

  it('names DATABASE_URL when the database does not exist, and leaves it missing', async () => {
    process.env.DATABASE_URL = databaseUrl(missing);
    const c = capture();
    expect(await main(['account', 'create', '--email', 'x@acme.test', '--tier', 'pro', '--json'], c.io)).toBe(1);
    expect(JSON.parse(c.out[0])).toEqual({ error: expect.stringMatching(new RegExp(`^Database "${missing}" does not exist on .*Check DATABASE_URL`)) });
    const found = await withAdmin((client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [missing]));
    expect(found.rowCount).toBe(0);
  });

  it('refuses a database without the Vigil schema', async () => {
    await withAdmin((client) => client.query(`CREATE DATABASE "${empty}"`));
    process.env.DATABASE_URL = databaseUrl(empty);
    const c = capture();
    expect(await main(['account', 'set-tier', '1', 'pro'], c.io)).toBe(1);
    expect(c.err[0]).toMatch(new RegExp(`^vigil: Database "${empty}" on .* has no Vigil schema yet\\. Run \`vigil migrate\` first, or check DATABASE_URL\\.$`));
  });

  it('names an unreachable server', async () => {
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/vigil';
    const c = capture();
    expect(await main(['domain', 'verify', '1', 'example.org'], c.io)).toBe(1);
    expect(c.err[0]).toBe('vigil: Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Check DATABASE_URL and that PostgreSQL is running.');
  });
});
