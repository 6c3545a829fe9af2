import Joi from 'joi';
import { ValidationError } from '@vigil/core';
import { bodySchema, requestSchema } from './joi-schema.js';
import { trimmedString } from './validate.js';

describe('requestSchema', () => {
  it('derives the OpenAPI 3.1 schema from the validating joi schema, unknown fields allowed (they are stripped)', () => {
    const schema = Joi.object({
      name: trimmedString(100).required().description('A label'),
      when: Joi.string().isoDate().allow(null).error(new ValidationError('Invalid when')),
      ids: Joi.array().items(Joi.number().integer()).min(1).max(3),
      nested: Joi.object({ on: Joi.boolean() }),
    });
    expect(requestSchema(schema)).toEqual({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 100, description: 'A label' },
        when: { type: ['string', 'null'], format: 'date-time' },
        ids: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'integer' } },
        nested: { type: 'object', properties: { on: { type: 'boolean' } } },
      },
    });
  });

  it('passes a JSON Schema through unchanged', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    expect(bodySchema(schema)).toBe(schema);
    expect(bodySchema(Joi.object({ a: Joi.string() }))).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});
