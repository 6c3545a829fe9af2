import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { recordAudit, type AuditActor, type AuditChange } from './record-audit.js';

const clock = testClock('2026-11-27T12:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(() => ctx.teardown());

it('records more changes at once than one statement takes parameters for (a config apply of thousands)', async () => {
  const { account } = await createTestAccount(ctx, 'pro');
  const actor: AuditActor = { accountId: account.id, keyId: null, keyName: null, ip: null, now: () => clock.now() };
  // 9 parameters a row: 8,000 rows would be 72,000 in one INSERT, over PostgreSQL's 65,535.
  const changes: AuditChange[] = Array.from({ length: 8_000 }, (_, i) => ({ resource: 'monitor', id: i + 1, action: 'apply', before: null, after: { name: `m${i}` } }));
  await ctx.db.transaction((m) => recordAudit(m, actor, changes));
  const [{ count }] = (await ctx.db.query('SELECT count(*)::int AS count FROM audit_log WHERE account_id = $1', [account.id])) as { count: number }[];
  expect(count).toBe(8_000);
});
