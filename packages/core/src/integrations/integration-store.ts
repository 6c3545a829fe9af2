import type { EntityManager } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { Integration } from '../db/entities/integration.entity.js';
import type { IntegrationType } from '../channels/registry.js';

/**
 * The store of integrations (issue 30): every read and write of the integrations table that the
 * API and the notifier make. Their deliveries are in deliveries/delivery-store.
 */

/** The account's integration (null when missing or another account's). */
export function integrationOfAccount(em: EntityAccess, accountId: number, id: number): Promise<Integration | null> {
  return em.getRepository(Integration).findOneBy({ id, accountId });
}

/** The account's integration; TypeORM's EntityNotFoundError when it is gone (a row the caller just read). */
export function integrationOfAccountOrFail(em: EntityAccess, accountId: number, id: number): Promise<Integration> {
  return em.getRepository(Integration).findOneByOrFail({ id, accountId });
}

/** An integration by id, whoever's (a delivery names it); null when deleted. */
export function integrationById(em: EntityAccess, id: number): Promise<Integration | null> {
  return em.getRepository(Integration).findOneBy({ id });
}

/** An active integration of this type (an on-call tool's callback names one); null otherwise. */
export function activeIntegrationOfType(em: EntityAccess, id: number, type: IntegrationType): Promise<Integration | null> {
  return em.getRepository(Integration).findOneBy({ id, type, isActive: true });
}

/** A page of the account's integrations, oldest first, and how many it has. */
export function listIntegrations(em: EntityAccess, accountId: number, page: PageSlice): Promise<[Integration[], number]> {
  return em.getRepository(Integration).findAndCount({ where: { accountId }, order: { id: 'ASC' }, skip: page.offset, take: page.perPage });
}

/** Every integration of the account, oldest first. */
export function integrationsOfAccount(em: EntityAccess, accountId: number): Promise<Integration[]> {
  return em.getRepository(Integration).find({ where: { accountId }, order: { id: 'ASC' } });
}

/** The account's active integrations, oldest first (those an alert event can go to). */
export function activeIntegrationsOfAccount(em: EntityAccess, accountId: number): Promise<Integration[]> {
  return em.getRepository(Integration).find({ where: { accountId, isActive: true }, order: { id: 'ASC' } });
}

/** The columns of a new integration. */
export type NewIntegration = Pick<Integration, 'accountId' | 'type' | 'name' | 'config' | 'secrets' | 'events' | 'monitorIds' | 'domainIds' | 'isActive'>;

/** Inserts an integration; the object given comes back with its id and defaults. */
export function insertIntegration(em: EntityAccess, fields: NewIntegration): Promise<NewIntegration & Integration> {
  return em.getRepository(Integration).save(fields);
}

/** Saves an integration's changed fields. */
export function saveIntegration(em: EntityAccess, integration: Integration): Promise<Integration> {
  return em.getRepository(Integration).save(integration);
}

/** The integration, its row locked for the transaction (changes of its secret take turns). */
export function lockIntegration(em: EntityManager, id: number): Promise<Integration> {
  return em.getRepository(Integration).findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
}

/** Deletes the account's integration (nothing when it is another account's). */
export async function deleteIntegrationOfAccount(em: EntityAccess, accountId: number, id: number): Promise<void> {
  await em.getRepository(Integration).delete({ id, accountId });
}
