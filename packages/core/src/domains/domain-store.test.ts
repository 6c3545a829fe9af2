import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { Domain } from '../db/entities/domain.entity.js';
import { domainEntityOfAccount, insertDomain } from './domain-store.js';

let ctx: TestContext;
let accountId: number;
let otherId: number;
let bare: Domain;
let scanned: Domain;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  ({ account: { id: otherId } } = await createTestAccount(ctx, 'pro'));
  bare = await insertDomain(ctx.db, { accountId, hostname: 'bare.example' });
  scanned = await insertDomain(ctx.db, {
    accountId,
    hostname: 'scanned.example',
    port: 8443,
    monitoringFrequency: 'hourly',
    sslGrade: 'A+',
    sslScore: 98,
    lastScanAt: new Date('2026-11-20T10:00:00Z'),
    lastScanStatus: 'completed',
    certIssuer: 'CN=Issuer',
    certValidFrom: new Date('2026-01-01T00:00:00Z'),
    certValidTo: new Date('2027-01-01T00:00:00Z'),
    headerGrade: 'B',
    headerScore: 70,
  });
});
afterAll(() => ctx.teardown());

describe('domainEntityOfAccount (real PostgreSQL)', () => {
  it('answers the entity TypeORM answered, field for field; null for another account', async () => {
    const repo = ctx.db.getRepository(Domain);
    for (const d of [bare, scanned]) {
      const read = await domainEntityOfAccount(ctx.db, accountId, d.id);
      expect(read).toBeInstanceOf(Domain);
      expect(read).toEqual(await repo.findOneBy({ id: d.id }));
    }
    expect(await domainEntityOfAccount(ctx.db, otherId, scanned.id)).toBeNull();
    expect(await domainEntityOfAccount(ctx.db, accountId, 2_000_000_000)).toBeNull();
  });

  it('takes the row lock inside a transaction', async () => {
    await ctx.db.transaction(async (em) => {
      expect((await domainEntityOfAccount(em, accountId, bare.id, { lock: true }))?.hostname).toBe('bare.example');
      const [{ locked }] = await em.query<{ locked: boolean }[]>(
        `SELECT count(*) > 0 AS locked FROM pg_locks WHERE locktype = 'transactionid' AND pid = pg_backend_pid() AND mode = 'ExclusiveLock'`,
      );
      expect(locked).toBe(true);
    });
  });
});
