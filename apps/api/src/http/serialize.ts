import fastJson from 'fast-json-stringify';
import type { TSchema } from '@sinclair/typebox';

export type Serializer = (body: unknown) => string;

/**
 * An answer the schema does not describe: fast-json-stringify would silently drop a field the
 * schema lacks, or coerce a value of another type. Raised only where the check is on (tests).
 */
export class ResponseSchemaError extends Error {
  constructor(
    readonly where: string,
    readonly pointer: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem} at ${pointer || '/'} (the response schema does not describe the answer)`);
    this.name = 'ResponseSchemaError';
  }
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SUBSCHEMA_LISTS = ['allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not'];
const BRANCHES = ['anyOf', 'oneOf'];

/**
 * The schema as fast-json-stringify gets it. Without `required`, which it uses to write the
 * required fields first: key order then stays the order of `properties` (the views' order);
 * presence is checked by the types of the views and, in tests, by the contract test. Without
 * `default`, which it would write for an absent field (absent must stay absent). Branches of
 * anyOf/oneOf keep `required`: fast-json-stringify picks the branch by validating against them.
 */
function forSerializer(schema: unknown, inBranch = false): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((key === 'required' && !inBranch) || key === 'default' || key === 'examples' || key === 'example') continue;
    if (SUBSCHEMA_MAPS.includes(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forSerializer(v, inBranch)]));
    } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => forSerializer(v, inBranch));
    } else if (BRANCHES.includes(key) && Array.isArray(value)) {
      out[key] = value.map((v) => forSerializer(v, true));
    } else if (SUBSCHEMAS.includes(key)) {
      out[key] = forSerializer(value, inBranch);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** `#/properties/a/items/properties/b` (fast-json-stringify's schema path) -> `/a/b`. */
function answerPointer(message: string): string {
  const path = /'#([^']*)'/.exec(message)?.[1] ?? '';
  return path.replace(/\/(properties|items|anyOf\/\d+|oneOf\/\d+)(?=\/|$)/g, '').replace(/\/properties\//g, '/');
}

/**
 * A compiled serializer for one response schema. A value it cannot write at all (a type
 * outside a `type` list, a missing branch) raises ResponseSchemaError naming `where`.
 */
export function compileSerializer(schema: TSchema, where: string): Serializer {
  const stringify = fastJson(forSerializer(schema) as Parameters<typeof fastJson>[0]);
  return (body) => {
    try {
      return stringify(body);
    } catch (e) {
      if (!(e instanceof Error)) throw e;
      throw new ResponseSchemaError(where, answerPointer(e.message), e.message);
    }
  };
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The first place where `actual` differs from `expected` (both parsed JSON), or null. */
function firstDifference(expected: unknown, actual: unknown, pointer: string): { pointer: string; problem: string } | null {
  if (expected === actual) return null;
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(expected) !== kind(actual)) {
    return { pointer, problem: `${actual === undefined ? 'missing' : `${kind(actual)} instead of ${kind(expected)}`}` };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return { pointer, problem: `${actual.length} items instead of ${expected.length}` };
    for (let i = 0; i < expected.length; i++) {
      const d = firstDifference(expected[i], actual[i], `${pointer}/${i}`);
      if (d) return d;
    }
    return null;
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!(key in a)) return { pointer: `${pointer}/${escapePointer(key)}`, problem: 'field dropped' };
      const d = firstDifference(e[key], a[key], `${pointer}/${escapePointer(key)}`);
      if (d) return d;
    }
    for (const key of Object.keys(a)) if (!(key in e)) return { pointer: `${pointer}/${escapePointer(key)}`, problem: 'field added' };
    return null;
  }
  return { pointer, problem: `${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}` };
}

/**
 * Throws ResponseSchemaError unless `serialized` holds the answer JSON.stringify would give:
 * same fields, values, nulls and absences. Key order is the schema's: objects read from jsonb
 * columns (config, timings, assertions) come out of PostgreSQL in its own key order, which no
 * schema can follow.
 */
export function assertSerializedAsIs(where: string, body: unknown, serialized: string): void {
  const plain = JSON.stringify(body);
  if (serialized === plain) return;
  const diff = firstDifference(JSON.parse(plain), JSON.parse(serialized), '');
  if (diff) throw new ResponseSchemaError(where, diff.pointer, diff.problem);
}
