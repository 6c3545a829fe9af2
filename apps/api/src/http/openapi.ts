import type { RouteDef } from './route.js';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
  additionalProperties: true,
};

/** Express `/a/:id/b` -> OpenAPI `/a/{id}/b`. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of every declared route. */
export function buildOpenApi(routes: RouteDef[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = openApiPath(r.path);
    const pathParams = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: m[1] === 'id' || /(Id|_id)$/.test(m[1]) ? 'integer' : 'string' },
    }));
    const queryParams = Object.entries(r.docs.query ?? {}).map(([name, spec]) => {
      const { description, required, ...schema } = spec;
      return { name, in: 'query', required: Boolean(required), description, schema };
    });
    const responses: Record<string, unknown> = {};
    for (const [status, resp] of Object.entries(r.docs.responses)) {
      const isError = Number(status) >= 400;
      const schema = resp.schema ?? (isError ? ERROR_SCHEMA : undefined);
      responses[status] = {
        description: resp.description,
        ...(resp.contentType ? { content: { [resp.contentType]: { schema: { type: 'string' } } } } : schema ? { content: { 'application/json': { schema } } } : {}),
        ...(resp.headers ? { headers: Object.fromEntries(resp.headers.map((h) => [h, { schema: { type: 'string' } }])) } : {}),
      };
    }
    if (r.auth !== 'none') {
      responses['503'] ??= {
        description: 'PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds',
        content: { 'application/json': { schema: ERROR_SCHEMA } },
        headers: { 'Retry-After': { schema: { type: 'string' } } },
      };
    }
    if (r.auth === 'api-key') {
      responses['401'] ??= { description: 'API key required, invalid or expired', content: { 'application/json': { schema: ERROR_SCHEMA } } };
      responses['429'] ??= { description: 'Rate limit exceeded', content: { 'application/json': { schema: ERROR_SCHEMA } } };
    }
    paths[path] ??= {};
    paths[path][r.method] = {
      summary: r.summary,
      tags: [r.tag],
      operationId: `${r.method}${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      ...(r.auth === 'api-key' ? { security: [{ apiKey: [] }] } : r.auth === 'optional-api-key' ? { security: [{}, { apiKey: [] }] } : { security: [] }),
      parameters: [...pathParams, ...queryParams],
      ...(r.docs.body ? { requestBody: { required: true, content: { 'application/json': { schema: r.docs.body } } } } : {}),
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
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key issued by /api/v1/api-keys or the vigil CLI' } },
      schemas: { Error: ERROR_SCHEMA },
    },
    security: [{ apiKey: [] }],
    paths,
  };
}
