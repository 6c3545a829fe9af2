import Joi from 'joi';
import { ValidationError } from '@vigil/core';
import { annotated, documented, queryFields, requestSchema } from './joi-schema.js';
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

  it('takes what joi-to-json cannot express from the joi schema itself: replaced by documented(), keywords added by annotated()', () => {
    const schema = Joi.object({
      host: documented(
        Joi.any().custom((v: unknown) => v),
        { type: 'string', description: 'A host name' },
      ),
      port: annotated(Joi.number().integer(), { default: 443 }),
      headers: Joi.object().pattern(/^/, Joi.string()),
    }).example({ host: 'example.com', port: 443 });
    expect(requestSchema(schema)).toEqual({
      type: 'object',
      properties: {
        host: { type: 'string', description: 'A host name' },
        port: { type: 'integer', default: 443 },
        headers: { type: 'object', patternProperties: { '^': { type: 'string' } } },
      },
      examples: [{ host: 'example.com', port: 443 }],
    });
  });

  it('lists the fields of a query schema, each the very joi object that validates it', () => {
    const query = Joi.object({ days: Joi.number().integer(), q: Joi.string().required() });
    const fields = queryFields(query);
    expect(Object.keys(fields)).toEqual(['days', 'q']);
    expect(fields.q.validate(undefined).error).toBeDefined();
    expect(requestSchema(fields.days)).toEqual({ type: 'integer' });
  });
});
