import request from 'supertest';
import { createApp } from '@vigil/api';
import { DomainVerification, NotFoundError, ValidationError } from '@vigil/core';
import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { domainVerify } from './domain-verify.js';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  app = createApp(ctx);
});
afterAll(() => ctx.teardown());

async function start(auth: { Authorization: string }, hostname: string) {
  return request(app).post('/api/v1/verifications').set(auth).send({ hostname });
}

describe('domainVerify (vigil domain verify ACCOUNT_ID HOSTNAME)', () => {
  it('verifies the hostname for the account, idempotently, and the account may then add it', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    expect((await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'cli.example' })).status).toBe(403);
    expect(await domainVerify(ctx, account.id, 'CLI.Example')).toEqual({ account_id: account.id, hostname: 'cli.example', verified: true });
    expect(await domainVerify(ctx, account.id, 'cli.example')).toEqual({ account_id: account.id, hostname: 'cli.example', verified: true });
    expect(await ctx.db.getRepository(DomainVerification).countBy({ accountId: account.id })).toBe(1);
    const listed = await request(app).get('/api/v1/verifications').set(auth);
    expect(listed.body.verifications[0]).toMatchObject({ hostname: 'cli.example', method: 'manual', status: 'verified' });
    expect((await request(app).post('/api/v1/domains').set(auth).send({ hostname: 'api.cli.example' })).status).toBe(201);
  });

  it('turns a pending DNS challenge into a verified one', async () => {
    const { account, auth } = await createTestAccount(ctx, 'pro');
    const pending = (await start(auth, 'pending.example')).body.verification;
    await domainVerify(ctx, account.id, 'pending.example');
    const after = await request(app).get(`/api/v1/verifications/${pending.id}`).set(auth);
    expect(after.body.verification).toMatchObject({ status: 'verified', method: 'manual', verified_at: expect.any(String) });
  });

  it('refuses an invalid hostname and an unknown account', async () => {
    const { account } = await createTestAccount(ctx, 'pro');
    await expect(domainVerify(ctx, account.id, 'not a host')).rejects.toThrow(ValidationError);
    await expect(domainVerify(ctx, 987_654, 'fine.example')).rejects.toThrow(NotFoundError);
    await expect(domainVerify(ctx, 987_654, 'fine.example')).rejects.toThrow('Account 987654 not found');
  });
});
