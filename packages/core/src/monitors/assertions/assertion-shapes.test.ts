import Joi from 'joi';
import { ASSERTION_SHAPES } from './assertion-shapes.js';
import { parseAssertion } from './parse-assertions.js';

// The shapes document what parseAssertions accepts: each accepted assertion fits exactly one shape.
const shapes = Joi.alternatives().try(...ASSERTION_SHAPES).match('one');
const fits = (a: unknown) => shapes.validate(a, { convert: false }).error === undefined;

it('every assertion parseAssertions accepts fits exactly one shape', () => {
  const accepted = [
    { source: 'status_code', operator: 'equals', value: 200 },
    { source: 'response_time', operator: 'less_than', value: 2000 },
    { source: 'header', name: 'Content-Type', operator: 'contains', value: 'json' },
    { source: 'header', name: 'x-request-id', operator: 'exists' },
    { source: 'header', name: 'server', operator: 'matches', value: '^nginx', flags: 'i' },
    { source: 'json_path', path: '$.status', operator: 'equals', value: 'ok' },
    { source: 'json_path', path: '$.count', operator: 'greater_than', value: 0.5 },
    { source: 'json_path', path: '$.maybe', operator: 'equals', value: null },
    { source: 'json_path', path: '$.items[?@.s == "down"]', operator: 'not_exists' },
    { source: 'body', operator: 'matches', value: 'v\\d+', flags: '' },
    { source: 'body', operator: 'not_contains', value: 'error' },
    { source: 'certificate_expiry', operator: 'greater_than', value: -3 },
  ];
  for (const a of accepted) {
    expect(() => parseAssertion(a, 0)).not.toThrow();
    expect({ a, fits: fits(a) }).toEqual({ a, fits: true });
  }
});

it('what the shapes refuse, parseAssertions refuses too', () => {
  const refused = [
    { source: 'status_code', operator: 'contains', value: 200 },
    { source: 'status_code', operator: 'equals', value: 99 },
    { source: 'header', name: 'bad name', operator: 'exists' },
    { source: 'json_path', operator: 'exists' },
    { source: 'body', operator: 'contains', value: '' },
    { source: 'body', operator: 'matches', value: 'x', flags: 'ii' },
    { source: 'status_code', operator: 'equals', value: 200, extra: 1 },
  ];
  for (const a of refused) {
    expect(() => parseAssertion(a, 0)).toThrow();
    expect({ a, fits: fits(a) }).toEqual({ a, fits: false });
  }
});
