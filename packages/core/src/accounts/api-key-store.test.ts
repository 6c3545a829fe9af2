import { createTestContext, type TestContext } from '@vigil/testing';
import { Account } from '../db/entities/account.entity.js';
import { ApiKey } from '../db/entities/api-key.entity.js';
import { hashApiKeySecret } from '../security/api-key-secret.js';
import { createAccount } from './create-account.js';
import { keyWithAccount } from './api-key-store.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

describe('keyWithAccount', () => {
  it('reads the key and its account with every field, as their entities read them', async () => {
    const { account, apiKey: secret } = await createAccount(ctx.db, { email: 'store@example.com', tier: 'pro' }, ctx.clock.now());
    await ctx.db.getRepository(ApiKey).update({ accountId: account.id }, { lastUsedAt: new Date('2026-11-27T10:00:00Z'), lastUsedIp: '10.0.0.1', scopes: ['monitors:read'] });
    const found = await keyWithAccount(ctx.db, hashApiKeySecret(secret));
    expect(found?.apiKey).toBeInstanceOf(ApiKey);
    expect(found?.account).toBeInstanceOf(Account);
    expect(found?.apiKey).toEqual(await ctx.db.getRepository(ApiKey).findOneByOrFail({ accountId: account.id }));
    expect(found?.account).toEqual(await ctx.db.getRepository(Account).findOneByOrFail({ id: account.id }));
  });

  it('is null for a hash no key has', async () => {
    expect(await keyWithAccount(ctx.db, hashApiKeySecret('vgl_no_such_key'))).toBeNull();
  });
});
