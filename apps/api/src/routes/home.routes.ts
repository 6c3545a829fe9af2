import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import { ValidationError, type Context } from '@vigil/core';
import { route, type RouteDef } from '../http/route.js';
import { pricingPage, pricingTable } from '../pricing/pricing.js';
import { OPENAPI_PATH } from './docs.routes.js';

function apiVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

/** `format=json|html` wins; otherwise the Accept header, JSON when it states no preference. */
function wantsHtml(req: Request): boolean {
  const format = req.query.format;
  if (format === 'html') return true;
  if (format === 'json') return false;
  if (format !== undefined) throw new ValidationError('Invalid format: must be json or html');
  return req.accepts(['json', 'html']) === 'html';
}

const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', enum: ['free', 'pro', 'business', 'enterprise'] },
    monthly_price_cents: { type: 'integer' },
    limits: { type: 'object', description: 'As GET /api/v1/usage/limits shows them; null means unlimited' },
  },
};

/** The service's front door: an index of where things are, and the plans. */
export function homeRoutes(ctx: Context): RouteDef[] {
  const version = apiVersion();
  const base = ctx.config.baseUrl.replace(/\/+$/, '');
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
      readiness: `${base}/readyz`,
    },
  };
  return [
    route({
      method: 'get',
      path: '/',
      summary: 'Index: name, version and links to the docs, the OpenAPI document and the plans',
      tag: 'Documentation',
      auth: 'none',
      handler: (_req, res) => res.json(index),
      docs: {
        responses: {
          200: {
            description: 'Index',
            schema: {
              type: 'object',
              properties: {
                name: { type: 'string', examples: ['Vigil'] },
                description: { type: 'string' },
                version: { type: 'string', examples: [version] },
                links: { type: 'object', additionalProperties: { type: 'string', format: 'uri' } },
              },
            },
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
      handler: (req, res) => {
        const table = pricingTable(ctx.config.tiers);
        res.vary('Accept');
        if (wantsHtml(req)) res.type('html').send(pricingPage(table));
        else res.json(table);
      },
      docs: {
        query: { format: { type: 'string', enum: ['json', 'html'], description: 'Overrides the Accept header' } },
        responses: {
          200: {
            description: 'The plans, from the same tier table the limits use',
            schema: { type: 'object', properties: { currency: { type: 'string', examples: ['usd'] }, tiers: { type: 'array', items: PLAN_SCHEMA } } },
          },
          400: { description: 'Invalid format' },
        },
      },
    }),
  ];
}
