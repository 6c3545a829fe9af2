import { randomBytes } from 'node:crypto';
import { Check, Incident, Monitor, MonitorRollup, type Context } from '@vigil/core';
import { createTestAccount } from '@vigil/testing';

/** A monitor row inserted through the entity (defaults of the schema unless overridden). */
export async function createMonitor(ctx: Context, over: Partial<Monitor> = {}): Promise<Monitor> {
  const accountId = over.accountId ?? (await createTestAccount(ctx, 'business')).account.id;
  const url = over.url ?? `http://127.0.0.1:9/${randomBytes(4).toString('hex')}`;
  return ctx.db.getRepository(Monitor).save({
    name: 'Shop',
    normalizedUrl: `${url}#${randomBytes(4).toString('hex')}`,
    status: 'pending',
    ...over,
    accountId,
    url,
  });
}

export const reloadMonitor = (ctx: Context, id: number) => ctx.db.getRepository(Monitor).findOneByOrFail({ id });
export const checksOf = (ctx: Context, monitorId: number) =>
  ctx.db.getRepository(Check).find({ where: { monitorId }, order: { checkedAt: 'ASC', id: 'ASC' } });
export const incidentsOf = (ctx: Context, monitorId: number) =>
  ctx.db.getRepository(Incident).find({ where: { monitorId }, order: { id: 'ASC' } });
export const rollupsOf = (ctx: Context, monitorId: number) =>
  ctx.db.getRepository(MonitorRollup).find({ where: { monitorId }, order: { hour: 'ASC' } });
