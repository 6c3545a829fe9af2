import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';
import { pageTotal } from '../db/page-total.js';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import type { Read } from '../db/reads-as-one.js';

/**
 * The store of maintenance windows (issue 30): the reads other aggregates' writers and the
 * notifier need, and the API's window endpoints and config-as-code. The reads are plain
 * statements mapped to the entity by column aliases (issue 35): TypeORM's find built its query
 * and hydrated through its metadata on every call, much of a window read's CPU.
 */

/** Every column of the entity under its property name. */
const WINDOW_COLUMNS = `id, account_id AS "accountId", title, description, applies_to_all AS "appliesToAll",
  monitor_ids AS "monitorIds", domain_ids AS "domainIds", starts_at AS "startsAt", ends_at AS "endsAt", rrule,
  duration_minutes AS "durationMinutes", timezone, keep_checking AS "keepChecking", created_at AS "createdAt", updated_at AS "updatedAt"`;

async function readWindows(q: Queryable, where: string, params: unknown[]): Promise<MaintenanceWindow[]> {
  const rows = await q.query<MaintenanceWindow[]>(`SELECT ${WINDOW_COLUMNS} FROM maintenance_windows WHERE ${where}`, params);
  return rows.map(maintenanceWindowOfRow);
}

/** Every window of the accounts these monitors belong to (one statement). */
export function windowsOfMonitorAccounts(em: EntityAccess, monitorIds: readonly number[]): Promise<MaintenanceWindow[]> {
  return em
    .getRepository(MaintenanceWindow)
    .createQueryBuilder('w')
    .where('w.account_id IN (SELECT m.account_id FROM monitors m WHERE m.id = ANY(:ids))', { ids: [...new Set(monitorIds)] })
    .getMany();
}

/** Every window of the account (what a maintenance check of its monitors and domains evaluates). */
export function maintenanceWindowsOfAccount(q: Queryable, accountId: number): Promise<MaintenanceWindow[]> {
  return readWindows(q, 'account_id = $1', [accountId]);
}

/** Every window that stops checks (keep_checking false), of every account. */
export function windowsStoppingChecks(em: EntityAccess): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).findBy({ keepChecking: false });
}

/** The account's window (null when missing or another account's). */
export async function maintenanceWindowOfAccount(q: Queryable, accountId: number, id: number): Promise<MaintenanceWindow | null> {
  const [window] = await readWindows(q, 'id = $1 AND account_id = $2', [id, accountId]);
  return window ?? null;
}

/** A page of the account's windows, oldest first, and how many it has. */
export async function listMaintenanceWindows(q: Queryable, accountId: number, page: PageSlice): Promise<[MaintenanceWindow[], number]> {
  const windows = await readWindows(q, 'account_id = $1 ORDER BY id LIMIT $2 OFFSET $3', [accountId, page.perPage, page.offset]);
  const total = await pageTotal(page.offset, page.perPage, windows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM maintenance_windows WHERE account_id = $1', [accountId]);
    return row?.n ?? 0;
  });
  return [windows, total];
}

/** A read (readsAsOne) of every window of the account, oldest first. */
export function maintenanceWindowsInOrderRead(accountId: number): Read<MaintenanceWindow[]> {
  return {
    statement: { sql: `SELECT ${WINDOW_COLUMNS} FROM maintenance_windows WHERE account_id = $1 ORDER BY id`, params: [accountId] },
    of: (rows) => (rows as MaintenanceWindow[]).map(maintenanceWindowOfRow),
  };
}

/** How many windows the account has (the cap counts them under the account's window lock). */
export function countMaintenanceWindows(em: EntityAccess, accountId: number): Promise<number> {
  return em.getRepository(MaintenanceWindow).countBy({ accountId });
}

export type NewMaintenanceWindow = Omit<MaintenanceWindow, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * A create under the account's cap as statements for insertAudited (issue 35: one statement
 * where TypeORM's save, a count and the entry were three): `count`, the account's windows (a
 * WITH query), and `insert`, the new row (every column, RETURNING it as the entity reads it)
 * only when that count is below `cap`: no row, the cap is reached. Run under the account's
 * window lock (lockAccountLimit) in a later statement than the lock, so the count sees every
 * create that committed before it.
 */
export function cappedMaintenanceWindowInsert(fields: NewMaintenanceWindow, cap: number): { count: Statement; insert: Statement } {
  return {
    count: { sql: 'SELECT count(*)::int AS n FROM maintenance_windows WHERE account_id = $1', params: [fields.accountId] },
    insert: {
      sql: `INSERT INTO maintenance_windows (account_id, title, description, applies_to_all, monitor_ids, domain_ids, starts_at, ends_at, rrule, duration_minutes, timezone, keep_checking)
            SELECT $1::integer, $2::text, $3::text, $4::boolean, $5::integer[], $6::integer[], $7::timestamptz, $8::timestamptz, $9::text, $10::integer, $11::text, $12::boolean
              FROM w0 WHERE w0.n < $13
            RETURNING ${WINDOW_COLUMNS}`,
      params: [
        fields.accountId,
        fields.title,
        fields.description,
        fields.appliesToAll,
        fields.monitorIds,
        fields.domainIds,
        fields.startsAt,
        fields.endsAt,
        fields.rrule,
        fields.durationMinutes,
        fields.timezone,
        fields.keepChecking,
        cap,
      ],
    },
  };
}

/** A window row as a statement returned it (WINDOW_COLUMNS), as the entity. */
export function maintenanceWindowOfRow(row: MaintenanceWindow): MaintenanceWindow {
  return Object.assign(new MaintenanceWindow(), row);
}

/** The DELETE of the account's window, RETURNING its id (none: missing or another account's), for writeAudited. */
export function maintenanceWindowDelete(accountId: number, id: number): Statement {
  return { sql: 'DELETE FROM maintenance_windows WHERE id = $1 AND account_id = $2 RETURNING id', params: [id, accountId] };
}

export function insertMaintenanceWindow(em: EntityAccess, fields: NewMaintenanceWindow): Promise<MaintenanceWindow> {
  const repo = em.getRepository(MaintenanceWindow);
  return repo.save(repo.create(fields));
}

/** Saves a window's changed fields. */
export function saveMaintenanceWindow(em: EntityAccess, window: MaintenanceWindow): Promise<MaintenanceWindow> {
  return em.getRepository(MaintenanceWindow).save(window);
}

/** Sets these columns of the account's window (nothing when it is another account's). */
export async function updateMaintenanceWindowOfAccount(em: EntityAccess, accountId: number, id: number, columns: Partial<MaintenanceWindow>): Promise<void> {
  await em.getRepository(MaintenanceWindow).update({ id, accountId }, columns);
}

export async function deleteMaintenanceWindowOfAccount(em: EntityAccess, accountId: number, id: number): Promise<void> {
  await em.getRepository(MaintenanceWindow).delete({ id, accountId });
}
