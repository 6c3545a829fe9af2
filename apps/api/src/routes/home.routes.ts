import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import { ValidationError, type Context } from '@vigil/core';
import Joi from 'joi';
import { queryFields } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { validate } from '../http/validate.js';
import { pricingPage, PricingSchema, pricingTable } from '../pricing/pricing.js';
import { Type } from '@sinclair/typebox';
import { MapOf } from '../http/schema.js';
import { OPENAPI_PATH } from './docs.routes.js';

function apiVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

/** `format=json|html` wins; otherwise the Accept header, JSON when it states no preference. */
const FORMAT_QUERY = Joi.object<{ format?: 'json' | 'html' }>({
  format: Joi.string().valid('json', 'html').error(new ValidationError('Invalid format: must be json or html')).description('Overrides the Accept header'),
});

function wantsHtml(req: Request): boolean {
  // As sent (a repeated parameter is refused, not taken first).
  const { format } = validate(FORMAT_QUERY, { format: req.query.format });
  return format === undefined ? req.accepts(['json', 'html']) === 'html' : format === 'html';
}

/** The service's front door: an index of where things are, and the plans. */
export function homeRoutes(ctx: Context): RouteDef[] {
  const version = apiVersion();
  const base = ctx.config.baseUrl.replace(/\/+$/, '');
  // The tiers are configuration: the table and its page are built once, and the same object
  // answered each time lets send() reuse its encoding and ETag.
  const table = pricingTable(ctx.config.tiers);
  const page = pricingPage(table);
  const index = {
    name: 'Vigil',
    description: 'Uptime, TLS-certificate and security-header monitoring',
    version,
    links: {
      docs: `${base}/docs`,
      openapi: `${base}${OPENAPI_PATH}`,
      pricing: `${base}/pricing`,
      header_check: `${base}/headers/check?q=example.com`,
      health: `${base}/healthz`,
      // On the ops port (VIGIL_OPS_PORT), when there is one, it is not the public base URL's.
      ...(ctx.config.opsPort === undefined ? { readiness: `${base}/readyz` } : {}),
    },
  };
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'Index: name, version and links to the docs, the OpenAPI document and the plans',
      tag: 'Documentation',
      auth: 'none',
      handler: (_req, _res, send) => send(200, index),
      docs: {
        responses: {
          200: {
            description: 'Index',
            schema: Type.Object({
              name: Type.String({ examples: ['Vigil'] }),
              description: Type.String(),
              version: Type.String({ examples: [version] }),
              links: MapOf(Type.String({ format: 'uri' }), { examples: [index.links] }),
            }),
          },
        },
      },
    }),
    route({
      method: 'get',
      path: '/pricing',
      summary: 'The plans and their limits (JSON, or an HTML page for browsers)',
      tag: 'Documentation',
      auth: 'none',
      handler: (req, res, send) => {
        res.vary('Accept');
        if (wantsHtml(req)) res.type('html').send(page);
        else send(200, table);
      },
      docs: {
        query: queryFields(FORMAT_QUERY),
        responses: {
          200: {
            description: 'The plans, from the same tier table the limits use (text/html: a small page for browsers)',
            schema: PricingSchema,
            contentType: 'text/html',
          },
          400: { description: 'Invalid format' },
        },
      },
    }),
  ];
}
