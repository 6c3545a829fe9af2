import type { JsonSchema } from '../http/route.js';
import { requestSchema } from '../http/joi-schema.js';
import { KEY_PATTERN, KEY_RULE, KINDS, LIST_OF } from './document.js';
import { KIND_ADAPTERS } from './kinds/index.js';

/** The id-list fields of the create bodies: a document names the objects by key there. */
const REFERENCE_LISTS = new Set(['integration_ids', 'monitor_ids', 'domain_ids']);
const KEY_SCHEMA = { type: 'string', pattern: KEY_PATTERN.source };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The derived schema with every id list made a list of keys (examples dropped: they show ids). */
function withKeyReferences(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withKeyReferences);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'examples' || k === 'example') continue;
    if (k === 'properties' && isObject(v)) {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([name, p]) => [name, REFERENCE_LISTS.has(name) && isObject(p) ? { ...p, items: KEY_SCHEMA, description: 'Keys of the objects (entries of this document or exported keys)' } : withKeyReferences(p)]),
      );
    } else out[k] = withKeyReferences(v);
  }
  return out;
}

/** One list's entry: the create body of its resource plus `key`. */
function entrySchema(kind: (typeof KINDS)[number]): JsonSchema {
  const body = withKeyReferences(requestSchema(KIND_ADAPTERS[kind].schema));
  if (!isObject(body)) throw new Error('config schema: a create body is not an object schema');
  const properties = isObject(body.properties) ? body.properties : {};
  const required = Array.isArray(body.required) ? body.required : [];
  return {
    ...body,
    properties: { key: { ...KEY_SCHEMA, description: `Stable name of the entry (${KEY_RULE}); the object's name may change, its key not` }, ...properties },
    required: ['key', ...required],
  };
}

/**
 * The JSON Schema of a configuration document (vigil.yaml), derived from the same joi schemas
 * that validate the resources' create bodies (as the OpenAPI document is). Served at
 * GET /api/v1/config/schema and committed as docs/vigil.schema.json (a test keeps them equal).
 */
export function configDocumentSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Vigil configuration (vigil.yaml)',
    description: 'Monitors, domains, integrations, maintenance windows and status pages of one account; see docs/config-as-code.md. Write secrets as ${env:NAME}: the CLI resolves them.',
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(KINDS.map((kind) => [LIST_OF[kind], { type: 'array', items: entrySchema(kind) }])),
  };
}
