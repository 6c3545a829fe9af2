import { ValidationError } from '@vigil/core';
import { queryValue } from './validate.js';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

function positiveInt(raw: unknown, name: string): number | undefined {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  if (!/^-?\d+$/.test(text.trim())) throw new ValidationError(`Invalid ${name}: must be a positive integer`);
  const n = Number(text);
  if (n < 1) throw new ValidationError(`Invalid ${name}: must be a positive integer`);
  return n;
}

/**
 * page (default 1) and per_page (default and maximum per endpoint): above the maximum is
 * clamped to it; below 1 or not an integer is 400 (decisions §4). A page far past the end is
 * simply empty: page and offset stay within safe integers (and PostgreSQL's bigint), so a
 * page like 99999999999999999999 is an empty page, not a 500.
 */
export function parsePagination(query: Record<string, unknown>, opts: { defaultPerPage: number; maxPerPage: number }): PageRequest {
  const page = Math.min(positiveInt(query.page, 'page') ?? 1, Number.MAX_SAFE_INTEGER);
  const perPage = Math.min(positiveInt(query.per_page, 'per_page') ?? opts.defaultPerPage, opts.maxPerPage);
  return { page, perPage, offset: Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER) };
}

/** The schema of paginationBody(); `withNav` adds has_next/has_prev. */
export function paginationSchema(withNav = false) {
  const int = { type: 'integer' };
  return {
    type: 'object',
    required: ['page', 'per_page', 'total', 'pages', ...(withNav ? ['has_next', 'has_prev'] : [])],
    properties: { page: int, per_page: int, total: int, pages: int, ...(withNav ? { has_next: { type: 'boolean' }, has_prev: { type: 'boolean' } } : {}) },
    additionalProperties: false,
  };
}

export interface PaginationBody {
  page: number;
  per_page: number;
  total: number;
  pages: number;
  has_next?: boolean;
  has_prev?: boolean;
}

/** The seed's pagination object; `withNav` adds has_next/has_prev (domain lists). */
export function paginationBody(p: PageRequest, total: number, withNav = false): PaginationBody {
  const pages = Math.ceil(total / p.perPage);
  const body: PaginationBody = { page: p.page, per_page: p.perPage, total, pages };
  if (withNav) {
    body.has_next = p.page < pages;
    body.has_prev = p.page > 1;
  }
  return body;
}
