import { deleteMaintenanceWindowOfAccount, insertMaintenanceWindow, maintenanceWindowsInOrderRead, mapRead, updateMaintenanceWindowOfAccount, ValidationError, type Account, type Context, type Read } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { iso } from '../../http/iso.js';
import { maintenanceBody, parseMaintenanceBody, resolveWindow } from '../../maintenance/maintenance-input.js';
import type { Spec } from '../document.js';
import { rememberedByJson } from '../remembered.js';
import { mapList, oneByOne, type Current, type KindAdapter, type RefMapper } from './kind.js';

type WindowColumns = ReturnType<typeof resolveWindow>;

/** A window's fields as a create body names them (times in UTC). */
function specOf(w: WindowColumns): Spec {
  return {
    title: w.title,
    description: w.description,
    applies_to_all: w.appliesToAll,
    monitor_ids: w.monitorIds,
    domain_ids: w.domainIds,
    starts_at: w.startsAt.toISOString(),
    ends_at: iso(w.endsAt),
    rrule: w.rrule,
    duration_minutes: w.durationMinutes,
    timezone: w.timezone,
    keep_checking: w.keepChecking,
  };
}

/** An entry checked as a create body: it depends on the fields alone (remembered, frozen). */
const checkedBody = rememberedByJson((fields: Record<string, unknown>) => parseMaintenanceBody(fields, { update: false }));

/** The window a spec describes, checked as a whole like a create (title required, one-off or recurring, a scope). */
function columnsOf(ctx: Context, fields: Record<string, unknown>): WindowColumns {
  return resolveWindow(checkedBody(fields), null, ctx.clock.now());
}

/** Maintenance windows; `monitor_ids` and `domain_ids` name monitors and domains. */
export const maintenanceWindowKind: KindAdapter = {
  kind: 'maintenance_window',
  schema: maintenanceBody,
  refFields: ['monitor_ids', 'domain_ids'],

  mapRefs(spec: Spec, map: RefMapper): Spec {
    return { ...spec, monitor_ids: mapList(spec.monitor_ids, 'monitor', 'monitor_ids', map), domain_ids: mapList(spec.domain_ids, 'domain', 'domain_ids', map) };
  },

  async desired(ctx: Context, _account: Account, fields: Record<string, unknown>): Promise<Spec> {
    if (fields.title === undefined) throw new ValidationError('Invalid title: must be a string of 1 to 200 characters');
    return specOf(columnsOf(ctx, fields));
  },

  read(_ctx: Context, _em: EntityManager, accountId: number): Read<Current[]> {
    return mapRead(maintenanceWindowsInOrderRead(accountId), (windows) => windows.map((w) => ({ id: w.id, spec: specOf(w) })));
  },

  masked: (spec) => spec,

  ...oneByOne({
    async create(ctx, em, account, spec) {
      const saved = await insertMaintenanceWindow(em, { accountId: account.id, ...columnsOf(ctx, spec) });
      return { id: saved.id, after: [] };
    },

    async update(ctx, em, account, { current, spec }) {
      await updateMaintenanceWindowOfAccount(em, account.id, current.id, columnsOf(ctx, spec));
      return [];
    },

    async remove(_ctx, em, account, current) {
      await deleteMaintenanceWindowOfAccount(em, account.id, current.id);
      return [];
    },
  }),
};
