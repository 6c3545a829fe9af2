import type { EntityManager } from 'typeorm';
import { MaintenanceWindow } from '../db/entities/maintenance-window.entity.js';

/**
 * Reads of maintenance windows that other aggregates' writers need (issue 30: their SQL in one
 * place; the API's window endpoints work through the entity).
 */

/** Every window of the accounts these monitors belong to (one statement). */
export function windowsOfMonitorAccounts(em: Pick<EntityManager, 'getRepository'>, monitorIds: readonly number[]): Promise<MaintenanceWindow[]> {
  return em
    .getRepository(MaintenanceWindow)
    .createQueryBuilder('w')
    .where('w.account_id IN (SELECT m.account_id FROM monitors m WHERE m.id = ANY(:ids))', { ids: [...new Set(monitorIds)] })
    .getMany();
}

/** Every window of an account. */
export function windowsOfAccount(em: Pick<EntityManager, 'getRepository'>, accountId: number): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).findBy({ accountId });
}

/** Every window that stops checks (`keep_checking: false`), of every account: what the checker's calendar caches. */
export function windowsThatStopChecks(em: Pick<EntityManager, 'getRepository'>): Promise<MaintenanceWindow[]> {
  return em.getRepository(MaintenanceWindow).findBy({ keepChecking: false });
}
