import { recordAudit, type AuditActor } from '@vigil/core';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { pruneAuditLogJob } from '../jobs/prune.jobs.js';

const clock = testClock('2026-06-01T12:00:00Z');
const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { VIGIL_TIERS: '{"free":{"auditLogRetentionDays":7},"pro":{"auditLogRetentionDays":90}}' } });
});
afterAll(() => ctx.teardown());

async function entriesAged(accountId: number, days: number[]): Promise<void> {
  for (const age of days) {
    const actor: AuditActor = { accountId, keyId: null, keyName: null, ip: null, now: () => new Date(clock.now().getTime() - age * DAY) };
    await recordAudit(ctx.db.manager, actor, [{ resource: 'monitor', id: age, action: 'delete', before: { name: `${age} days` } }]);
  }
}

async function agesOf(accountId: number): Promise<number[]> {
  const rows = (await ctx.db.query(`SELECT resource_id FROM audit_log WHERE account_id = $1 ORDER BY created_at DESC`, [accountId])) as { resource_id: string }[];
  return rows.map((r) => Number(r.resource_id));
}

it('the job removes each account\'s entries past its tier\'s auditLogRetentionDays and keeps the rest', async () => {
  const free = await createTestAccount(ctx, 'free');
  const pro = await createTestAccount(ctx, 'pro');
  await entriesAged(free.account.id, [1, 6, 8, 30]);
  await entriesAged(pro.account.id, [1, 8, 89, 91, 400]);

  const outcome = await pruneAuditLogJob(ctx)({}, undefined as never);

  expect(await agesOf(free.account.id)).toEqual([1, 6]);
  expect(await agesOf(pro.account.id)).toEqual([1, 8, 89]);
  expect(outcome).toEqual({ deleted: { free: 2, pro: 2, business: 0, enterprise: 0 } });
});
