import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { hasVerifiedClaim, insertPendingClaim, lapseClaimRow, markClaimMissing, upsertManualClaim } from './verification-store.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.teardown());

const claimOf = async (accountId: number, hostname: string) =>
  (await ctx.db.query<{ id: number; status: string; method: string; missing_since: Date | null }[]>(
    `SELECT id, status, method, missing_since FROM domain_verifications WHERE account_id = $1 AND hostname = $2`,
    [accountId, hostname],
  ))[0];

describe('verification store', () => {
  it('creates one pending claim per account and hostname', async () => {
    const { account } = await createTestAccount(ctx);
    expect(await insertPendingClaim(ctx.db, account.id, 'once.example', 'token-1')).toBe(true);
    expect(await insertPendingClaim(ctx.db, account.id, 'once.example', 'token-2')).toBe(false);
    expect(await hasVerifiedClaim(ctx.db, account.id, ['once.example'])).toBe(false);
  });

  it('lapses a verified DNS claim once: a claim that changed meanwhile is left alone', async () => {
    const { account } = await createTestAccount(ctx);
    await insertPendingClaim(ctx.db, account.id, 'lapse.example', 'token');
    await ctx.db.query(`UPDATE domain_verifications SET status = 'verified', verified_at = now() WHERE account_id = $1`, [account.id]);
    const { id } = await claimOf(account.id, 'lapse.example');
    const now = ctx.clock.now();
    await markClaimMissing(ctx.db, id, now);
    expect((await claimOf(account.id, 'lapse.example')).missing_since).toEqual(now);
    expect(await hasVerifiedClaim(ctx.db, account.id, ['other.example', 'lapse.example'])).toBe(true);

    expect(await lapseClaimRow(ctx.db.manager, id, now)).toBe(true);
    expect(await lapseClaimRow(ctx.db.manager, id, now)).toBe(false);
    expect(await claimOf(account.id, 'lapse.example')).toMatchObject({ status: 'pending', missing_since: null });
  });

  it("the operator's override verifies, keeping a DNS claim's method", async () => {
    const { account } = await createTestAccount(ctx);
    const now = ctx.clock.now();
    await upsertManualClaim(ctx.db, account.id, 'manual.example', 'token', now);
    expect(await claimOf(account.id, 'manual.example')).toMatchObject({ status: 'verified', method: 'manual' });
    await insertPendingClaim(ctx.db, account.id, 'dns.example', 'token');
    await ctx.db.query(`UPDATE domain_verifications SET status = 'verified' WHERE account_id = $1 AND hostname = 'dns.example'`, [account.id]);
    await upsertManualClaim(ctx.db, account.id, 'dns.example', 'token-2', now);
    expect(await claimOf(account.id, 'dns.example')).toMatchObject({ status: 'verified', method: 'dns_txt' });
  });
});
