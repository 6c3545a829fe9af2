import { Type } from '@sinclair/typebox';
import { NotFoundError, type BadgeTarget, type Context } from '@vigil/core';
import { type BadgeService, BADGE_HEADERS } from '../badges/badge-service.js';
import { BADGE_TOKEN_SCHEMA, badgeTokenFor, badgeTokenView, rotateBadgeToken } from '../badges/badge-tokens.js';
import { customLabel, LABEL_FIELD, ShieldsEndpointSchema } from '../badges/render-badge.js';
import { DOMAIN_BADGES, MONITOR_BADGES } from '../badges/badge-values.js';
import { DOMAIN_NOT_FOUND } from '../domains/find-own-domain.js';
import { authOf } from '../http/request-auth.js';
import { auditActor } from '../audit/audit-actor.js';
import { route, type RouteDef } from '../http/route.js';
import { parseId, queryValue } from '../http/validate.js';
import { MONITOR_NOT_FOUND } from '../monitors/find-own-monitor.js';
import { requireUptimeFeature } from '../monitors/require-uptime-feature.js';
import { sendCached } from '../public-status/cached-body.js';
import { PUBLIC_BUSY_DOC } from '../public-status/public-paths.js';

const BADGE = /^([a-z0-9-]+)\.(svg|json)$/;
const ONE = Type.Object({ badge: BADGE_TOKEN_SCHEMA });
const ROTATED = Type.Object({ badge: BADGE_TOKEN_SCHEMA, message: Type.String({ examples: ['Badge token rotated'] }) });

export function badgeRoutes(ctx: Context, service: BadgeService): RouteDef[] {
  const base = ctx.config.baseUrl;
  const gate = [requireUptimeFeature(ctx)];
  const manage = (kind: 'monitor' | 'domain') => {
    const path = kind === 'monitor' ? '/api/v1/uptime/monitors/:id/badges' : '/api/v1/domains/:id/badges';
    const missing = kind === 'monitor' ? MONITOR_NOT_FOUND : DOMAIN_NOT_FOUND;
    // The path id as parseId reads it; the store's statement checks that it is the caller's (else 404).
    const target = (rawId: string | string[] | undefined): BadgeTarget => {
      const id = parseId(rawId, missing);
      return kind === 'monitor' ? { monitorId: id } : { domainId: id };
    };
    const found = <T>(value: T | null): T => {
      if (value === null) throw new NotFoundError(missing);
      return value;
    };
    const notFound: Record<number, { description: string }> =
      kind === 'monitor'
        ? { 403: { description: 'Feature not available (plan without uptime monitoring)' }, 404: { description: 'Monitor not found' } }
        : { 404: { description: 'Domain not found' } };
    const names = (kind === 'monitor' ? MONITOR_BADGES : DOMAIN_BADGES).join(', ');
    return [
      route({
        method: 'get',
        path,
        summary: `The ${kind}'s badge links (${names}), each as flat SVG and shields.io endpoint JSON; the token is created on first use`,
        tag: 'Badges',
        auth: 'api-key',
        scope: kind === 'monitor' ? 'monitors:read' : 'domains:read',
        before: kind === 'monitor' ? gate : [],
        // The token made on first use is made once for the requests that share the read.
        coalesce: true,
        handler: async (req, _res, send) => {
          const accountId = authOf(req).account.id;
          send(200, { badge: badgeTokenView(found(await badgeTokenFor(ctx, accountId, target(req.params.id))), base) });
        },
        docs: { responses: { 200: { description: 'Badge links', schema: ONE }, ...notFound } },
      }),
      route({
        method: 'post',
        path: `${path}/rotate`,
        summary: `Give the ${kind}'s badges a new token; links with the old one answer 404 from now on`,
        tag: 'Badges',
        auth: 'api-key',
        scope: kind === 'monitor' ? 'monitors:write' : 'domains:write',
        before: kind === 'monitor' ? gate : [],
        handler: async (req, _res, send) => {
          const actor = auditActor(req, ctx.clock);
          const token = found(await rotateBadgeToken(ctx, actor, target(req.params.id)));
          send(201, { badge: badgeTokenView(token, base), message: 'Badge token rotated' });
        },
        docs: { responses: { 201: { description: 'New links', schema: ROTATED }, ...notFound } },
      }),
    ];
  };

  return [
    ...manage('monitor'),
    ...manage('domain'),
    route({
      method: 'get',
      path: '/badges/:token/:badge',
      summary: `A badge without an API key. badge: monitors ${MONITOR_BADGES.join(', ')}; domains ${DOMAIN_BADGES.join(', ')}; then .svg (flat SVG) or .json (shields.io endpoint)`,
      tag: 'Badges',
      auth: 'none',
      body: 'ignore',
      handler: async (req, res) => {
        const match = BADGE.exec(typeof req.params.badge === 'string' ? req.params.badge : '');
        const token = typeof req.params.token === 'string' ? req.params.token : '';
        const found = match ? await service.get(token, match[1], match[2] === 'svg' ? 'svg' : 'json', customLabel(queryValue(req.query.label))) : null;
        if (!found) {
          res.status(404).json({ error: 'Badge not found' });
          return;
        }
        sendCached(req, res, found, BADGE_HEADERS);
      },
      docs: {
        query: { label: LABEL_FIELD },
        responses: {
          // The cached bodies were drawn (SVG) or serialised through ShieldsEndpointSchema (JSON) by the badge service.
          200: { description: 'The badge: image/svg+xml for .svg, the shields.io endpoint JSON for .json', contentType: 'image/svg+xml', schema: ShieldsEndpointSchema, headers: ['ETag', 'Cache-Control'] },
          304: { description: 'Not modified (If-None-Match)' },
          404: { description: 'Badge not found (unknown or rotated token, or no such badge for the resource)' },
          503: { description: PUBLIC_BUSY_DOC, headers: ['Retry-After'] },
        },
      },
    }),
  ];
}
