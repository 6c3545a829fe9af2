import Joi from 'joi';
import { headerCheckHistoryPage, headerCheckOfDomain, normaliseScanTarget, scanHistoryPage, scanReport, NotFoundError, ValidationError, type Context, type PageSlice } from '@vigil/core';
import type { Request } from 'express';
import { DOMAIN_NOT_FOUND, findOwnDomain } from '../domains/find-own-domain.js';
import { portField } from '../domains/domain-input.js';
import { HeaderCheckSchema, HeaderCheckWithReportSchema, headerCheckView } from '../domains/header-check-views.js';
import { Type } from '@sinclair/typebox';
import { paginationNavBody, PaginationNavSchema, paginationParams, parsePagination, type PageRequest } from '../http/pagination.js';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { documentedAs } from '../http/joi-schema.js';
import { route, type RouteDef } from '../http/route.js';
import { idOrNull, parseId, validate } from '../http/validate.js';
import { endpointLimit } from '../middleware/endpoint-limit.js';
import { SCAN_NOT_FOUND, findOwnScan } from '../scans/find-own-scan.js';
import { FullScanSchema, ScanPendingSchema, ScanQueuedSchema, ScanSchema, ScanStatsSchema, scanQueuedBody, scanUrls, scanView } from '../scans/scan-views.js';
import { scanStats } from '../scans/scan-stats.js';
import { scanTriggerLimit } from '../scans/scan-trigger-limit.js';
import { startRequestedScan } from '../scans/start-scan.js';

const FULL_REPORTS_PER_MINUTE = 5;

/** A domain name; with VIGIL_ALLOW_PRIVATE_TARGETS also localhost and IP literals. */
function onDemandBody(allowPrivate: boolean) {
  return Joi.object<{ hostname: string; port: number }>({
    hostname: documentedAs(
      Joi.any()
        .custom((v: unknown) => {
          const target = normaliseScanTarget(v, allowPrivate);
          if (!target) throw new Error('invalid');
          return target;
        })
        .required()
        .error(new ValidationError('Invalid hostname')),
      Joi.string().description('A domain name; with VIGIL_ALLOW_PRIVATE_TARGETS also localhost and IP literals'),
    ),
    port: portField.default(443),
  }).example({ hostname: 'example.com', port: 443 });
}

const rescanBody = Joi.object<{ domain_id: number }>({
  domain_id: Joi.number().integer().required().error(new ValidationError('Invalid domain_id: must be an integer')),
}).example({ domain_id: 12 });

const HEADER_CHECK_NOT_FOUND = 'Header check not found';

const HISTORY_PAGE = { defaultPerPage: 20, maxPerPage: 50 };
const HISTORY_QUERY = paginationParams(HISTORY_PAGE);


