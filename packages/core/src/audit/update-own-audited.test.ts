import type { TestContext } from '@vigil/testing';
import { Domain } from '../db/entities/domain.entity.js';
import { Integration } from '../db/entities/integration.entity.js';
import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { StatusPageNotice } from '../db/entities/status-page-notice.entity.js';
import { domainEntityOfAccount } from '../domains/domain-store.js';
import { integrationOfAccount } from '../integrations/integration-store.js';
import { noticeOfOwnPage } from '../status-pages/status-page-store.js';
import { maintenanceWindowOfAccount } from '../maintenance/maintenance-window-store.js';
import type { AuditActor } from './record-audit.js';
import { auditFixture } from './testing/audit-fixture.js';
import { updateOwnAudited } from './update-own-audited.js';

const f = auditFixture('2026-11-28T12:00:00Z');
const { clock, statements, counted, windowOf } = f;
let ctx: TestContext;
let accountId: number;
let otherId: number;
let actor: AuditActor;
beforeAll(() => ({ ctx, accountId, otherId, actor } = f));


async function entries(resourceId: number, type = 'maintenance_window') {
  return (await ctx.db.query('SELECT account_id, key_id, key_name, ip, action, resource_type, created_at, changes FROM audit_log WHERE resource_id = $1 AND resource_type = $2 ORDER BY id', [
    String(resourceId),
    type,
  ])) as Record<string, unknown>[];
}

it('updates, tells and answers in ONE statement: the entity as the store reads it after, the entry as updateAudited writes it', async () => {
  const window = await windowOf();
  await new Promise((r) => setTimeout(r, 5));
  const saved = await updateOwnAudited(counted(), actor, MaintenanceWindow, { id: window.id, accountId }, { title: 'renamed', keepChecking: false, description: undefined }, 'maintenance_window');
  expect(statements).toHaveLength(1);
  const stored = await maintenanceWindowOfAccount(ctx.db, accountId, window.id);
  expect(saved).toEqual(stored);
  expect(saved).toBeInstanceOf(MaintenanceWindow);
  expect(stored!.updatedAt.getTime()).toBeGreaterThan(window.updatedAt.getTime());
  expect(await entries(window.id)).toEqual([
    {
      account_id: accountId,
      key_id: 7,
      key_name: 'ci',
      ip: '192.0.2.1',
      action: 'update',
      resource_type: 'maintenance_window',
      created_at: clock.now(),
      changes: { title: { before: 'upgrade', after: 'renamed' }, keep_checking: { before: true, after: false } },
    },
  ]);
  expect(f.recorded).toBe(1);
});

it('hydrates integers, booleans, dates, arrays and jsonb as the stores read them (domain, integration)', async () => {
  const [d] = await ctx.db.query<{ id: number }[]>(`INSERT INTO domains (account_id, hostname, port) VALUES ($1, 'own-audited.example', 443) RETURNING id`, [accountId]);
  const domain = await updateOwnAudited(ctx.db.manager, actor, Domain, { id: d!.id, accountId }, { alertDaysBeforeExpiry: 9, port: 8443 }, 'domain');
  expect(domain).toEqual(await domainEntityOfAccount(ctx.db, accountId, d!.id));
  expect((await entries(d!.id, 'domain'))[0]?.changes).toEqual({ port: { before: 443, after: 8443 }, alert_days_before_expiry: { before: 30, after: 9 } });
  const [i] = await ctx.db.query<{ id: number }[]>(
    `INSERT INTO integrations (account_id, type, name, config, events, monitor_ids, domain_ids) VALUES ($1, 'webhook', 'Hook', '{"url":"https://h.example/"}', '{monitor.down}', '{1,2}', '{}') RETURNING id`,
    [accountId],
  );
  const integration = await updateOwnAudited(ctx.db.manager, actor, Integration, { id: i!.id, accountId }, { name: 'Hook 2' }, 'integration');
  expect(integration).toEqual(await integrationOfAccount(ctx.db, accountId, i!.id));
});

