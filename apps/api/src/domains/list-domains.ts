import { domainToASCII } from 'node:url';
import Joi from 'joi';
import { domainListPage, SSL_GRADES, ValidationError, type Context, type ListedDomain, type SslGrade } from '@vigil/core';
import { parsePagination, type PageRequest } from '../http/pagination.js';
import { queryValue, validate } from '../http/validate.js';

/** The list's page sizes (the route documents the same). */
export const DOMAIN_LIST_PAGE = { defaultPerPage: 20, maxPerPage: 100 };

export const DOMAIN_STATUS_FILTERS = ['active', 'inactive', 'expiring'] as const;

export interface DomainListQuery {
  page: PageRequest;
  status?: (typeof DOMAIN_STATUS_FILTERS)[number];
  grade?: SslGrade;
  search?: string;
}

export const domainListFilters = Joi.object<Omit<DomainListQuery, 'page'>>({
  status: Joi.string()
    .valid(...DOMAIN_STATUS_FILTERS)
    .error(new ValidationError(`Invalid status: must be one of ${DOMAIN_STATUS_FILTERS.join(', ')}`))
    .description('expiring: the certificate expires within alert_days_before_expiry'),
  grade: Joi.string()
    .valid(...SSL_GRADES)
    .error(new ValidationError(`Invalid grade: must be one of ${SSL_GRADES.join(', ')}`)),
  search: Joi.string()
    .max(253)
    // Any character but the C0 controls and DEL (C1 controls, U+0080 to U+009F, are allowed).
    .pattern(/^(?:[^\p{Cc}]|[\u0080-\u009f])*$/u)
    .error(new ValidationError('Invalid search: at most 253 characters, no control characters'))
    .description('Substring of the hostname'),
});

/**
 * `grade=A+` sent without percent-encoding arrives as "A " (a query-string '+' is a space):
 * read it as the A+ the client meant.
 */
function gradeParam(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  return /^A\s$/.test(raw) ? 'A+' : raw.trim();
}

/** Lower case; a non-ASCII term is looked for in its punycode form, as hostnames are stored. */
function searchTerm(raw: string | undefined): string | undefined {
  const text = raw?.trim().toLowerCase();
  if (!text) return undefined;
  if (/[^\p{ASCII}]/u.test(text)) return domainToASCII(text) || text;
  return text;
}

export function parseDomainListQuery(query: Record<string, unknown>): DomainListQuery {
  const page = parsePagination(query, DOMAIN_LIST_PAGE);
  const search = searchTerm(queryValue(query.search));
  const status = queryValue(query.status);
  const value = validate(domainListFilters, {
    status: status === '' ? undefined : status,
    grade: gradeParam(queryValue(query.grade)),
    search: search || undefined,
  });
  return { page, ...value };
}

/** The account's domains, oldest first, filtered as the query says (see domainListPage). */
export function listDomains(ctx: Context, accountId: number, q: DomainListQuery): Promise<{ domains: ListedDomain[]; total: number }> {
  return domainListPage(ctx.readDb, { accountId, status: q.status, grade: q.grade, search: q.search, now: ctx.clock.now() }, q.page.perPage, q.page.offset);
}
