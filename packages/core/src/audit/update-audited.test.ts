import type { TestContext } from '@vigil/testing';
import { StatusPageNotice } from '../db/entities/status-page-notice.entity.js';
import { StatusPage, type StatusPageSection } from '../db/entities/status-page.entity.js';
import { maintenanceWindowOfAccount } from '../maintenance/maintenance-window-store.js';
import type { AuditActor } from './record-audit.js';
import { auditFixture } from './testing/audit-fixture.js';
import { updateAudited } from './update-audited.js';

const f = auditFixture('2026-11-27T12:00:00Z');
const { clock, statements, counted, windowOf } = f;
let ctx: TestContext;
let accountId: number;
let actor: AuditActor;
beforeAll(() => ({ ctx, accountId, actor } = f));


async function entries(resourceId: number, type = 'maintenance_window') {
  return (await ctx.db.query('SELECT key_id, key_name, ip, action, resource_type, created_at, changes FROM audit_log WHERE account_id = $1 AND resource_id = $2 AND resource_type = $3 ORDER BY id', [
    accountId,
    String(resourceId),
    type,
  ])) as { key_id: number; key_name: string; ip: string; action: string; resource_type: string; created_at: Date; changes: Record<string, unknown> }[];
}

it('writes the changed columns and the entry in one statement, and answers the new update date', async () => {
  const window = await windowOf();
  const wasUpdated = window.updatedAt;
  await new Promise((r) => setTimeout(r, 5));
  const saved = await updateAudited(counted(), actor, window, { title: 'renamed', monitorIds: [], description: undefined }, { resource: 'maintenance_window' });
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/^WITH u AS \(UPDATE "maintenance_windows" SET "title" = \$2, "monitor_ids" = \$3, "updated_at" = CURRENT_TIMESTAMP WHERE "id" = \$1 AND \("title" IS DISTINCT FROM \$2 OR "monitor_ids" IS DISTINCT FROM \$3\)/);
  expect(saved).toBe(window);
  expect(saved?.title).toBe('renamed');
  const stored = await maintenanceWindowOfAccount(ctx.db, accountId, window.id);
  expect(stored).toMatchObject({ title: 'renamed', description: null });
  expect(saved?.updatedAt.getTime()).toBe(stored?.updatedAt.getTime());
  expect(stored!.updatedAt.getTime()).toBeGreaterThan(wasUpdated.getTime());
  expect(await entries(window.id)).toEqual([
    { key_id: 7, key_name: 'ci', ip: '192.0.2.1', action: 'update', resource_type: 'maintenance_window', created_at: clock.now(), changes: { title: { before: 'upgrade', after: 'renamed' } } },
  ]);
  expect(f.recorded).toBe(1);
});

it('writes arrays, dates and jsonb as save() did', async () => {
  const window = await windowOf();
  await updateAudited(ctx.db.manager, actor, window, { monitorIds: [3, 1], endsAt: new Date('2030-01-01T03:00:00Z'), appliesToAll: false }, { resource: 'maintenance_window' });
  expect(await maintenanceWindowOfAccount(ctx.db, accountId, window.id)).toMatchObject({ monitorIds: [3, 1], endsAt: new Date('2030-01-01T03:00:00Z'), appliesToAll: false });
  const page = await ctx.db.getRepository(StatusPage).save(ctx.db.getRepository(StatusPage).create({ accountId, slug: `s-${Date.now()}`, title: 'S', sections: [], theme: 'auto', isPublic: true, showUptimeBars: true, description: null, customHostname: null }));
  const sections: StatusPageSection[] = [{ title: 'API', monitor_ids: [1], domain_ids: [] }];
  await updateAudited(ctx.db.manager, actor, page, { sections }, { resource: 'status_page' });
  expect((await ctx.db.getRepository(StatusPage).findOneByOrFail({ id: page.id })).sections).toEqual(sections);
  expect((await entries(page.id, 'status_page'))[0].changes).toEqual({ sections: { before: [], after: sections } });
});

it('a change to nothing writes nothing (the update date stays) and leaves no entry, but tells the actor', async () => {
  const window = await windowOf();
  const was = window.updatedAt;
  await new Promise((r) => setTimeout(r, 5));
  const saved = await updateAudited(ctx.db.manager, actor, window, { title: 'upgrade', timezone: 'UTC' }, { resource: 'maintenance_window' });
  expect(saved).toBe(window);
  expect((await maintenanceWindowOfAccount(ctx.db, accountId, window.id))?.updatedAt).toEqual(was);
  expect(saved?.updatedAt).toEqual(was);
  expect(await entries(window.id)).toEqual([]);
  expect(f.recorded).toBe(1);
  // Nothing given: no statement at all.
  await updateAudited(counted(), actor, window, { description: undefined }, { resource: 'maintenance_window' });
  expect(statements).toEqual([]);
});

it('compares with the row as it stands, as save() did: a value changed since the read is written back', async () => {
  const window = await windowOf();
  // Another request renames it after this one read it; this one sets the title it read.
  await ctx.db.query(`UPDATE maintenance_windows SET title = 'other' WHERE id = $1`, [window.id]);
  await updateAudited(ctx.db.manager, actor, window, { title: 'upgrade' }, { resource: 'maintenance_window' });
  expect((await maintenanceWindowOfAccount(ctx.db, accountId, window.id))?.title).toBe('upgrade');
  // The entry tells what this request changed from what it read: nothing.
  expect(await entries(window.id)).toEqual([]);
});

it('another action than an update leaves its entry even without a change', async () => {
  const window = await windowOf();
  await updateAudited(ctx.db.manager, actor, window, {}, { resource: 'maintenance_window', action: 'rotate' });
  expect((await entries(window.id)).map((e) => [e.action, e.changes])).toEqual([['rotate', {}]]);
});

it('an update date given is written even when nothing else changed, without an entry', async () => {
  const page = await ctx.db.getRepository(StatusPage).save(ctx.db.getRepository(StatusPage).create({ accountId, slug: `n-${Date.now()}`, title: 'S', sections: [], theme: 'auto', isPublic: true, showUptimeBars: true, description: null, customHostname: null }));
  const notices = ctx.db.getRepository(StatusPageNotice);
  const notice = await notices.save(notices.create({ statusPageId: page.id, accountId, title: 't', status: 'monitoring', message: 'm' }));
  const at = new Date('2026-11-27T13:00:00Z');
  await updateAudited(ctx.db.manager, actor, notice, { title: 't' }, { resource: 'status_page_notice', updatedAt: at });
  expect((await notices.findOneByOrFail({ id: notice.id })).updatedAt).toEqual(at);
  expect(notice.updatedAt).toEqual(at);
  expect(await entries(notice.id, 'status_page_notice')).toEqual([]);
});

it('a row deleted since it was read: null, and no entry', async () => {
  const window = await windowOf();
  await ctx.db.query('DELETE FROM maintenance_windows WHERE id = $1', [window.id]);
  expect(await updateAudited(ctx.db.manager, actor, window, { title: 'gone' }, { resource: 'maintenance_window' })).toBeNull();
  expect(await entries(window.id)).toEqual([]);
  expect(f.recorded).toBe(0);
});

it('inside a transaction, rolls back with it', async () => {
  const window = await windowOf();
  await expect(
    ctx.db.transaction(async (m) => {
      await updateAudited(m, actor, window, { title: 'rolled back' }, { resource: 'maintenance_window' });
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  expect((await maintenanceWindowOfAccount(ctx.db, accountId, window.id))?.title).toBe('upgrade');
  expect(await entries(window.id)).toEqual([]);
});
