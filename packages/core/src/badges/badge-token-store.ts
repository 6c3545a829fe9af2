import type { EntityManager } from 'typeorm';
import type { EntityAccess } from '../db/entity-access.js';
import { BadgeToken } from '../db/entities/badge-token.entity.js';
import type { Queryable } from '../db/queryable.js';

/** What a badge token opens: a monitor or a domain. */
export type BadgeTarget = { monitorId: number } | { domainId: number };

/** A badge token's owner and what it opens (a monitor or a domain). */
export interface BadgeTokenRow {
  account_id: number;
  monitor_id: number | null;
  domain_id: number | null;
}

/**
 * The store of badge tokens (issue 30): the lookup by token, a target's token, its creation and
 * replacement, and the lock a rotation takes. A
 * deactivated account's badges answer like unknown ones: its resources are no longer watched.
 */
export async function activeBadgeToken(em: Queryable, token: string): Promise<BadgeTokenRow | null> {
  const [row] = await em.query<BadgeTokenRow[]>(
    `SELECT t.account_id, t.monitor_id, t.domain_id FROM badge_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token = $1 AND a.is_active`,
    [token],
  );
  return row ?? null;
}

/** Locks the monitor's or domain's row: rotations of one target's token take turns. */
export async function lockBadgeTarget(em: EntityManager, target: BadgeTarget): Promise<void> {
  if ('monitorId' in target) await em.query(`SELECT 1 FROM monitors WHERE id = $1 FOR UPDATE`, [target.monitorId]);
  else await em.query(`SELECT 1 FROM domains WHERE id = $1 FOR UPDATE`, [target.domainId]);
}

function targetWhere(target: BadgeTarget): { monitorId: number } | { domainId: number } {
  return 'monitorId' in target ? { monitorId: target.monitorId } : { domainId: target.domainId };
}

/** The target's token (null when it has none yet). */
export function badgeTokenOfTarget(em: EntityAccess, target: BadgeTarget): Promise<BadgeToken | null> {
  return em.getRepository(BadgeToken).findOneBy(targetWhere(target));
}

/** The target's token; TypeORM's EntityNotFoundError when it has none. */
export function badgeTokenOfTargetOrFail(em: EntityAccess, target: BadgeTarget): Promise<BadgeToken> {
  return em.getRepository(BadgeToken).findOneByOrFail(targetWhere(target));
}

export type NewBadgeToken = Pick<BadgeToken, 'token' | 'accountId' | 'monitorId' | 'domainId'>;

/** Inserts the token unless its target has one already (the unique key decides between concurrent first uses). */
export async function insertBadgeTokenIfMissing(em: EntityAccess, fields: NewBadgeToken): Promise<void> {
  await em.getRepository(BadgeToken).createQueryBuilder().insert().values(fields).orIgnore().execute();
}

export function insertBadgeToken(em: EntityAccess, fields: NewBadgeToken): Promise<BadgeToken> {
  const repo = em.getRepository(BadgeToken);
  return repo.save(repo.create(fields));
}

export async function deleteBadgeToken(em: EntityAccess, token: string): Promise<void> {
  await em.getRepository(BadgeToken).delete({ token });
}
