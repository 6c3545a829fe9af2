import type { EntityManager } from 'typeorm';
import type { EntityAccess, PageSlice } from '../db/entity-access.js';
import { Integration } from '../db/entities/integration.entity.js';
import { pageTotal } from '../db/page-total.js';
import type { Queryable } from '../db/queryable.js';
import type { Statement } from '../db/one-statement.js';
import type { Read } from '../db/reads-as-one.js';
import { insertAudited } from '../audit/insert-audited.js';
import { writeAudited, type AuditActor } from '../audit/record-audit.js';
import type { IntegrationType } from '../channels/registry.js';

/**
 * The store of integrations (issue 30): every read and write of the integrations table that the
 * API and the notifier make. Their deliveries are in deliveries/delivery-store. The reads are
 * plain statements mapped to the entity by column aliases (issue 35): TypeORM's find built its
 * query and hydrated through its metadata on every call, most of an integration read's CPU.
 */

/** Every column of the entity under its property name. */
const INTEGRATION_COLUMNS = `id, account_id AS "accountId", type, name, config, secrets, previous_secret AS "previousSecret",
  previous_secret_expires_at AS "previousSecretExpiresAt", events, monitor_ids AS "monitorIds", domain_ids AS "domainIds",
  is_active AS "isActive", created_at AS "createdAt", updated_at AS "updatedAt"`;

function integrationsOfRows(rows: readonly Integration[]): Integration[] {
  return rows.map((row) => Object.assign(new Integration(), row));
}

async function readIntegrations(q: Queryable, where: string, params: unknown[]): Promise<Integration[]> {
  return integrationsOfRows(await q.query<Integration[]>(`SELECT ${INTEGRATION_COLUMNS} FROM integrations WHERE ${where}`, params));
}

async function readIntegration(q: Queryable, where: string, params: unknown[]): Promise<Integration | null> {
  const [integration] = await readIntegrations(q, where, params);
  return integration ?? null;
}

/** The account's integration (null when missing or another account's). */
export function integrationOfAccount(q: Queryable, accountId: number, id: number): Promise<Integration | null> {
  return readIntegration(q, 'id = $1 AND account_id = $2', [id, accountId]);
}

/** The account's integration; TypeORM's EntityNotFoundError when it is gone (a row the caller just read). */
export function integrationOfAccountOrFail(em: EntityAccess, accountId: number, id: number): Promise<Integration> {
  return em.getRepository(Integration).findOneByOrFail({ id, accountId });
}

/** An integration by id, whoever's (a delivery names it); null when deleted. */
export function integrationById(q: Queryable, id: number): Promise<Integration | null> {
  return readIntegration(q, 'id = $1', [id]);
}

/** An on-call tool's callback target: what verifying it needs, and the state of the incident it names. */
export interface InboundTarget {
  integration: Pick<Integration, 'id' | 'accountId' | 'type' | 'config' | 'secrets'>;
  /** The named incident's acknowledgement state when it is the integration's account's; null otherwise (or none named). */
  incident: { status: 'open' | 'resolved'; acknowledgedAt: Date | null } | null;
}

/**
 * The active integration of this type behind a callback (null: none) and, when the callback
 * names an incident, that incident's acknowledgement state if it is of the integration's
 * account, in one statement (issue 35: a callback took two TypeORM reads).
 */
export async function inboundTarget(q: Queryable, id: number, type: IntegrationType, incidentId: number | null): Promise<InboundTarget | null> {
  const [row] = await q.query<(InboundTarget['integration'] & { incidentStatus: 'open' | 'resolved' | null; acknowledgedAt: Date | null })[]>(
    `SELECT i.id, i.account_id AS "accountId", i.type, i.config, i.secrets, n.status AS "incidentStatus", n.acknowledged_at AS "acknowledgedAt"
     FROM integrations i LEFT JOIN incidents n ON n.id = $3 AND n.account_id = i.account_id
     WHERE i.id = $1 AND i.type = $2 AND i.is_active`,
    [id, type, incidentId],
  );
  if (!row) return null;
  const { incidentStatus, acknowledgedAt, ...integration } = row;
  return { integration, incident: incidentStatus === null ? null : { status: incidentStatus, acknowledgedAt } };
}

/** A page of the account's integrations, oldest first, and how many it has. */
export async function listIntegrations(q: Queryable, accountId: number, page: PageSlice): Promise<[Integration[], number]> {
  const rows = await readIntegrations(q, 'account_id = $1 ORDER BY id LIMIT $2 OFFSET $3', [accountId, page.perPage, page.offset]);
  const total = await pageTotal(page.offset, page.perPage, rows.length, async () => {
    const [row] = await q.query<{ n: number }[]>('SELECT count(*)::int AS n FROM integrations WHERE account_id = $1', [accountId]);
    return row?.n ?? 0;
  });
  return [rows, total];
}

