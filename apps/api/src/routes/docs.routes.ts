import type { Express, RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { Context } from '@vigil/core';
import { buildOpenApi, OpenApiDocumentSchema, type OpenApiDocument } from '../http/openapi.js';
import { route, type RouteDef } from '../http/route.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The OpenAPI route; it documents the full route list, itself included. */
export function openApiRoute(ctx: Context, getRoutes: () => RouteDef[]): RouteDef {
  let doc: OpenApiDocument | undefined;
  return route({
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This OpenAPI 3.1 document',
    tag: 'Documentation',
    auth: 'none',
    handler: (_req, _res, send) => {
      doc ??= buildOpenApi(getRoutes(), ctx.config.baseUrl);
      send(200, doc);
    },
    docs: { responses: { 200: { description: 'OpenAPI 3.1 document', schema: OpenApiDocumentSchema } } },
  });
}

/** A browsable page of the document at /docs (Swagger UI, served from the package, no CDN). */
export function mountDocsPage(app: Express): void {
  app.use(
    '/docs',
    swaggerUi.serve as unknown as RequestHandler[],
    swaggerUi.setup(undefined, { swaggerOptions: { url: OPENAPI_PATH }, customSiteTitle: 'Vigil API' }) as unknown as RequestHandler,
  );
}