it("another account's row or a missing one: null, nothing written, no entry, the actor not told", async () => {
  const theirs = await windowOf(otherId);
  expect(await updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: theirs.id, accountId }, { title: 'mine now' }, 'maintenance_window')).toBeNull();
  expect(await updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: 2_147_483_000, accountId }, { title: 'x' }, 'maintenance_window')).toBeNull();
  expect((await maintenanceWindowOfAccount(ctx.db, otherId, theirs.id))?.title).toBe('upgrade');
  expect(await entries(theirs.id)).toEqual([]);
  expect(f.recorded).toBe(0);
});

it('a change to nothing writes nothing (the update date stays) and leaves no entry, but tells the actor', async () => {
  const window = await windowOf();
  await new Promise((r) => setTimeout(r, 5));
  const saved = await updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: window.id, accountId }, { title: 'upgrade', keepChecking: true }, 'maintenance_window');
  expect(saved).toEqual(window);
  expect((await maintenanceWindowOfAccount(ctx.db, accountId, window.id))?.updatedAt).toEqual(window.updatedAt);
  expect(await entries(window.id)).toEqual([]);
  expect(f.recorded).toBe(1);
});

it('a stored string an entry would cut goes updateAudited\'s way (a second statement), and the entry cuts it as before', async () => {
  const long = 'é'.repeat(300); // 300 characters, 600 bytes
  const window = await windowOf(accountId, long);
  const saved = await updateOwnAudited(counted(), actor, MaintenanceWindow, { id: window.id, accountId }, { title: 'short' }, 'maintenance_window');
  expect(statements).toHaveLength(2);
  expect(saved?.title).toBe('short');
  expect((await maintenanceWindowOfAccount(ctx.db, accountId, window.id))?.title).toBe('short');
  expect((await entries(window.id))[0]?.changes).toEqual({ title: { before: long, after: 'short' } });
  const longer = 'x'.repeat(600);
  statements.length = 0;
  await updateOwnAudited(counted(), actor, MaintenanceWindow, { id: window.id, accountId }, { title: longer }, 'maintenance_window');
  expect(statements).toHaveLength(2);
  expect((await entries(window.id))[1]?.changes).toEqual({ title: { before: 'short', after: `${'x'.repeat(500)}… (100 more characters)` } });
});

it('refuses a value that is not plain or a column an entry masks', async () => {
  const window = await windowOf();
  await expect(updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: window.id, accountId }, { monitorIds: [1] }, 'maintenance_window')).rejects.toThrow('not a plain column value');
  const [i] = await ctx.db.query<{ id: number }[]>(`INSERT INTO integrations (account_id, type, name, config) VALUES ($1, 'webhook', 'H', '{}') RETURNING id`, [accountId]);
  await expect(updateOwnAudited(ctx.db.manager, actor, Integration, { id: i!.id, accountId }, { secrets: 'sealed' }, 'integration')).rejects.toThrow('not a plain column value');
});

it('a row where nothing differs is not locked: it answers while another transaction holds the row, and a change then waits for it', async () => {
  const window = await windowOf();
  const holder = ctx.db.createQueryRunner();
  await holder.connect();
  await holder.startTransaction();
  try {
    await holder.query('SELECT id FROM maintenance_windows WHERE id = $1 FOR UPDATE', [window.id]);
    const same = await updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: window.id, accountId }, { title: 'upgrade' }, 'maintenance_window');
    expect(same?.updatedAt).toEqual(window.updatedAt);
    let changed = false;
    const change = updateOwnAudited(ctx.db.manager, actor, MaintenanceWindow, { id: window.id, accountId }, { title: 'after the holder' }, 'maintenance_window').then(() => (changed = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(changed).toBe(false);
    await holder.query(`UPDATE maintenance_windows SET title = 'by the holder' WHERE id = $1`, [window.id]);
    await holder.commitTransaction();
    await change;
  } finally {
    await holder.release();
  }
  // The entry tells the value the holder committed, not the one this statement's snapshot saw.
  expect((await entries(window.id)).map((e) => e.changes)).toEqual([{ title: { before: 'by the holder', after: 'after the holder' } }]);
});

