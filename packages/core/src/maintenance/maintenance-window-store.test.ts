import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { readsAsOne } from '../db/reads-as-one.js';
import {
  insertMaintenanceWindow,
  listMaintenanceWindows,
  maintenanceWindowOfAccount,
  maintenanceWindowsInOrderRead,
  maintenanceWindowsOfAccount,
} from './maintenance-window-store.js';

let ctx: TestContext;
let accountId: number;
let otherId: number;
const window = (accountId: number, title: string, extra: Partial<MaintenanceWindow> = {}) => ({
  accountId,
  title,
  description: null,
  appliesToAll: false,
  monitorIds: [3, 1],
  domainIds: [],
  startsAt: new Date('2026-11-22T02:00:00Z'),
  endsAt: null,
  rrule: 'FREQ=WEEKLY',
  durationMinutes: 60,
  timezone: 'Europe/Berlin',
  keepChecking: true,
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext();
  ({ account: { id: accountId } } = await createTestAccount(ctx, 'pro'));
  ({ account: { id: otherId } } = await createTestAccount(ctx, 'pro'));
  for (let i = 0; i < 5; i++) await insertMaintenanceWindow(ctx.db, window(accountId, `w${i}`, i === 2 ? { rrule: null, durationMinutes: null, endsAt: new Date('2026-11-22T03:00:00Z'), description: 'once', appliesToAll: true, domainIds: [7] } : {}));
  await insertMaintenanceWindow(ctx.db, window(otherId, 'other'));
});
afterAll(() => ctx.teardown());

const inOrder = async (id: number) => (await readsAsOne(ctx.db.manager, [maintenanceWindowsInOrderRead(id)]))[0];

describe('maintenance window reads (real PostgreSQL)', () => {
  it('answer the entities TypeORM answered, field for field', async () => {
    const repo = ctx.db.getRepository(MaintenanceWindow);
    const expected = await repo.find({ where: { accountId }, order: { id: 'ASC' } });
    const ordered = await inOrder(accountId);
    expect(ordered).toEqual(expected);
    expect(ordered[0]).toBeInstanceOf(MaintenanceWindow);
    expect((await maintenanceWindowsOfAccount(ctx.db, accountId)).sort((a, b) => a.id - b.id)).toEqual(expected);
    expect(await maintenanceWindowOfAccount(ctx.db, accountId, expected[2].id)).toEqual(expected[2]);
    expect(await maintenanceWindowOfAccount(ctx.db, otherId, expected[2].id)).toBeNull();
  });

  it('pages oldest first with the total, counting only when the page does not tell it', async () => {
    const all = await inOrder(accountId);
    expect(await listMaintenanceWindows(ctx.db, accountId, { offset: 0, perPage: 2 })).toEqual([all.slice(0, 2), 5]);
    expect(await listMaintenanceWindows(ctx.db, accountId, { offset: 4, perPage: 2 })).toEqual([all.slice(4), 5]);
    expect(await listMaintenanceWindows(ctx.db, accountId, { offset: 10, perPage: 2 })).toEqual([[], 5]);
    expect(await listMaintenanceWindows(ctx.db, accountId, { offset: 0, perPage: 20 })).toEqual([all, 5]);
  });
});
