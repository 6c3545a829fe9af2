import { NotFoundError, ValidationError } from '@vigil/core';
import { allowHeader } from './method-not-allowed.js';
import { openApiPath } from './openapi.js';
import { paginationBody, paginationNavBody, parsePagination } from './pagination.js';
import Joi from 'joi';
import { parseId, validateQuery } from './validate.js';

describe('allowHeader', () => {
  it.each([
    [['get'], 'GET, HEAD, OPTIONS'],
    [['post', 'get'], 'GET, HEAD, POST, OPTIONS'],
    [['delete', 'put', 'patch', 'get'], 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
    [['post'], 'POST, OPTIONS'],
  ])('%p -> %s', (methods, allow) => expect(allowHeader(methods)).toBe(allow));
});

describe('parsePagination', () => {
  const opts = { defaultPerPage: 20, maxPerPage: 100 };
  it('defaults', () => expect(parsePagination({}, opts)).toEqual({ page: 1, perPage: 20, offset: 0 }));
  it('clamps per_page above the maximum', () => expect(parsePagination({ per_page: '5000' }, opts).perPage).toBe(100));
  it('defaults when the parameters are empty, as when absent', () => expect(parsePagination({ page: '', per_page: '' }, opts)).toEqual({ page: 1, perPage: 20, offset: 0 }));
  it('clamps the default to the maximum', () => expect(parsePagination({}, { defaultPerPage: 50, maxPerPage: 10 }).perPage).toBe(10));
  it('computes the offset', () => expect(parsePagination({ page: '3', per_page: '10' }, opts).offset).toBe(20));
  it('keeps a page far past the end within safe integers', () => {
    for (const page of ['99999999999999999999', '9'.repeat(400)]) {
      const p = parsePagination({ page }, opts);
      expect(Number.isSafeInteger(p.page)).toBe(true);
      expect(Number.isSafeInteger(p.offset)).toBe(true);
    }
  });
  it.each([
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: 'x' }],
    [{ per_page: '0' }],
    [{ per_page: '2.5' }],
    [{ per_page: 'ten' }],
  ])('rejects %p with 400', (q) => expect(() => parsePagination(q, opts)).toThrow(ValidationError));
  it('builds the pagination object with optional navigation', () => {
    const p = parsePagination({ page: '2', per_page: '10' }, opts);
    expect(paginationBody(p, 25)).toEqual({ page: 2, per_page: 10, total: 25, pages: 3 });
    expect(paginationNavBody(p, 25)).toEqual({ page: 2, per_page: 10, total: 25, pages: 3, has_next: true, has_prev: true });
    expect(paginationNavBody(parsePagination({}, opts), 0)).toEqual({ page: 1, per_page: 20, total: 0, pages: 0, has_next: false, has_prev: false });
  });
});

describe('parseId', () => {
  it('accepts positive 32-bit integers', () => expect(parseId('42', 'x')).toBe(42));
  it.each(['0', '-1', 'abc', '1.5', '99999999999', '2147483648', undefined])('treats %p as not found', (raw) => {
    expect(() => parseId(raw, 'Monitor not found')).toThrow(new NotFoundError('Monitor not found'));
  });
});

describe('openApiPath', () => {
  it('turns express params into OpenAPI templates', () => {
    expect(openApiPath('/api/v1/domains/:id/certificate/chain')).toBe('/api/v1/domains/{id}/certificate/chain');
  });
});

describe('validateQuery', () => {
  const filters = Joi.object({ status: Joi.string().valid('up', 'down').insensitive().lowercase(), sort: Joi.string().default('name') });

  it('gives the schema\'s defaults without parameters, a copy of its own to each caller', () => {
    const first = validateQuery(filters, {});
    expect(first).toEqual({ sort: 'name' });
    Object.assign(first, { sort: 'changed', status: 'up' });
    expect(validateQuery(filters, { other: 'x' })).toEqual({ sort: 'name' });
  });

  it('validates and converts the parameters given, as before', () => {
    expect(validateQuery(filters, { status: ['DOWN', 'up'] })).toEqual({ status: 'down', sort: 'name' });
    expect(() => validateQuery(filters, { status: 'sideways' })).toThrow(ValidationError);
    expect(validateQuery(filters, {})).toEqual({ sort: 'name' });
  });

  it('refuses a missing required parameter every time', () => {
    const required = Joi.object({ q: Joi.string().required() });
    expect(() => validateQuery(required, {})).toThrow('q is required');
    expect(() => validateQuery(required, {})).toThrow('q is required');
  });

  it('does not keep a default that is an object (each caller gets a new one)', () => {
    const withList = Joi.object({ ids: Joi.array().items(Joi.string()).default([]) });
    const first = validateQuery<{ ids: string[] }>(withList, {});
    first.ids.push('x');
    expect(validateQuery(withList, {})).toEqual({ ids: [] });
  });
});
