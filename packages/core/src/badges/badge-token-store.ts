import { BadgeToken } from '../db/entities/badge-token.entity.js';
import { fieldDiff } from '../audit/audit-diff.js';
import { AUDIT_COLUMNS, auditRowValues } from '../audit/audit-store.js';
import type { AuditActor } from '../audit/record-audit.js';
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
 * replacement under the target's lock (plain statements, issue 35). A
 * deactivated account's badges answer like unknown ones: its resources are no longer watched.
 */
export async function activeBadgeToken(em: Queryable, token: string): Promise<BadgeTokenRow | null> {
  const [row] = await em.query<BadgeTokenRow[]>(
    `SELECT t.account_id, t.monitor_id, t.domain_id FROM badge_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token = $1 AND a.is_active`,
    [token],
  );
  return row ?? null;
}

/** The target's table and the badge_tokens column that names it. */
const targetOf = (target: BadgeTarget): { table: 'monitors' | 'domains'; column: 'monitor_id' | 'domain_id'; id: number } =>
  'monitorId' in target ? { table: 'monitors', column: 'monitor_id', id: target.monitorId } : { table: 'domains', column: 'domain_id', id: target.domainId };

const targetColumns = (target: BadgeTarget): { monitorId: number | null; domainId: number | null } =>
  'monitorId' in target ? { monitorId: target.monitorId, domainId: null } : { monitorId: null, domainId: target.domainId };

/** A badge token's columns under their property names, `p` the table's alias with its dot. */
const tokenColumns = (p: string) => `${p}token, ${p}account_id AS "accountId", ${p}monitor_id AS "monitorId", ${p}domain_id AS "domainId", ${p}created_at AS "createdAt"`;

const tokenOf = (row: BadgeToken): BadgeToken => Object.assign(new BadgeToken(), row);

/**
 * The account's monitor or domain and its badge token, in one statement (issue 35): null when
 * the target is missing or another account's (the caller answers its 404), `token` null when it
 * has none yet. `lock`: the target's row FOR UPDATE (inside a transaction): rotations of one target
 * take turns; the token it answers is then as the statement began (one a rotation committed while
 * it waited is not seen: replaceBadgeTokenAudited reads its own).
 */
export async function badgeTokenOfOwnTarget(q: Queryable, accountId: number, target: BadgeTarget, lock = false): Promise<{ token: BadgeToken | null } | null> {
  const { table, column, id } = targetOf(target);
  const [row] = await q.query<(BadgeToken & { target_id: number })[]>(
    `SELECT x.id AS target_id, ${tokenColumns('t.')} FROM ${table} x LEFT JOIN badge_tokens t ON t.${column} = x.id
      WHERE x.id = $1 AND x.account_id = $2${lock ? ' FOR UPDATE OF x' : ''}`,
    [id, accountId],
  );
  if (!row) return null;
  const { target_id: _target, ...token } = row;
  return { token: token.token === null ? null : tokenOf(token) };
}

/** The target's token; `candidate` becomes it when it has none (a concurrent first use keeps the one inserted first). */
export async function ensureBadgeToken(q: Queryable, accountId: number, target: BadgeTarget, candidate: string): Promise<BadgeToken> {
  const { column, id } = targetOf(target);
  const { monitorId, domainId } = targetColumns(target);
  await q.query(`INSERT INTO badge_tokens (token, account_id, monitor_id, domain_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [candidate, accountId, monitorId, domainId]);
  const [row] = await q.query<BadgeToken[]>(`SELECT ${tokenColumns('')} FROM badge_tokens WHERE ${column} = $1`, [id]);
  if (!row) throw new Error(`No badge token for ${column} ${id}`);
  return tokenOf(row);
}

/**
 * Makes `token` the target's token, with the rotation's audit entry, in ONE statement (issue 35:
 * was a read of the old token, its delete, the insert and the entry's insert). Call under the
 * target's lock (badgeTokenOfOwnTarget with lock), in the transaction that took it: the statement
 * starts after the lock, so it sees the token the previous rotation committed. The old token's
 * row takes the new token and a new creation date, as the delete and insert of before left it;
 * a target without a token gets one. The entry tells { badge_token: old } → { badge_token: new }
 * as recordAudit did (both masked; `before` null when there was none).
 */
export async function replaceBadgeTokenAudited(q: Queryable, actor: AuditActor, target: BadgeTarget, token: string): Promise<BadgeToken> {
  const { column, id } = targetOf(target);
  const { monitorId, domainId } = targetColumns(target);
  const params: unknown[] = [token, actor.accountId, id, monitorId, domainId];
  // Any old value: it is masked; only whether there was one shows.
  const entry = (old: string | null) =>
    auditRowValues({
      accountId: actor.accountId,
      at: actor.now(),
      keyId: actor.keyId,
      keyName: actor.keyName,
      ip: actor.ip,
      resourceType: 'monitorId' in target ? 'monitor' : 'domain',
      resourceId: String(id),
      action: 'rotate',
      changes: fieldDiff({ badge_token: old }, { badge_token: token }),
    });
  const replaced = entry(`${token}-old`);
  const created = entry(null);
  const values = AUDIT_COLUMNS.map((c, i) => {
    if (c !== 'changes') {
      params.push(replaced[i]);
      return `$${params.length}`;
    }
    params.push(replaced[i], created[i]);
    return `CASE WHEN EXISTS (SELECT 1 FROM old) THEN $${params.length - 1}::jsonb ELSE $${params.length}::jsonb END`;
  });
  const [row] = await q.query<BadgeToken[]>(
    `WITH old AS (SELECT token FROM badge_tokens WHERE ${column} = $3),
          up AS (UPDATE badge_tokens SET token = $1, account_id = $2, created_at = now() WHERE ${column} = $3 RETURNING ${tokenColumns('')}),
          ins AS (INSERT INTO badge_tokens (token, account_id, monitor_id, domain_id) SELECT $1, $2, $4::int, $5::int WHERE NOT EXISTS (SELECT 1 FROM old) RETURNING ${tokenColumns('')}),
          a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')}) SELECT ${values.join(', ')})
     SELECT * FROM up UNION ALL SELECT * FROM ins`,
    params,
  );
  actor.recorded?.();
  return tokenOf(row);
}
