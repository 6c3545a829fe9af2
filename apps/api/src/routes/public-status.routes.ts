import type { Request, RequestHandler, Response } from 'express';
import { normaliseHostname, type PageRef } from '@vigil/core';
import { requestHost } from '../http/request-host.js';
import { route, type RouteDef } from '../http/route.js';
import { sendCached } from '../public-status/cached-body.js';
import { HOST_PATHS, PUBLIC_BUSY_DOC, SLUG } from '../public-status/public-paths.js';
import { NOT_FOUND_JSON, NOT_FOUND_PAGE, PAGE_HEADERS, type StatusPageService, type PageVariant } from '../public-status/status-page-service.js';
import { PublicStatusPageSchema } from '../public-status/render-feeds.js';

const TAG = 'Public status pages';

async function answer(service: StatusPageService, req: Request, res: Response, ref: PageRef | null, variant: PageVariant): Promise<void> {
  const found = ref ? await service.get(ref, variant) : null;
  if (found && found !== 'hidden') return sendCached(req, res, found, PAGE_HEADERS);
  await notFound(req, res, variant);
}

/** The plain 404 page (or its JSON twin) of a private, deleted or unknown page. */
async function notFound(req: Request, res: Response, variant: PageVariant): Promise<void> {
  sendCached(req, res, await (variant === 'json' ? NOT_FOUND_JSON : NOT_FOUND_PAGE), PAGE_HEADERS, 404);
}

function slugRef(req: Request): PageRef | null {
  const slug = typeof req.params.slug === 'string' ? req.params.slug : '';
  return SLUG.test(slug) ? { slug } : null;
}

/**
 * A request for `/`, `/index.json` or `/feed.atom` whose Host header (never X-Forwarded-Host) is a page's custom hostname is
 * served that page (the plain 404 page while it is private); any other request (and any other
 * Host) goes on untouched.
 */
export function customHostnamePages(service: StatusPageService): RequestHandler {
  return (req, res, next) => {
    const variant = req.method === 'GET' || req.method === 'HEAD' ? HOST_PATHS[req.path] : undefined;
    const hostname = variant ? normaliseHostname(requestHost(req)) : null;
    if (!variant || !hostname) return next();
    service
      .get({ hostname }, variant)
      .then((found) => (found === null ? next() : found === 'hidden' ? notFound(req, res, variant) : sendCached(req, res, found, PAGE_HEADERS)))
      .catch(next);
  };
}

const PAGE_DOCS = (what: string, contentType: string) => ({
  responses: {
    200: { description: what, contentType, headers: ['ETag', 'Cache-Control'] },
    304: { description: 'Not modified (If-None-Match)' },
    404: { description: 'A plain 404 page: unknown, private or deleted page', contentType },
    503: { description: PUBLIC_BUSY_DOC, headers: ['Retry-After'] },
  },
});

export function publicStatusRoutes(service: StatusPageService): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/status/:slug.json',
      summary: 'A public status page as JSON: overall status, sections with monitors (90 daily uptime values) and domains, incidents with updates',
      tag: TAG,
      auth: 'none',
      body: 'ignore',
      handler: (req, res) => answer(service, req, res, slugRef(req), 'json'),
      // The cached body was serialised through PublicStatusPageSchema when the page was rendered.
      docs: {
        responses: {
          ...PAGE_DOCS('The page as data', 'application/json').responses,
          200: { description: 'The page as data', schema: PublicStatusPageSchema, headers: ['ETag', 'Cache-Control'] },
          404: { description: '`{"error":"Status page not found"}`: unknown, private or deleted page' },
        },
      },
    }),
    route({
      method: 'get',
      path: '/status/:slug/feed.atom',
      summary: "An Atom feed of a public page's current and recent incidents and notices, with their updates",
      tag: TAG,
      auth: 'none',
      body: 'ignore',
      handler: (req, res) => answer(service, req, res, slugRef(req), 'atom'),
      docs: PAGE_DOCS('Atom 1.0 feed', 'application/atom+xml'),
    }),
    route({
      method: 'get',
      path: '/status/:slug',
      summary: 'A public status page (server-rendered HTML, no script, no external asset). Also served at / on its custom hostname.',
      tag: TAG,
      auth: 'none',
      body: 'ignore',
      handler: (req, res) => answer(service, req, res, slugRef(req), 'html'),
      docs: PAGE_DOCS('The page', 'text/html'),
    }),
  ];
}
