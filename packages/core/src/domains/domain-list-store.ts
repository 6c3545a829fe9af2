import type { DataSource } from 'typeorm';
import { Domain, type SslGrade } from '../db/entities/domain.entity.js';
import { pageTotal } from '../db/page-total.js';

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

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the account's domains matching the filter, and how many match. expiring: the
 * certificate expires within the domain's alert_days_before_expiry, already expired included
 * (days_until_expiry <= alert_days_before_expiry, the rule of the expiry notices; as
 * days_until_expiry is rounded down, that is valid_to < now + (alert days + 1) days).
 */
export async function domainListPage(db: DataSource, filter: DomainListFilter, limit: number, offset: number): Promise<{ domains: Domain[]; total: number }> {
  const qb = db.getRepository(Domain).createQueryBuilder('d').where('d.account_id = :accountId', { accountId: filter.accountId });
  if (filter.status === 'active') qb.andWhere('d.is_active');
  if (filter.status === 'inactive') qb.andWhere('NOT d.is_active');
  if (filter.status === 'expiring') {
    qb.andWhere(`d.cert_valid_to IS NOT NULL AND d.cert_valid_to < CAST(:now AS timestamptz) + (d.alert_days_before_expiry + 1) * interval '1 day'`, { now: filter.now });
  }
  if (filter.grade) qb.andWhere('d.ssl_grade = :grade', { grade: filter.grade });
  if (filter.search) qb.andWhere(`d.hostname LIKE :pattern ESCAPE '\\'`, { pattern: likePattern(filter.search) });
  const domains = await qb.clone().orderBy('d.id', 'ASC').skip(offset).take(limit).getMany();
  const total = await pageTotal(offset, limit, domains.length, () => qb.getCount());
  return { domains, total };
}
