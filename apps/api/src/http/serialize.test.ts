import { Type } from '@sinclair/typebox';
import { assertSerializedAsIs, compileSerializer, ResponseSchemaError } from './serialize.js';
import { DateTimeOrNull, MapOf, Nullable, StringEnum } from './schema.js';

/** Serialises through the schema with the test-time check, as send() does in tests. */
function checked(schema: Parameters<typeof compileSerializer>[0], body: unknown): string {
  const text = compileSerializer(schema, 'GET /things 200')(body);
  assertSerializedAsIs('GET /things 200', body, text);
  return text;
}

function mismatch(schema: Parameters<typeof compileSerializer>[0], body: unknown): ResponseSchemaError {
  try {
    checked(schema, body);
  } catch (e) {
    if (e instanceof ResponseSchemaError) return e;
    throw e;
  }
  throw new Error('no ResponseSchemaError');
}

describe('compiled response serializer', () => {
  const Thing = Type.Object({
    id: Type.Integer(),
    name: Type.Optional(Type.String()),
    kind: StringEnum(['a', 'b']),
    seen_at: DateTimeOrNull(),
    tags: MapOf(Type.Integer()),
    parent: Nullable(Type.Object({ id: Type.Integer() })),
  });

  it('writes what JSON.stringify writes: key order of the body, nulls kept, absent fields absent', () => {
    const body = { id: 1, kind: 'a', seen_at: null, tags: { eu: 2, us: 3 }, parent: null };
    expect(checked(Thing, body)).toBe(JSON.stringify(body));
    const full = { id: 1, name: 'x', kind: 'b', seen_at: '2026-01-01T00:00:00.000Z', tags: {}, parent: { id: 2 } };
    expect(checked(Thing, full)).toBe(JSON.stringify(full));
  });

  it('never writes a default for an absent field', () => {
    const WithDefault = Type.Object({ a: Type.Optional(Type.Array(Type.Integer(), { default: [] })), b: Type.Integer() });
    expect(checked(WithDefault, { b: 1 })).toBe('{"b":1}');
  });

  it('keeps the key order of properties even when optional fields come first', () => {
    const S = Type.Object({ first: Type.Optional(Type.String()), second: Type.Integer() });
    expect(checked(S, { first: 'x', second: 2 })).toBe('{"first":"x","second":2}');
  });

  it('names the JSON pointer of a field the schema lacks (fast-json-stringify would drop it)', () => {
    const e = mismatch(Thing, { id: 1, kind: 'a', seen_at: null, tags: {}, parent: { id: 2, extra: true } });
    expect(e.pointer).toBe('/parent/extra');
    expect(e.message).toBe('GET /things 200: field dropped at /parent/extra (the response schema does not describe the answer)');
  });

  it('refuses values of another type (fast-json-stringify would coerce them)', () => {
    expect(mismatch(Thing, { id: 1.5, kind: 'a', seen_at: null, tags: {}, parent: null }).pointer).toBe('/id');
    expect(mismatch(Thing, { id: 1, kind: 'a', seen_at: null, tags: { eu: '2' }, parent: null }).pointer).toBe('/tags/eu');
    const unwritable = mismatch(Thing, { id: 1, kind: 'a', seen_at: 5, tags: {}, parent: null });
    expect([unwritable.where, unwritable.pointer]).toEqual(['GET /things 200', '/seen_at']);
  });

  it('picks the branch of a oneOf and checks it', () => {
    const Config = Type.Unsafe<{ host: string; port: number } | { name: string }>({
      oneOf: [
        { type: 'object', required: ['host', 'port'], properties: { host: { type: 'string' }, port: { type: 'integer' } } },
        { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      ],
    });
    const S = Type.Object({ config: Config });
    expect(checked(S, { config: { name: 'example.com' } })).toBe('{"config":{"name":"example.com"}}');
    expect(checked(S, { config: { host: 'h', port: 1 } })).toBe('{"config":{"host":"h","port":1}}');
    expect(mismatch(S, { config: { name: 'x', record_type: 'A' } }).pointer).toBe('/config/record_type');
  });
});
