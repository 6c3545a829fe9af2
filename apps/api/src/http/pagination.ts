import { Type, type Static } from '@sinclair/typebox';
import { ValidationError } from '@vigil/core';
import Joi from 'joi';
import { queryFields } from './joi-schema.js';
import { queryValue, validate } from './validate.js';
import { component } from './components.js';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/**
 * A query integer as typed: its number when it is digits (optionally signed; a huge one as the
 * largest safe integer), else the text itself, which the schema refuses; absent or empty: undefined.
 */
function integerText(raw: unknown): unknown {
  const text = queryValue(raw);
  if (text === undefined || text === '') return undefined;
  return /^-?\d+$/.test(text.trim()) ? Math.min(Number(text), Number.MAX_SAFE_INTEGER) : text;
}

const positiveInt = (name: string) =>
  Joi.number()
    .integer()
    .min(1)
    .error(new ValidationError(`Invalid ${name}: must be a positive integer`));

type PaginationQuery = Joi.ObjectSchema<{ page?: number; per_page?: number }>;
/** One schema per default and maximum: built once, not per request (joi schemas are immutable). */
const paginationSchemas = new Map<string, PaginationQuery>();

/** The page and per_page query of a list: validates them and documents them (docs.query: queryFields()). */
export function paginationQuery(opts: { defaultPerPage: number; maxPerPage: number }): PaginationQuery {
  const key = `${opts.defaultPerPage}:${opts.maxPerPage}`;
  let schema = paginationSchemas.get(key);
  if (!schema) {
    schema = Joi.object({
      page: positiveInt('page').description('Default 1'),
      per_page: positiveInt('per_page').description(`Default ${opts.defaultPerPage}; above ${opts.maxPerPage} is clamped to ${opts.maxPerPage}`),
    });
    paginationSchemas.set(key, schema);
  }
  return schema;
}

/** The documented page and per_page parameters (RouteDocs.query), from the schema that validates them. */
export function paginationParams(opts: { defaultPerPage: number; maxPerPage: number }): Record<string, Joi.Schema> {
  return queryFields(paginationQuery(opts));
}

/**
 * page (default 1) and per_page (default and maximum per endpoint): above the maximum is
 * clamped to it; below 1 or not an integer is 400 (decisions §4). A page far past the end is
 * simply empty: page and offset stay within safe integers (and PostgreSQL's bigint), so a
 * page like 99999999999999999999 is an empty page, not a 500.
 */
export function parsePagination(query: Record<string, unknown>, opts: { defaultPerPage: number; maxPerPage: number }): PageRequest {
  const input = { page: integerText(query.page), per_page: integerText(query.per_page) };
  // Neither given (most requests): the defaults, without joi.
  if (input.page === undefined && input.per_page === undefined) return { page: 1, perPage: Math.min(opts.defaultPerPage, opts.maxPerPage), offset: 0 };
  const given = validate(paginationQuery(opts), input);
  const page = given.page ?? 1;
  const perPage = Math.min(given.per_page ?? opts.defaultPerPage, opts.maxPerPage);
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
