import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { Monitor } from '../db/entities/monitor.entity.js';
import { runAsOne } from '../db/one-statement.js';
import { scheduleChangesInsertIf } from '../outbox/schedule-changes.js';
import {
  deleteMonitorOfAccount,
  MONITOR_DEFAULTED_COLUMNS,
  monitorColumnsUpdateAtVersion,
  monitorDeleteAtVersion,
  readMonitorOfAccount,
  readMonitorVersionOfAccount,
  updateMonitorColumns,
} from './monitor-row-store.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = (await createTestAccount(ctx, 'business')).account.id;
});
afterAll(() => ctx.teardown());

let n = 0;
async function insertMonitor(): Promise<number> {
  const url = `https://rows-${++n}.example.com/`;
  const saved = await ctx.db.getRepository(Monitor).save(
    ctx.db.getRepository(Monitor).create({
      accountId,
      name: 'm',
      url,
      normalizedUrl: url,
      headers: { 'x-a': '1' },
      escalation: [{ after_minutes: 5, integration_ids: [1] }],
      assertions: [],
      sloTarget: 99.95,
      regions: ['default', 'eu'],
      expectedStatusCodes: [200, 204],
      lastCheckedAt: new Date('2026-11-27T10:00:00.000Z'),
    }),
  );
  return saved.id;
}

describe('monitor row store', () => {
  it('reads a monitor as TypeORM hydrates it (an entity, every column, numeric as a number)', async () => {
    const id = await insertMonitor();
    const typeorm = await ctx.db.getRepository(Monitor).findOneByOrFail({ id });
    const read = await readMonitorOfAccount(ctx.db, id, accountId, false);
    expect(read).toBeInstanceOf(Monitor);
    expect(read).toEqual(typeorm);
    expect(read?.sloTarget).toBe(99.95);
  });

  it("is null for another account's monitor", async () => {
    const id = await insertMonitor();
    expect(await readMonitorOfAccount(ctx.db, id, accountId + 1_000_000, false)).toBeNull();
    expect(await deleteMonitorOfAccount(ctx.db, id, accountId + 1_000_000)).toBeNull();
    expect(await readMonitorOfAccount(ctx.db, id, accountId, false)).not.toBeNull();
  });

  it('writes only what differs, and keeps updated_at when nothing does (as save() did)', async () => {
    const id = await insertMonitor();
    const current = await readMonitorOfAccount(ctx.db, id, accountId, false);
    if (!current) throw new Error('no monitor');
    const stamped = current.updatedAt;
    expect(await updateMonitorColumns(ctx.db, current, { name: 'm', headers: { 'x-a': '1' }, regions: ['default', 'eu'] })).toBe(false);
    expect((await ctx.db.getRepository(Monitor).findOneByOrFail({ id })).updatedAt).toEqual(stamped);

    expect(await updateMonitorColumns(ctx.db, current, { name: 'renamed', escalation: [], sloTarget: null, pausedAt: new Date('2026-11-27T11:00:00.000Z') })).toBe(true);
    const after = await ctx.db.getRepository(Monitor).findOneByOrFail({ id });
    expect(after).toMatchObject({ name: 'renamed', escalation: [], sloTarget: null, pausedAt: new Date('2026-11-27T11:00:00.000Z'), headers: { 'x-a': '1' } });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(stamped.getTime());
    expect(current).toEqual(after);
  });

  it('deletes and answers the row as it was', async () => {
    const id = await insertMonitor();
    const deleted = await deleteMonitorOfAccount(ctx.db, id, accountId);
    expect(deleted).toMatchObject({ id, name: 'm', regions: ['default', 'eu'] });
    expect(await readMonitorOfAccount(ctx.db, id, accountId, false)).toBeNull();
  });

  it('writes at a row version only while the row is that version (any update, the check writer\'s too, makes a new one)', async () => {
    const id = await insertMonitor();
    const pending = async () => Number((await ctx.db.query(`SELECT count(*)::int AS n FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = $1`, [id]))[0].n);
    const read = await readMonitorVersionOfAccount(ctx.db, id, accountId);
    if (!read) throw new Error('no monitor');
    expect(await readMonitorVersionOfAccount(ctx.db, id, accountId + 1_000_000)).toBeNull();
    // The check writer records a check between the read and the write.
    await ctx.db.query(`UPDATE monitors SET consecutive_failures = consecutive_failures + 1 WHERE id = $1`, [id]);
    const stale = monitorColumnsUpdateAtVersion(read.monitor, { status: 'paused' }, read.version);
    if (!stale) throw new Error('no statement');
    const outbox = scheduleChangesInsertIf([{ kind: 'monitor', id, intervals: [300] }], 'w0');
    expect(await runAsOne(ctx.db, [stale, outbox], { sql: 'SELECT 1 FROM w0', params: [] })).toEqual([]);
    expect(await pending()).toBe(0);
    expect((await readMonitorOfAccount(ctx.db, id, accountId, false))?.status).toBe('pending');
    expect(await runAsOne(ctx.db, [monitorDeleteAtVersion(id, accountId, read.version)], { sql: 'SELECT * FROM w0', params: [] })).toEqual([]);

    const fresh = await readMonitorVersionOfAccount(ctx.db, id, accountId);
    if (!fresh) throw new Error('no monitor');
    const update = monitorColumnsUpdateAtVersion(fresh.monitor, { status: 'paused' }, fresh.version);
    if (!update) throw new Error('no statement');
    expect(await runAsOne(ctx.db, [update, outbox], { sql: 'SELECT 1 AS one FROM w0', params: [] })).toEqual([{ one: 1 }]);
    expect(await pending()).toBe(1);
    expect((await readMonitorOfAccount(ctx.db, id, accountId, false))?.status).toBe('paused');
    const gone = await readMonitorVersionOfAccount(ctx.db, id, accountId);
    if (!gone) throw new Error('no monitor');
    expect(await runAsOne(ctx.db, [monitorDeleteAtVersion(id, accountId, gone.version)], { sql: 'SELECT * FROM w0', params: [] })).toEqual([{ id }]);
    await ctx.db.query(`DELETE FROM schedule_outbox WHERE kind = 'monitor' AND entity_id = $1`, [id]);
  });

  it('knows every column the database fills on an insert (NOT NULL with a default): a create\'s entry tells them', async () => {
    const columns = new Set(ctx.db.getMetadata(Monitor).columns.map((c) => c.databaseName));
    const rows = await ctx.db.query<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'monitors' AND table_schema = current_schema() AND is_nullable = 'NO' AND column_default IS NOT NULL`,
    );
    const defaulted = rows.map((r) => r.column_name).filter((c) => columns.has(c) && c !== 'updated_at' && c !== 'account_id');
    expect([...MONITOR_DEFAULTED_COLUMNS].sort()).toEqual(defaulted.sort());
  });
});
