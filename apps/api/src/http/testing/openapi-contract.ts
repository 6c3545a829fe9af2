import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { HttpMethod } from '../route.js';

type Json = unknown;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Document {
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components?: { schemas?: Record<string, Json> };
}


/**
 * A copy of a schema where every object that lists its properties refuses any other
 * (`additionalProperties: false` unless it says otherwise): an undocumented field fails.
 */
export function closeObjects(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(schema)) {
    // Examples are data, not schemas.
    out[k] = k === 'example' || k === 'examples' || k === 'const' || k === 'enum' || k === 'default' ? v : closeObjects(v);
  }
  if ('properties' in out && !('additionalProperties' in out) && !('patternProperties' in out)) out.additionalProperties = false;
  return out;
}

function escapePointer(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function describe(e: ErrorObject): string {
  const at = e.instancePath || '/';
  if (e.keyword === 'additionalProperties') return `undocumented field ${at === '/' ? '' : at}/${String(e.params.additionalProperty)}`;
  return `${at}: ${e.message ?? e.keyword}`;
}

/**
 * Checks real answers against a served OpenAPI document: the status must be documented for the
 * operation, a JSON body must have a schema, and the body must match it with no undocumented
 * field. Failures name the operation, the status and the JSON pointer of the offending value.
 */
export class ContractChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  readonly exercised = new Set<string>();

  constructor(private readonly doc: Document) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, formats: fullFormats });
    this.ajv.addSchema(closeObjects(doc) as Record<string, unknown>, 'openapi');
  }

  /** Every operation of the document, as "METHOD /path". */
  operations(): string[] {
    return Object.entries(this.doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  }

  /**
   * Shapes the document leaves vague, whatever the answers: an object open to any field (its
   * fields not listed, nor the schema of its values), except under the `open` pointer prefixes;
   * and an error body (status 400 and up) with an optional field, where each variant of the
   * answer must be a shape of its own, all fields required (several: `oneOf`).
   */
  vagueShapes(open: string[] = []): string[] {
    const found: string[] = [];
    // Each shared error shape is reported once, however many operations use it.
    const seen = new Set<string>();
    for (const [path, ops] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, response] of Object.entries(op.responses ?? {})) {
          for (const [type, media] of Object.entries(response.content ?? {})) {
            const at = `#/paths/${escapePointer(path)}/${method}/responses/${status}/content/${escapePointer(type)}/schema`;
            openObjects(media.schema, at, found, open);
            if (Number(status) >= 400) optionalErrorFields(this.doc, media.schema, at, found, seen);
          }
        }
      }
    }
    for (const [name, schema] of Object.entries(this.doc.components?.schemas ?? {})) openObjects(schema, `#/components/schemas/${name}`, found, open);
    return found;
  }

  /** Problems with one answer (empty when it matches the document). */
  check(method: HttpMethod, path: string, status: number, contentType: string | undefined, body: Json): string[] {
    const op = `${method.toUpperCase()} ${path}`;
    const operation = this.doc.paths[path]?.[method];
    if (!operation) return [`${op}: not in the document`];
    this.exercised.add(op);
    const response = operation.responses?.[String(status)];
    if (!response) return [`${op} ${status}: undocumented status`];
    const isJson = (contentType ?? '').startsWith('application/json');
    if (!isJson) {
      const types = Object.keys(response.content ?? {});
      const bare = (contentType ?? '').split(';')[0];
      return bare && !types.includes(bare) && status !== 204 ? [`${op} ${status}: content type ${bare} not documented (documented: ${types.join(', ') || 'none'})`] : [];
    }
    if (!response.content?.['application/json']?.schema) return [`${op} ${status}: JSON body has no schema`];
    const pointer = `openapi#/paths/${escapePointer(path)}/${method}/responses/${status}/content/application~1json/schema`;
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: pointer });
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${op} ${status}: ${describe(e)}`);
  }
}

const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default']);

function isObjectSchema(node: Record<string, Json>): boolean {
  return node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'));
}

/** Objects that accept any field: neither their fields nor the schema of their values listed. */
function openObjects(node: Json, at: string, found: string[], open: string[]): void {
  if (open.some((prefix) => at.startsWith(prefix))) return;
  if (Array.isArray(node)) {
    node.forEach((n, i) => openObjects(n, `${at}/${i}`, found, open));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, Json>;
  const described = 'properties' in schema || 'oneOf' in schema || 'anyOf' in schema || 'allOf' in schema || '$ref' in schema;
  const ap = schema.additionalProperties;
  if (isObjectSchema(schema) && (ap === true || (!described && (ap === undefined || ap === null)))) found.push(`open object at ${at}`);
  for (const [k, v] of Object.entries(schema)) if (!DATA_KEYWORDS.has(k)) openObjects(v, `${at}/${escapePointer(k)}`, found, open);
}

/** Optional fields of an error body's shape (through $refs and oneOf/anyOf branches). */
function optionalErrorFields(doc: Document, node: Json, at: string, found: string[], seen: Set<string>): void {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const schema = node as Record<string, Json>;
  if (typeof schema.$ref === 'string') {
    const name = /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1];
    if (name === undefined || seen.has(name)) return;
    seen.add(name);
    optionalErrorFields(doc, doc.components?.schemas?.[name], schema.$ref, found, seen);
    return;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) branches.forEach((b, i) => optionalErrorFields(doc, b, `${at}/${key}/${i}`, found, seen));
  }
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object') return;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const field of Object.keys(properties)) if (!required.has(field)) found.push(`optional field ${field} in the error shape at ${at}`);
}
