import { BadgeToken } from '../db/entities/badge-token.entity.js';
import type { Queryable } from '../db/queryable.js';
import { AUDIT_COLUMNS, auditRowValues, type NewAuditRow } from '../audit/audit-store.js';

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
 * replacement. A deactivated account's badges answer like unknown ones: its resources are no longer watched.
 */
export async function activeBadgeToken(em: Queryable, token: string): Promise<BadgeTokenRow | null> {
  const [row] = await em.query<BadgeTokenRow[]>(
    `SELECT t.account_id, t.monitor_id, t.domain_id FROM badge_tokens t JOIN accounts a ON a.id = t.account_id WHERE t.token = $1 AND a.is_active`,
    [token],
  );
  return row ?? null;
}

/** The table and column of a badge target. */
function targetTable(target: BadgeTarget): { table: 'monitors' | 'domains'; column: 'monitor_id' | 'domain_id'; id: number } {
  return 'monitorId' in target ? { table: 'monitors', column: 'monitor_id', id: target.monitorId } : { table: 'domains', column: 'domain_id', id: target.domainId };
}

const TOKEN_COLUMNS = `token, account_id AS "accountId", monitor_id AS "monitorId", domain_id AS "domainId", created_at AS "createdAt"`;

/**
 * The account's monitor's or domain's badge token, `candidate` becoming it when it has none, in
 * one statement with the ownership check (issue 35: the target's read, TypeORM's insert and its
 * findOneBy were three); null when the target is missing or another account's. A concurrent
 * first use keeps the token inserted first (read again when it committed after this statement's
 * snapshot).
 */
export async function ownBadgeToken(em: Queryable, accountId: number, target: BadgeTarget, candidate: string): Promise<BadgeToken | null> {
  const { table, column, id } = targetTable(target);
  const [row] = await em.query<(Omit<BadgeToken, 'token'> & { token: string | null })[]>(
    `WITH r AS (SELECT id FROM ${table} WHERE id = $1 AND account_id = $2),
          t AS (SELECT ${TOKEN_COLUMNS} FROM badge_tokens WHERE ${column} = $1),
          ins AS (INSERT INTO badge_tokens (token, account_id, ${column}) SELECT $3, $2, r.id FROM r WHERE NOT EXISTS (SELECT 1 FROM t)
                  ON CONFLICT DO NOTHING RETURNING ${TOKEN_COLUMNS})
     SELECT x.* FROM r LEFT JOIN (SELECT * FROM t UNION ALL SELECT * FROM ins) x ON true`,
    [id, accountId, candidate],
  );
  if (!row) return null;
  if (row.token !== null) return Object.assign(new BadgeToken(), row);
  const [again] = await em.query<BadgeToken[]>(`SELECT ${TOKEN_COLUMNS} FROM badge_tokens WHERE ${column} = $1`, [id]);
  if (!again) throw new Error(`badge token of ${column} ${id} neither inserted nor found`);
  return Object.assign(new BadgeToken(), again);
}

/**
 * Makes `token` the account's monitor's or domain's badge token, with its audit entry, in one
 * statement and without a lock of the target (issue 35: a transaction of seven statements): an
 * upsert on the target's unique column, so concurrent rotations take turns on the token's row and
 * each replaces the one committed before it. The entry is `entries.replaced` when the target had
 * a token, `entries.first` when this made its first; both must differ only in their changes.
 * Null when the target is missing or another account's (nothing written).
 */
export async function rotateBadgeTokenRow(
  em: Queryable,
  accountId: number,
  target: BadgeTarget,
  token: string,
  entries: { replaced: NewAuditRow; first: NewAuditRow },
): Promise<BadgeToken | null> {
  const { table, column, id } = targetTable(target);
  const replaced = auditRowValues(entries.replaced);
  const first = auditRowValues(entries.first);
  const shared = replaced.slice(0, -1);
  // The entry's columns but the last (changes) are the same for both; $4 onwards.
  const sharedParams = shared.map((_, i) => `$${4 + i}`).join(', ');
  const [row] = await em.query<BadgeToken[]>(
    `WITH r AS (SELECT id FROM ${table} WHERE id = $1 AND account_id = $2),
          u AS (INSERT INTO badge_tokens (token, account_id, ${column}) SELECT $3, $2, r.id FROM r
                ON CONFLICT (${column}) DO UPDATE SET token = EXCLUDED.token, created_at = now()
                RETURNING ${TOKEN_COLUMNS}, xmax::text <> '0' AS replaced),
          a AS (INSERT INTO audit_log (${AUDIT_COLUMNS.join(', ')})
                SELECT ${sharedParams}, CASE WHEN u.replaced THEN $${4 + shared.length}::jsonb ELSE $${5 + shared.length}::jsonb END FROM u)
     SELECT token, "accountId", "monitorId", "domainId", "createdAt" FROM u`,
    [id, accountId, token, ...shared, replaced[replaced.length - 1], first[first.length - 1]],
  );
  return row ? Object.assign(new BadgeToken(), row) : null;
}
