import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';

/**
 * The store of maintenance windows (issue 30): the reads other aggregates' writers and the
 * notifier need, and the API's window endpoints and config-as-code.
 */

/** Every window of the accounts these monitors belong to (one statement). */
export function windowsOfMonitorAccounts(em: EntityAccess, monitorIds: readonly number[]): Promise<MaintenanceWindow[]> {
  return em
    .getRepository(MaintenanceWindow)
    .createQueryBuilder('w')
    .where('w.account_id IN (SELECT m.account_id FROM monitors m WHERE m.id = ANY(:ids))', { ids: [...new Set(monitorIds)] })
    .getMany();
}

/** Every window of the account (what a maintenance check of its monitors and domains evaluates). */
export function maintenanceWindowsOfAccount(em: EntityAccess, accountId: number): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).findBy({ accountId });
}

/** Every window that stops checks (keep_checking false), of every account. */
export function windowsStoppingChecks(em: EntityAccess): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).findBy({ keepChecking: false });
}

/** The account's window (null when missing or another account's). */
export function maintenanceWindowOfAccount(em: EntityAccess, accountId: number, id: number): Promise<MaintenanceWindow | null> {
  return em.getRepository(MaintenanceWindow).findOneBy({ id, accountId });
}

/** A page of the account's windows, oldest first, and how many it has. */
export function listMaintenanceWindows(em: EntityAccess, accountId: number, page: PageSlice): Promise<[MaintenanceWindow[], number]> {
  return em.getRepository(MaintenanceWindow).findAndCount({ where: { accountId }, order: { id: 'ASC' }, skip: page.offset, take: page.perPage });
}

/** Every window of the account, oldest first. */
export function maintenanceWindowsInOrder(em: EntityAccess, accountId: number): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).find({ where: { accountId }, order: { id: 'ASC' } });
}

/** How many windows the account has (the cap counts them under the account's window lock). */
export function countMaintenanceWindows(em: EntityAccess, accountId: number): Promise<number> {
  return em.getRepository(MaintenanceWindow).countBy({ accountId });
}

export type NewMaintenanceWindow = Omit<MaintenanceWindow, 'id' | 'createdAt' | 'updatedAt'>;

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