describe('a given update date and further key columns (a notice of its page)', () => {
  async function noticeOf(pageAccount = accountId): Promise<{ page: number; notice: StatusPageNotice }> {
    const [p] = await ctx.db.query<{ id: number }[]>(`INSERT INTO status_pages (account_id, slug, title) VALUES ($1, $2, 'P') RETURNING id`, [pageAccount, `own-audited-${Math.random().toString(36).slice(2)}`]);
    const [n] = await ctx.db.query<{ id: number }[]>(
      `INSERT INTO status_page_notices (status_page_id, account_id, title, status, message) VALUES ($1, $2, 'Slow', 'investigating', 'Looking') RETURNING id`,
      [p!.id, pageAccount],
    );
    return { page: p!.id, notice: (await noticeOfOwnPage(ctx.db, pageAccount, p!.id, n!.id))! };
  }
  const at = new Date('2026-11-28T12:30:00.123Z');

  it('writes the given date even when nothing differs (no entry then), and tells what differs, in ONE statement', async () => {
    const { page, notice } = await noticeOf();
    const same = await updateOwnAudited(counted(), actor, StatusPageNotice, { id: notice.id, accountId, also: { statusPageId: page } }, { status: 'investigating' }, 'status_page_notice', { updatedAt: at });
    expect(statements).toHaveLength(1);
    expect(same).toEqual({ ...notice, updatedAt: at });
    expect(await noticeOfOwnPage(ctx.db, accountId, page, notice.id)).toEqual(same);
    expect(await entries(notice.id, 'status_page_notice')).toEqual([]);
    const later = new Date(at.getTime() + 1000);
    const changed = await updateOwnAudited(ctx.db.manager, actor, StatusPageNotice, { id: notice.id, accountId, also: { statusPageId: page } }, { status: 'monitoring', message: 'Looking' }, 'status_page_notice', { updatedAt: later });
    expect(changed).toEqual(await noticeOfOwnPage(ctx.db, accountId, page, notice.id));
    expect(changed?.updatedAt).toEqual(later);
    expect((await entries(notice.id, 'status_page_notice')).map((e) => e.changes)).toEqual([{ status: { before: 'investigating', after: 'monitoring' } }]);
    expect(f.recorded).toBe(2);
  });

  it('a row without the further column (another page) or of another account: null, nothing written', async () => {
    const { page, notice } = await noticeOf();
    const other = await noticeOf();
    expect(await updateOwnAudited(ctx.db.manager, actor, StatusPageNotice, { id: notice.id, accountId, also: { statusPageId: other.page } }, { title: 'x' }, 'status_page_notice', { updatedAt: at })).toBeNull();
    const theirs = await noticeOf(otherId);
    expect(await updateOwnAudited(ctx.db.manager, actor, StatusPageNotice, { id: theirs.notice.id, accountId, also: { statusPageId: theirs.page } }, { title: 'x' }, 'status_page_notice', { updatedAt: at })).toBeNull();
    expect(await noticeOfOwnPage(ctx.db, accountId, page, notice.id)).toEqual(notice);
    expect(await noticeOfOwnPage(ctx.db, otherId, theirs.page, theirs.notice.id)).toEqual(theirs.notice);
    expect(await entries(notice.id, 'status_page_notice')).toEqual([]);
    expect(await entries(theirs.notice.id, 'status_page_notice')).toEqual([]);
  });

  it('a long message goes updateAudited\'s way with the given date', async () => {
    const { page, notice } = await noticeOf();
    const long = 'm'.repeat(700);
    const saved = await updateOwnAudited(counted(), actor, StatusPageNotice, { id: notice.id, accountId, also: { statusPageId: page } }, { message: long }, 'status_page_notice', { updatedAt: at });
    expect(statements).toHaveLength(2);
    expect(saved).toEqual(await noticeOfOwnPage(ctx.db, accountId, page, notice.id));
    expect(saved?.updatedAt).toEqual(at);
    expect((await entries(notice.id, 'status_page_notice'))[0]?.changes).toEqual({ message: { before: 'Looking', after: `${'m'.repeat(500)}… (200 more characters)` } });
  });
});
