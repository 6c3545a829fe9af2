import Joi from 'joi';
import { NotFoundError, ValidationError, type Context } from '@vigil/core';
import { domainCertificate, domainCertificateChain } from '../domains/domain-certificate.js';
import { createDomainBody, parseCreateDomain, updateDomainBody } from '../domains/domain-input.js';
import { domainCreatedView, domainDetailView, domainListView } from '../domains/domain-views.js';
import {
  DomainCertificateChainSchema,
  DomainCertificateSchema,
  DomainCreatedSchema,
  DomainDetailSchema,
  DomainListSchema,
  DomainUpdatedSchema,
} from '../domains/domain.schema.js';
import { Type } from '@sinclair/typebox';
import { createDomain } from '../domains/create-domain.js';
import { deleteDomains, ownDomainRows } from '../domains/delete-domains.js';
import { DOMAIN_NOT_FOUND, findOwnDomain } from '../domains/find-own-domain.js';
import { DOMAIN_LIST_PAGE, domainListFilters, listDomains, parseDomainListQuery } from '../domains/list-domains.js';
import { updateDomainRequest } from '../domains/update-domain.js';
import { DomainExistsSchema } from '../http/error.schema.js';
import { paginationNavBody, paginationParams } from '../http/pagination.js';
import { queryFields } from '../http/joi-schema.js';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, validate } from '../http/validate.js';
import { endpointLimit } from '../middleware/endpoint-limit.js';

export const MAX_BULK_DELETE = 100;
const MAX_ID = 2_147_483_647;

const bulkDeleteBody = Joi.object<{ domain_ids: number[] }>({
  domain_ids: Joi.array()
    .items(Joi.number().integer())
    .min(1)
    .max(MAX_BULK_DELETE)
    .required()
    .error(new ValidationError(`Invalid domain_ids: must be an array of 1 to ${MAX_BULK_DELETE} integers`)),
}).example({ domain_ids: [12, 15] });