/** A read (readsAsOne) of every integration of the account, oldest first. */
export function integrationsOfAccountRead(accountId: number): Read<Integration[]> {
  return {
    statement: { sql: `SELECT ${INTEGRATION_COLUMNS} FROM integrations WHERE account_id = $1 ORDER BY id`, params: [accountId] },
    of: (rows) => integrationsOfRows(rows as Integration[]),
  };
}

/** The account's active integrations, oldest first (those an alert event can go to). */
export function activeIntegrationsOfAccount(q: Queryable, accountId: number): Promise<Integration[]> {
  return readIntegrations(q, 'account_id = $1 AND is_active ORDER BY id', [accountId]);
}

/** The account's integration, its row locked for the caller's transaction (changes of its secret take turns); null when missing or another account's. */
export function lockIntegrationOfAccount(m: EntityManager, accountId: number, id: number): Promise<Integration | null> {
  return readIntegration(m, 'id = $1 AND account_id = $2 FOR UPDATE', [id, accountId]);
}

/** The columns a signing-secret rotation writes. */
export type RotatedSecrets = Pick<Integration, 'secrets' | 'previousSecret' | 'previousSecretExpiresAt'>;

/**
 * A webhook's signing-secret rotation and its 'rotate' entry in ONE statement (issue 35: it was
 * a transaction of four round trips holding the row's lock across them): the columns are set,
 * and the update date to now, only while the row is the account's and its sealed secrets are
 * still `current.secrets` (a compare-and-set: sealed values carry a random IV, so an equal one
 * is the same write). The entry is the one updateAudited wrote (`current` before, `next`
 * applied after). The row as written, or null when it is gone or changed since `current` was
 * read (nothing written, no entry): the caller reads it again under its lock.
 */
export async function rotateIntegrationSecretsAudited(m: EntityManager, actor: AuditActor, current: Integration, next: RotatedSecrets): Promise<Integration | null> {
  const after = Object.assign(new Integration(), current, next);
  const rows = await writeAudited<Integration>(m, actor, { resource: 'integration', id: current.id, action: 'rotate', before: current, after }, {
    sql: `UPDATE integrations SET secrets = $3, previous_secret = $4, previous_secret_expires_at = $5, updated_at = CURRENT_TIMESTAMP
          WHERE id = $1 AND account_id = $2 AND secrets IS NOT DISTINCT FROM $6 RETURNING ${INTEGRATION_COLUMNS}`,
    params: [current.id, current.accountId, next.secrets, next.previousSecret, next.previousSecretExpiresAt, current.secrets],
  });
  const [saved] = integrationsOfRows(rows);
  return saved ?? null;
}

/** The DELETE of the account's integration (nothing when it is another account's), a write of recordAuditAlong's statement. */
export function deleteIntegrationStatement(accountId: number, id: number): Statement {
  return { sql: 'DELETE FROM integrations WHERE id = $1 AND account_id = $2', params: [id, accountId] };
}

/** The columns of a new integration. */
export type NewIntegration = Pick<Integration, 'accountId' | 'type' | 'name' | 'config' | 'secrets' | 'events' | 'monitorIds' | 'domainIds' | 'isActive'>;

/** Inserts an integration; the object given comes back with its id and defaults. */
export function insertIntegration(em: EntityAccess, fields: NewIntegration): Promise<NewIntegration & Integration> {
  return em.getRepository(Integration).save(fields);
}

/**
 * POST /integrations: inserts the integration and records its 'create' entry in one statement
 * (insertAudited). The entry is the one recordAudit wrote for `after:` the object TypeORM's save
 * filled in: the fields given by their property names (accountId too), with the id and both
 * dates the insert made.
 */
export async function insertIntegrationAudited(q: Queryable, actor: AuditActor, fields: NewIntegration): Promise<Integration> {
  const rows = await insertAudited<Integration>(
    q,
    actor,
    {
      sql: `INSERT INTO integrations (account_id, type, name, config, secrets, events, monitor_ids, domain_ids, is_active)
            VALUES ($1, $2, $3, $4::jsonb, $5, $6::text[], $7::int[], $8::int[], $9) RETURNING ${INTEGRATION_COLUMNS}`,
      params: [fields.accountId, fields.type, fields.name, JSON.stringify(fields.config), fields.secrets, fields.events, fields.monitorIds, fields.domainIds, fields.isActive],
    },
    {
      resource: 'integration',
      action: 'create',
      after: { ...fields },
      generated: { id: { column: 'id', time: false }, createdAt: { column: 'createdAt', time: true }, updatedAt: { column: 'updatedAt', time: true } },
    },
  );
  const [saved] = integrationsOfRows(rows);
  if (!saved) throw new Error('insertIntegrationAudited: the INSERT returned no row');
  return saved;
}

/** Saves an integration's changed fields. */
export function saveIntegration(em: EntityAccess, integration: Integration): Promise<Integration> {
  return em.getRepository(Integration).save(integration);
}

/** Deletes the account's integration (nothing when it is another account's). */
export async function deleteIntegrationOfAccount(em: EntityAccess, accountId: number, id: number): Promise<void> {
  await em.getRepository(Integration).delete({ id, accountId });
}
