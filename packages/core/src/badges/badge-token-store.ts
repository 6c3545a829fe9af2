import type { DataSource, EntityManager } from 'typeorm';
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

const targetColumns = (target: BadgeTarget): { monitorId: number | null; domainId: number | null } =>
  'monitorId' in target ? { monitorId: target.monitorId, domainId: null } : { monitorId: null, domainId: target.domainId };

const targetWhere = (target: BadgeTarget) => ('monitorId' in target ? { monitorId: target.monitorId } : { domainId: target.domainId });

/** The target's token; `candidate` becomes it when it has none (a concurrent first use keeps the one inserted first). */
export async function ensureBadgeToken(db: DataSource, accountId: number, target: BadgeTarget, candidate: string): Promise<BadgeToken> {
  const repo = db.getRepository(BadgeToken);
  await repo.createQueryBuilder().insert().values({ token: candidate, accountId, ...targetColumns(target) }).orIgnore().execute();
  return repo.findOneByOrFail(targetWhere(target));
}

/** Makes `token` the target's token (call under lockBadgeTarget); answers the old one (null: none) and the new row. */
export async function replaceBadgeToken(em: EntityManager, accountId: number, target: BadgeTarget, token: string): Promise<{ old: string | null; row: BadgeToken }> {
  const repo = em.getRepository(BadgeToken);
  const old = await repo.findOneBy(targetWhere(target));
  if (old) await repo.delete({ token: old.token });
  const row = await repo.save(repo.create({ token, accountId, ...targetColumns(target) }));
  return { old: old?.token ?? null, row };
}
