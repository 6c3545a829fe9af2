import type Joi from 'joi';
import { needsNoDependency } from '../middleware/dependency-gate.js';
import { UNLIMITED_PATHS } from '../middleware/burst-limit.js';
import { Type, type Static } from '@sinclair/typebox';
import { requestSchema } from './joi-schema.js';
import { OpenObject } from './schema.js';
import { componentName } from './components.js';
import { declaredScope } from '../middleware/require-scope.js';
import { ErrorSchema, ForbiddenSchema, RateLimitedSchema } from './error.schema.js';
import type { JsonSchema, RouteDef } from './route.js';

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const DEFAULT_ERROR_SCHEMAS: Record<string, JsonSchema> = {
  403: { $ref: `#/components/schemas/${componentName(ForbiddenSchema)}` },
  429: { $ref: `#/components/schemas/${componentName(RateLimitedSchema)}` },
};

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** Tags whose operations are removed: listed last, so the documentation opens on the ones to use. */
const REMOVED_TAGS = new Set(['Authentication']);

function headerObjects(names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((h) => [h, { schema: { type: 'string' } }]));
}

/**
 * The schema as the document shows it: every shared shape (component()) replaced by a $ref,
 * and listed once in `components`. `inside` is the component being written (not a ref to itself).
 */
function referenced(node: unknown, components: Record<string, unknown>, inside?: object): unknown {
  if (Array.isArray(node)) return node.map((n) => referenced(n, components));
  if (node === null || typeof node !== 'object') return node;
  const name = node === inside ? undefined : componentName(node);
  if (name) {
    if (!(name in components)) {
      components[name] = {};
      components[name] = referenced(node, components, node);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, referenced(v, components)]));
}

/** Express `/a/:id/b` -> OpenAPI `/a/{id}/b`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of every declared route. */
/** The document as GET /api/v1/openapi.json serves it (described only at the top). */
export const OpenApiDocumentSchema = Type.Object(
  { openapi: Type.Literal('3.1.0'), info: OpenObject(), components: OpenObject(), paths: OpenObject() },
  {
    additionalProperties: true,
    examples: [{
      openapi: '3.1.0',
      info: { title: 'Vigil API', version: '1.0.0' },
      paths: { '/api/v1/monitors': { get: { summary: 'List monitors', responses: { 200: { description: 'The monitors' } } } } },
      components: { schemas: { Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } } },
    }],
  },
);
export type OpenApiDocument = Static<typeof OpenApiDocumentSchema> & Record<string, unknown>;

