import { closeObjects, ContractChecker } from './testing/openapi-contract.js';

const doc = {
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { thing: { $ref: '#/components/schemas/Thing' }, when: { type: 'string', format: 'date-time' } },
                },
              },
            },
          },
          204: {},
          404: { content: { 'application/json': {} } },
          410: { content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tags: { type: 'object', additionalProperties: { type: 'string' } } } } } },
};

describe('ContractChecker', () => {
  const checker = new ContractChecker(doc);

  it('accepts an answer that matches, and records the operation as exercised', () => {
    expect(checker.check('get', '/things/{id}', 200, 'application/json; charset=utf-8', { thing: { id: 1, tags: { a: 'b' } }, when: '2026-01-01T00:00:00Z' })).toEqual([]);
    expect(checker.exercised.has('GET /things/{id}')).toBe(true);
    expect(checker.operations()).toEqual(['GET /things/{id}']);
  });

  it('names the JSON pointer of an undocumented field, also behind a $ref', () => {
    expect(checker.check('get', '/things/{id}', 200, 'application/json', { thing: { id: 1, secret: 'x' }, extra: 1 }).sort()).toEqual([
      'GET /things/{id} 200: undocumented field /extra',
      'GET /things/{id} 200: undocumented field /thing/secret',
    ]);
  });

  it('names wrong types and formats with their pointer', () => {
    expect(checker.check('get', '/things/{id}', 200, 'application/json', { thing: { id: 'one' }, when: 'yesterday' })).toEqual([
      'GET /things/{id} 200: /thing/id: must be integer',
      'GET /things/{id} 200: /when: must match format "date-time"',
    ]);
  });

  it('fails an undocumented status, a JSON body without schema, an undocumented content type and an unknown operation', () => {
    expect(checker.check('get', '/things/{id}', 500, 'application/json', { error: 'x' })).toEqual(['GET /things/{id} 500: undocumented status']);
    expect(checker.check('get', '/things/{id}', 404, 'application/json', { error: 'x' })).toEqual(['GET /things/{id} 404: JSON body has no schema']);
    expect(checker.check('get', '/things/{id}', 410, 'text/plain; charset=utf-8', 'gone')).toEqual([
      'GET /things/{id} 410: content type text/plain not documented (documented: text/html)',
    ]);
    expect(checker.check('get', '/things/{id}', 410, 'text/html', '<p>gone</p>')).toEqual([]);
    expect(checker.check('get', '/things/{id}', 204, undefined, '')).toEqual([]);
    expect(checker.check('delete', '/things/{id}', 200, 'application/json', {})).toEqual(['DELETE /things/{id}: not in the document']);
  });
});

describe('ContractChecker.vagueShapes', () => {
  const vague = {
    paths: {
      '/a': {
        get: {
          responses: {
            200: { content: { 'application/json': { schema: { type: 'object', properties: { config: { type: 'object', additionalProperties: true }, tags: { type: 'object', additionalProperties: { type: 'string' } } } } } } },
            403: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Forbidden' } } } },
            429: { content: { 'application/json': { schema: { oneOf: [{ type: 'object', required: ['error'], properties: { error: { type: 'string' } }, additionalProperties: false }, { type: 'object', required: ['error'], properties: { error: { type: 'string' }, retry_after: { type: 'integer' } } }] } } } },
          },
        },
      },
      '/doc': { get: { responses: { 200: { content: { 'application/json': { schema: { type: 'object' } } } } } } },
    },
    components: { schemas: { Forbidden: { type: 'object', required: ['error'], properties: { error: { type: 'string' }, limit: { type: 'integer' } } }, Anything: { type: 'object' } } },
  };

  it('names objects open to any field, and optional fields of error shapes, by pointer', () => {
    expect(new ContractChecker(vague).vagueShapes(['#/paths/~1doc/'])).toEqual([
      'open object at #/paths/~1a/get/responses/200/content/application~1json/schema/properties/config',
      'optional field limit in the error shape at #/components/schemas/Forbidden',
      'optional field retry_after in the error shape at #/paths/~1a/get/responses/429/content/application~1json/schema/oneOf/1',
      'open object at #/components/schemas/Anything',
    ]);
  });

  it('accepts listed fields, typed maps and one closed shape per error variant', () => {
    const precise = {
      paths: {
        '/a': {
          get: {
            responses: {
              200: { content: { 'application/json': { schema: { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } } } } } },
              429: { content: { 'application/json': { schema: { oneOf: [{ type: 'object', required: ['error'], properties: { error: { type: 'string' } } }, { type: 'object', required: ['error', 'retry_after'], properties: { error: { type: 'string' }, retry_after: { type: 'integer' } } }] } } } },
            },
          },
        },
      },
    };
    expect(new ContractChecker(precise).vagueShapes()).toEqual([]);
  });
});

describe('closeObjects', () => {
  it('closes objects that list properties, keeps explicit choices and leaves examples alone', () => {
    expect(
      closeObjects({
        type: 'object',
        properties: { a: { type: 'object', properties: {} }, b: { type: 'object', additionalProperties: true } },
        examples: [{ properties: 1 }],
      }),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: {}, additionalProperties: false }, b: { type: 'object', additionalProperties: true } },
      examples: [{ properties: 1 }],
      additionalProperties: false,
    });
  });
});