export function domainRoutes(ctx: Context): RouteDef[] {
  const tag = 'Domains';
  const update = (method: 'put' | 'patch') =>
    route({
      method,
      path: '/api/v1/domains/:id',
      summary: `Update a domain (${method === 'put' ? 'PUT and PATCH both' : 'PATCH and PUT both'} take a partial body)`,
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      handler: async (req, res, send) => {
        const domain = await updateDomainRequest(ctx, authOf(req).account, auditActor(req, ctx.clock), req.params.id, req.body, res);
        send(200, { domain, message: 'Domain updated' });
      },
      docs: {
        body: updateDomainBody,
        responses: {
          200: {
            description: 'Updated: the domain with the fields given',
            schema: Type.Object({ domain: DomainUpdatedSchema, message: Type.String({ examples: ['Domain updated'] }) }),
          },
          400: { description: 'Invalid port, frequency, flags or alert days; no fields; monitoring_frequency and scan_frequency differ' },
          403: { description: 'Frequency not allowed {allowed_frequencies, upgrade_url}' },
          404: { description: DOMAIN_NOT_FOUND },
          409: { description: 'Domain already exists (the new port collides)' },
        },
      },
    });

  return [
    route({
      method: 'get',
      path: '/api/v1/domains',
      summary: "List the account's monitored domains",
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, res, send) => {
        const q = parseDomainListQuery(req.query);
        const { domains, total } = await listDomains(ctx, authOf(req).account.id, q);
        const now = ctx.clock.now();
        send(200, { domains: domains.map((d) => domainListView(d, now)), pagination: paginationNavBody(q.page, total) });
      },
      docs: {
        query: {
          ...paginationParams(DOMAIN_LIST_PAGE),
          ...queryFields(domainListFilters),
        },
        responses: {
          200: {
            description: 'Domains and pagination {page, per_page, total, pages, has_next, has_prev}',
            schema: DomainListSchema,
          },
          400: { description: 'Invalid page, per_page, status, grade or search' },
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/domains',
      summary: 'Monitor a verified domain; an initial scan is queued',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      before: [
        endpointLimit(ctx, {
          name: 'domain-create',
          windowSec: 60,
          limitType: 'per_minute',
          points: (req) => ctx.config.tiers[authOf(req).account.tier].domainCreatesPerMinute,
          key: (req) => `account:${authOf(req).account.id}`,
          describe: (n) => `Domain creation limit of ${n} per minute`,
        }),
      ],
      handler: async (req, res, send) => {
        const input = parseCreateDomain(req.body, res);
        const { domain, scanId } = await createDomain(ctx, authOf(req).account, auditActor(req, ctx.clock), input);
        send(201, { domain: domainCreatedView(domain), message: 'Domain added; initial scan queued', scan_id: scanId });
      },
      docs: {
        body: createDomainBody,
        responses: {
          201: {
            description: 'Created: {domain, message, scan_id}',
            schema: Type.Object({ domain: DomainCreatedSchema, message: Type.String({ examples: ['Domain added; initial scan queued'] }), scan_id: Type.Integer() }),
            headers: ['Deprecation'],
          },
          400: { description: 'Invalid hostname, Invalid port, invalid frequency / flags; monitoring_frequency and scan_frequency differ' },
          403: { description: 'Domain not verified {hostname, verify_url}; Domain limit reached (tier-limit body); Frequency not allowed {allowed_frequencies, upgrade_url}' },
          409: { description: 'Domain already exists (hostname:port in this account), naming them', schema: DomainExistsSchema },
          429: { description: 'Per-minute creation limit of the tier {error, message, retry_after, limit_type: per_minute}', headers: ['Retry-After'] },
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/domains/bulk-delete',
      summary: "Delete up to 100 of the account's domains; other ids are skipped",
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      handler: async (req, res, send) => {
        const { domain_ids } = validate(bulkDeleteBody, req.body);
        const ids = [...new Set(domain_ids.filter((id) => id >= 1 && id <= MAX_ID))];
        const deleted = await deleteDomains(ctx, auditActor(req, ctx.clock), await ownDomainRows(ctx, authOf(req).account.id, ids));
        send(200, {
          message: `${deleted.length} domain${deleted.length === 1 ? '' : 's'} deleted`,
          deleted_count: deleted.length,
          deleted_ids: deleted,
        });
      },
      docs: {
        body: bulkDeleteBody,
        responses: {
          200: {
            description: 'What was deleted',
            schema: Type.Object({ message: Type.String({ examples: ['2 domains deleted'] }), deleted_count: Type.Integer(), deleted_ids: Type.Array(Type.Integer()) }),
          },
          400: { description: 'domain_ids missing, empty, over 100 or not integers' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id',
      summary: 'One domain in detail, with its certificate',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, res, send) => {
        const domain = await findOwnDomain(ctx.db.manager, authOf(req).account.id, req.params.id);
        send(200, { domain: domainDetailView(domain, ctx.clock.now()) });
      },
      docs: { responses: { 200: { description: 'The domain', schema: Type.Object({ domain: DomainDetailSchema }) }, 404: { description: DOMAIN_NOT_FOUND } } },
    }),
    update('put'),
    update('patch'),
    route({
      method: 'delete',
      path: '/api/v1/domains/:id',
      summary: 'Delete a domain with its scan history and alerts (irreversible)',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      handler: async (req, res, send) => {
        // The row whole (the entry tells it), then the delete: two statements.
        const [domain] = await ownDomainRows(ctx, authOf(req).account.id, [parseId(req.params.id, DOMAIN_NOT_FOUND)]);
        if (!domain) throw new NotFoundError(DOMAIN_NOT_FOUND);
        await deleteDomains(ctx, auditActor(req, ctx.clock), [domain]);
        send(200, { message: 'Domain deleted', deleted_domain_id: domain.id });
      },
      docs: { responses: { 200: { description: 'Deleted', schema: Type.Object({ message: Type.String({ examples: ['Domain deleted'] }), deleted_domain_id: Type.Integer() }) }, 404: { description: DOMAIN_NOT_FOUND } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id/certificate',
      summary: "The domain's leaf certificate from its latest scan, in detail",
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, res, send) => {
        send(200, await domainCertificate(ctx, authOf(req).account.id, req.params.id));
      },
      docs: {
        responses: {
          200: {
            description: 'The leaf with SANs, key, signature algorithm, trusted and hostname_match',
            schema: DomainCertificateSchema,
          },
          404: { description: 'Domain not found; Certificate not found (no scan has seen one yet)' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id/certificate/chain',
      summary: 'The certificate chain of the latest scan, leaf first',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, res, send) => {
        send(200, await domainCertificateChain(ctx, authOf(req).account.id, req.params.id));
      },
      docs: {
        responses: {
          200: { description: '{chain[...]}', schema: DomainCertificateChainSchema },
          404: { description: 'Domain not found; Certificate chain not found (no scan has chain data yet)' },
        },
      },
    }),
  ];
}