export function buildOpenApi(routes: RouteDef[], serverUrl: string): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, unknown> = {};
  referenced(ErrorSchema, schemas);
  referenced(ForbiddenSchema, schemas);
  referenced(RateLimitedSchema, schemas);
  for (const r of routes) {
    const path = openApiPath(r.path);
    const pathParams = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: m[1] === 'id' || /(Id|_id)$/.test(m[1]) ? 'integer' : 'string' },
    }));
    const queryParams = Object.entries(r.docs.query ?? {}).map(([name, param]) => {
      const { description, required, ...schema } = queryDoc(param);
      return { name, in: 'query', required: Boolean(required), description, schema };
    });
    const responses: Record<string, unknown> = {};
    for (const [status, resp] of Object.entries(r.docs.responses)) {
      const isError = Number(status) >= 400;
      const schema = resp.schema ?? (isError ? (DEFAULT_ERROR_SCHEMAS[status] ?? ERROR_REF) : undefined);
      responses[status] = {
        description: resp.description,
        ...(resp.contentType || schema
          ? {
              content: {
                ...(resp.contentType ? { [resp.contentType]: { schema: { type: 'string' } } } : {}),
                ...(schema && (!resp.contentType || resp.schema) ? { 'application/json': { schema: referenced(schema, schemas) } } : {}),
              },
            }
          : {}),
        ...(resp.headers ? { headers: headerObjects(resp.headers) } : {}),
      };
    }
    if (!needsNoDependency(r.path)) {
      responses['503'] ??= {
        description: 'PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds',
        content: { 'application/json': { schema: ERROR_REF } },
        headers: headerObjects(['Retry-After']),
      };
    }
    if (r.auth === 'agent-key') {
      responses['401'] ??= { description: '`Agent key required` or `Invalid agent key` (unknown, or a rotated key past its overlap)', content: { 'application/json': { schema: ERROR_REF } } };
    } else if (r.auth !== 'none') {
      responses['401'] ??= { description: 'API key required, invalid or expired', content: { 'application/json': { schema: ERROR_REF } } };
      responses['403'] ??= { description: '`Account inactive`: the key\'s account is deactivated', content: { 'application/json': { schema: DEFAULT_ERROR_SCHEMAS[403] } } };
      if (r.auth === 'api-key') {
        const forbidden = responses['403'] as { description: string };
        forbidden.description += `; \`Insufficient scope\`: the key does not hold \`${declaredScope(r)}\` (or a scope that grants it)`;
      }
    }
    if (!UNLIMITED_PATHS.has(r.path)) {
      responses['429'] ??= {
        description: r.auth === 'api-key' ? 'Rate limit exceeded: burst per client IP, per-minute or daily quota of the account' : 'Rate limit exceeded: burst per client IP',
        content: { 'application/json': { schema: DEFAULT_ERROR_SCHEMAS[429] } },
        headers: headerObjects(['Retry-After', ...RATE_LIMIT_HEADERS]),
      };
    }
    if (r.docs.body) {
      responses['400'] ??= { description: 'Invalid JSON or invalid field', content: { 'application/json': { schema: ERROR_REF } } };
      responses['413'] ??= { description: '`Request body too large` (over 1 MB)', content: { 'application/json': { schema: ERROR_REF } } };
    }
    paths[path] ??= {};
    paths[path][r.method] = {
      summary: r.summary,
      tags: [r.tag],
      ...(REMOVED_TAGS.has(r.tag) ? { deprecated: true } : {}),
      operationId: `${r.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      // OpenAPI 3.1 lets a non-OAuth scheme list the roles it requires: here, the key's scope.
      ...securityOf(r),
      parameters: [...pathParams, ...queryParams],
      ...(r.docs.body ? { requestBody: { required: true, content: { 'application/json': mediaType(requestSchema(r.docs.body)) } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vigil API',
      version: '1.0.0',
      description: 'Uptime, TLS-certificate and security-header monitoring. Authenticate with `Authorization: Bearer <API key>`.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        agentKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'The agent key of a private location (POST /api/v1/locations, shown once); only the agent protocol (docs/agents.md) takes it.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key issued by /api/v1/api-keys or the vigil CLI. Each operation lists the scope it requires: `<family>:read`, `<family>:write` (write implies read), `*:read` (every read) or `*` (everything) grant it.',
        },
      },
      schemas,
    },
    tags: tagList(routes),
    security: [{ apiKey: [] }],
    paths,
  };
}

/** The operation's security requirement: the key's scope (OpenAPI 3.1 lets a non-OAuth scheme list roles), optional, the agent key, or none. */
function securityOf(r: RouteDef): { security: Record<string, string[]>[] } {
  if (r.auth === 'api-key') return { security: [{ apiKey: [declaredScope(r)] }] };
  if (r.auth === 'optional-api-key') return { security: [{}, { apiKey: [] }] };
  if (r.auth === 'agent-key') return { security: [{ agentKey: [] }] };
  return { security: [] };
}

/** A query parameter, derived from the joi schema that validates it. */
function queryDoc(param: Joi.Schema): JsonSchema & { description?: unknown; required: boolean } {
  return { ...requestSchema(param), required: (param.describe().flags as { presence?: string } | undefined)?.presence === 'required' };
}

/** A body's media type: its schema, and its first example where Swagger UI shows it. */
function mediaType(schema: JsonSchema): Record<string, unknown> {
  const example = Array.isArray(schema.examples) ? (schema.examples as unknown[])[0] : undefined;
  return { schema, ...(example === undefined ? {} : { example }) };
}

/** Tags in route order, removed ones last. */
function tagList(routes: RouteDef[]): { name: string; description: string }[] {
  const names = [...new Set(routes.map((r) => r.tag))];
  const ordered = [...names.filter((n) => !REMOVED_TAGS.has(n)), ...names.filter((n) => REMOVED_TAGS.has(n))];
  return ordered.map((name) => ({ name, description: REMOVED_TAGS.has(name) ? `${name}: removed endpoints, kept only to answer 410` : `${name} endpoints` }));
}
