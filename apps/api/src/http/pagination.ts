import { Type, type Static } from '@sinclair/typebox';
import { ValidationError } from '@vigil/core';
import { queryValue } from './validate.js';
import { component } from './components.js';

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

const PAGINATION_FIELDS = { page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer(), pages: Type.Integer() };

/** The seed's pagination object. */
export const PaginationSchema = component('Pagination', Type.Object(PAGINATION_FIELDS));
/** The pagination of domain lists: with has_next/has_prev. */
export const PaginationNavSchema = component('PaginationWithNav', Type.Object({ ...PAGINATION_FIELDS, has_next: Type.Boolean(), has_prev: Type.Boolean() }));

export function paginationBody(p: PageRequest, total: number): Static<typeof PaginationSchema> {
  return { page: p.page, per_page: p.perPage, total, pages: Math.ceil(total / p.perPage) };
}

export function paginationNavBody(p: PageRequest, total: number): Static<typeof PaginationNavSchema> {
  const body = paginationBody(p, total);
  return { ...body, has_next: p.page < body.pages, has_prev: p.page > 1 };
}