export function scanRoutes(ctx: Context): RouteDef[] {
  /**
   * A page of a domain's history rows (scans, header checks), newest first, within the caller's
   * account: one statement that also answers whether the domain is the caller's (null: 404).
   */
  async function domainHistoryPage<R>(req: Request, find: (accountId: number, domainId: number, page: PageSlice) => Promise<{ rows: R[]; total: number } | null>) {
    const accountId = authOf(req).account.id;
    const domainId = parseId(req.params.id, DOMAIN_NOT_FOUND);
    let page: PageRequest;
    try {
      page = parsePagination(req.query, HISTORY_PAGE);
    } catch (e) {
      // The domain's 404 answers before an invalid page's 400.
      await findOwnDomain(ctx.db.manager, accountId, req.params.id);
      throw e;
    }
    const found = await find(accountId, domainId, page);
    if (!found) throw new NotFoundError(DOMAIN_NOT_FOUND);
    return { domainId, rows: found.rows, pagination: paginationNavBody(page, found.total) };
  }

  const tag = 'Scans';
  const onDemand = onDemandBody(ctx.config.allowPrivateTargets);
  return [
    route({
      method: 'post',
      path: '/api/v1/scan',
      summary: 'Scan any host now (it need not be monitored or verified); poll status_url',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      before: scanTriggerLimit(ctx),
      handler: async (req, _res, send) => {
        const { hostname, port } = validate(onDemand, req.body);
        const scan = await startRequestedScan(ctx, authOf(req).account, auditActor(req, ctx.clock), { domainId: null, hostname, port, trigger: 'on_demand' });
        send(202, scanQueuedBody(ctx.config.baseUrl, scan));
      },
      docs: {
        body: onDemand,
        responses: {
          202: { description: 'Queued', schema: ScanQueuedSchema },
          400: { description: 'Invalid hostname; Invalid port' },
          429: { description: 'On-demand limit (limit_type per_hour) or concurrent scans (limit_type concurrent)', headers: ['Retry-After'] },
        },
      },
    }),
    route({
      method: 'post',
      path: '/api/v1/scans',
      summary: 'Rescan one of the account’s monitored domains now',
      tag,
      auth: 'api-key',
      scope: 'domains:write',
      before: scanTriggerLimit(ctx),
      handler: async (req, _res, send) => {
        const { account } = authOf(req);
        const { domain_id } = validate(rescanBody, req.body);
        const domain = await findOwnDomain(ctx.db.manager, account.id, String(domain_id));
        const scan = await startRequestedScan(ctx, account, auditActor(req, ctx.clock), { domainId: domain.id, hostname: domain.hostname, port: domain.port, trigger: 'manual' });
        send(202, scanQueuedBody(ctx.config.baseUrl, scan));
      },
      docs: {
        body: rescanBody,
        responses: {
          202: { description: 'Queued', schema: ScanQueuedSchema },
          400: { description: 'Invalid domain_id' },
          404: { description: DOMAIN_NOT_FOUND },
          429: { description: 'On-demand limit (limit_type per_hour) or concurrent scans (limit_type concurrent)', headers: ['Retry-After'] },
        },
      },
    }),
    // Declared before /scans/:id so that "stats" is never read as an id.
    route({
      method: 'get',
      path: '/api/v1/scans/stats',
      summary: 'Scans of the last 30 days: counts by status and by grade, average duration',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, await scanStats(ctx, authOf(req).account.id));
      },
      docs: {
        responses: {
          200: {
            description: 'Scans of the last days: counts by status and grade, average duration',
            schema: ScanStatsSchema,
          },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/scans/:id',
      summary: 'A scan and its state',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        send(200, { scan: scanView(await findOwnScan(ctx, authOf(req).account.id, req.params.id)) });
      },
      docs: { responses: { 200: { description: 'The scan', schema: Type.Object({ scan: ScanSchema }) }, 404: { description: SCAN_NOT_FOUND } } },
    }),
    route({
      method: 'get',
      path: '/api/v1/scans/:id/full',
      summary: 'The whole report of a finished scan (202 with the status while it runs)',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      before: [
        endpointLimit(ctx, {
          name: 'scan-full',
          windowSec: 60,
          limitType: 'per_minute',
          points: () => FULL_REPORTS_PER_MINUTE,
          key: (req) => `key:${authOf(req).apiKey.id}`,
          describe: (n) => `Full report limit of ${n} per minute`,
        }),
      ],
      handler: async (req, _res, send) => {
        const scan = await findOwnScan(ctx, authOf(req).account.id, req.params.id);
        if (scan.status === 'queued' || scan.status === 'running') {
          send(202, {
            scan_id: scan.id,
            status: scan.status,
            status_url: scanUrls(ctx.config.baseUrl, scan.id).status_url,
            message: 'Scan not finished yet',
          });
          return;
        }
        if (scan.status === 'failed') {
          send(200, { scan_id: scan.id, status: scan.status, hostname: scan.hostname, port: scan.port, domain_id: scan.domainId, error: scan.error, report: null });
          return;
        }
        const report = await scanReport(ctx.db, scan.id);
        if (!report) throw new Error(`Completed scan ${scan.id} has no report`);
        send(200, { ...report, scan_id: scan.id, status: scan.status, domain_id: scan.domainId, completed_at: scan.completedAt?.toISOString() ?? null });
      },
      docs: {
        responses: {
          200: {
            description:
              'A finished scan. Completed: the whole report (protocols, cipher suites, key exchange, certificate, chain, HSTS, OCSP stapling, ALPN, caps, warnings, category scores) with scan_id, status, domain_id and completed_at. ' +
              'Failed: scan_id, status, hostname, port, domain_id, error and `report: null`.',
            schema: FullScanSchema,
          },
          202: {
            description: 'Not finished yet',
            schema: ScanPendingSchema,
          },
          404: { description: SCAN_NOT_FOUND },
          429: { description: `More than ${FULL_REPORTS_PER_MINUTE} per minute for this key (limit_type per_minute)`, headers: ['Retry-After'] },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id/scans',
      summary: "A domain's scan history, newest first",
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { domainId, rows, pagination } = await domainHistoryPage(req, (accountId, domainId, page) => scanHistoryPage(ctx.db, accountId, domainId, page));
        send(200, { domain_id: domainId, scans: rows.map(scanView), pagination });
      },
      docs: {
        query: HISTORY_QUERY,
        responses: {
          200: { description: '{domain_id, scans[], pagination}', schema: Type.Object({ domain_id: Type.Integer(), scans: Type.Array(ScanSchema), pagination: PaginationNavSchema }) },
          404: { description: DOMAIN_NOT_FOUND },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id/header-checks',
      summary: "A domain's security-header grades over time (one check with each scan), newest first",
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const { domainId, rows, pagination } = await domainHistoryPage(req, (accountId, domainId, page) => headerCheckHistoryPage(ctx.db, accountId, domainId, page));
        send(200, { domain_id: domainId, header_checks: rows.map(headerCheckView), pagination });
      },
      docs: {
        query: HISTORY_QUERY,
        responses: {
          200: {
            description: '{domain_id, header_checks[], pagination}',
            schema: Type.Object({ domain_id: Type.Integer(), header_checks: Type.Array(HeaderCheckSchema), pagination: PaginationNavSchema }),
          },
          404: { description: DOMAIN_NOT_FOUND },
        },
      },
    }),
    route({
      method: 'get',
      path: '/api/v1/domains/:id/header-checks/:check_id',
      summary: 'One header check of a domain with its whole report (as GET /headers/check answers it)',
      tag,
      auth: 'api-key',
      scope: 'domains:read',
      coalesce: true,
      handler: async (req, _res, send) => {
        const accountId = authOf(req).account.id;
        const domainId = parseId(req.params.id, DOMAIN_NOT_FOUND);
        // A malformed check id is looked for as none: the domain's 404 still answers first.
        const found = await headerCheckOfDomain(ctx.db, accountId, domainId, idOrNull(req.params.check_id));
        if (!found) throw new NotFoundError(DOMAIN_NOT_FOUND);
        const { check } = found;
        if (!check) throw new NotFoundError(HEADER_CHECK_NOT_FOUND);
        send(200, { header_check: { ...headerCheckView(check), report: check.report } });
      },
      docs: {
        responses: {
          200: {
            description: 'The check, with `report` (null for a failed check)',
            schema: Type.Object({ header_check: HeaderCheckWithReportSchema }),
          },
          404: { description: `${DOMAIN_NOT_FOUND}, or ${HEADER_CHECK_NOT_FOUND}` },
        },
      },
    }),
  ];
}

