import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { Monitor } from '../db/entities/monitor.entity.js';
import { deleteMonitorOfAccount, readMonitorOfAccount, updateMonitorColumns } from './monitor-row-store.js';

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
});
