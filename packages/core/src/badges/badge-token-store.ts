import type { EntityManager } from 'typeorm';
import type { Queryable } from '../db/queryable.js';

/** A badge token's owner and what it opens (a monitor or a domain). */
export interface BadgeTokenRow {
  account_id: number;
  monitor_id: number | null;
  domain_id: number | null;
}

/**
 * The store of badge tokens (issue 30): the lookup by token, and the lock a rotation takes. A
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
export async function lockBadgeTarget(em: EntityManager, target: { monitorId: number } | { domainId: number }): Promise<void> {
  if ('monitorId' in target) await em.query(`SELECT 1 FROM monitors WHERE id = $1 FOR UPDATE`, [target.monitorId]);
  else await em.query(`SELECT 1 FROM domains WHERE id = $1 FOR UPDATE`, [target.domainId]);
}
