import type { Domain, SslGrade } from '../db/entities/domain.entity.js';
import type { Queryable } from '../db/queryable.js';
import { epochMsSql } from '../db/epoch-ms.js';

/** The list of an account's domains (GET /tls/domains), oldest first. */

export interface DomainListFilter {
  accountId: number;
  /** active / inactive: is_active; expiring: the certificate expires within the domain's alert days (see domainListPage). */
  status?: 'active' | 'inactive' | 'expiring';
  grade?: SslGrade;
  /** Substring of the hostname (lower case, as hostnames are stored). */
  search?: string;
  /** What "expiring" is measured from. */
  now: Date;
}

/** The columns of a listed domain. */
export type ListedDomain = Pick<
  Domain,
  | 'id'
  | 'hostname'
  | 'port'
  | 'sslGrade'
  | 'sslScore'
  | 'certValidTo'
  | 'lastScanAt'
  | 'isActive'
  | 'monitoringFrequency'
  | 'notificationsEnabled'
  | 'alertDaysBeforeExpiry'
  | 'createdAt'
  | 'updatedAt'
>;

/** A listed domain as the list statement writes it (JSON): timestamps as epoch milliseconds. */
interface ListedDomainJson extends Omit<ListedDomain, 'certValidTo' | 'lastScanAt' | 'createdAt' | 'updatedAt'> {
  certValidToMs: number | null;
  lastScanMs: number | null;
  createdMs: number;
  updatedMs: number;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The filter's WHERE clause on `domains d` and its parameters, from $1. */
function listWhere(filter: DomainListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [filter.accountId];
  const where = ['d.account_id = $1'];
  if (filter.status === 'active') where.push('d.is_active');
  if (filter.status === 'inactive') where.push('NOT d.is_active');
  if (filter.status === 'expiring') {
    params.push(filter.now);
    where.push(`d.cert_valid_to IS NOT NULL AND d.cert_valid_to < CAST($${params.length} AS timestamptz) + (d.alert_days_before_expiry + 1) * interval '1 day'`);
  }
  if (filter.grade) {
    params.push(filter.grade);
    where.push(`d.ssl_grade = $${params.length}`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    where.push(`d.hostname LIKE $${params.length} ESCAPE '\\'`);
  }
  return { where: where.join(' AND '), params };
}

/**
 * One page of the account's domains matching the filter, and how many match, in one statement
 * answering one JSON value (issue 35: TypeORM's query builder built, ran and hydrated the page,
 * then the count). expiring: the certificate expires within the domain's alert_days_before_expiry,
 * already expired included (days_until_expiry <= alert_days_before_expiry, the rule of the expiry
 * notices; as days_until_expiry is rounded down, that is valid_to < now + (alert days + 1) days).
 */
export async function domainListPage(db: Queryable, filter: DomainListFilter, limit: number, offset: number): Promise<{ domains: ListedDomain[]; total: number }> {
  const { where, params } = listWhere(filter);
  const page = params.length + 1;
  const [row] = await db.query<{ rows: ListedDomainJson[] | null; total: number }[]>(
    `SELECT
       (SELECT json_agg(p ORDER BY p.id) FROM (
          SELECT d.id, d.hostname, d.port, d.ssl_grade AS "sslGrade", d.ssl_score AS "sslScore", ${epochMsSql('d.cert_valid_to')} AS "certValidToMs",
                 ${epochMsSql('d.last_scan_at')} AS "lastScanMs", d.is_active AS "isActive", d.monitoring_frequency AS "monitoringFrequency",
                 d.notifications_enabled AS "notificationsEnabled", d.alert_days_before_expiry AS "alertDaysBeforeExpiry",
                 ${epochMsSql('d.created_at')} AS "createdMs", ${epochMsSql('d.updated_at')} AS "updatedMs"
          FROM domains d WHERE ${where} ORDER BY d.id LIMIT $${page} OFFSET $${page + 1}) p) AS rows,
       (SELECT count(*)::int FROM domains d WHERE ${where}) AS total`,
    [...params, limit, offset],
  );
  const domains = (row?.rows ?? []).map(({ certValidToMs, lastScanMs, createdMs, updatedMs, ...d }): ListedDomain => ({
    ...d,
    certValidTo: certValidToMs === null ? null : new Date(certValidToMs),
    lastScanAt: lastScanMs === null ? null : new Date(lastScanMs),
    createdAt: new Date(createdMs),
    updatedAt: new Date(updatedMs),
  }));
  return { domains, total: row?.total ?? 0 };
}
