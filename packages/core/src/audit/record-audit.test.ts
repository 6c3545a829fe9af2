import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import { recordAudit, writeAudited, type AuditActor, type AuditChange } from './record-audit.js';

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

it('writeAudited writes the entry with the write, and no entry when the write touched no row', async () => {
  const { account } = await createTestAccount(ctx, 'pro');
  let recorded = 0;
  const actor: AuditActor = { accountId: account.id, keyId: null, keyName: null, ip: '10.0.0.1', now: () => clock.now(), recorded: () => recorded++ };
  const entries = async () =>
    (await ctx.db.query('SELECT resource_type, resource_id, action, changes, created_at FROM audit_log WHERE account_id = $1 ORDER BY id', [account.id])) as {
      resource_type: string;
      resource_id: string;
      action: string;
      changes: unknown;
      created_at: Date;
    }[];
  const [{ id }] = (await ctx.db.query(`INSERT INTO status_pages (account_id, slug, title) VALUES ($1, $2, 'T') RETURNING id`, [account.id, `wa-${account.id}`])) as { id: number }[];
  const rename = (to: string, owner: number) => ({ sql: 'UPDATE status_pages SET title = $3 WHERE id = $1 AND account_id = $2 RETURNING id, title', params: [id, owner, to] });
  const change: AuditChange = { resource: 'status_page', id, action: 'update', before: { title: 'T' }, after: { title: 'U' } };

  expect(await writeAudited(ctx.db.manager, actor, change, rename('U', account.id + 1_000_000))).toEqual([]);
  expect(await entries()).toEqual([]);
  expect(recorded).toBe(0);

  expect(await writeAudited(ctx.db.manager, actor, change, rename('U', account.id))).toEqual([{ id, title: 'U' }]);
  expect(await entries()).toEqual([
    { resource_type: 'status_page', resource_id: String(id), action: 'update', changes: { title: { before: 'T', after: 'U' } }, created_at: clock.now() },
  ]);
  expect(recorded).toBe(1);
});
