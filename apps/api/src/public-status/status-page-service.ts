import { publicPageRow, type Context, type PageRef } from '@vigil/core';
import { cachedBody, type CachedBody } from './cached-body.js';
import { FINISHED_DAYS_TTL_MS, FinishedDays } from '../monitors/finished-days.js';
import { loadPageRows, type FinishedPageDays } from './load-page-rows.js';
import { buildPageModel, type PageModel } from './page-model.js';
import { pageJsonBody, renderPageAtom } from './render-feeds.js';
import { NOT_FOUND_HTML, renderPageHtml } from './render-html.js';
import { knownStatusVersion, statusVersionReader } from './read-status-version.js';
import { VersionedCache } from './versioned-cache.js';

export type PageVariant = 'html' | 'json' | 'atom';

/** Where a page and its siblings are reached: under /status/{slug}, or at the root of its custom hostname. */
function urls(baseUrl: string, ref: PageRef, slug: string) {
  if ('hostname' in ref) {
    const root = `https://${ref.hostname}`;
    return { page: `${root}/`, json: '/index.json', feed: '/feed.atom', absoluteFeed: `${root}/feed.atom` };
  }
  const page = `${baseUrl}/status/${slug}`;
  return { page, json: `/status/${slug}.json`, feed: `/status/${slug}/feed.atom`, absoluteFeed: `${page}/feed.atom` };
}

/** A page's three forms; `hidden` for a page that exists but is not shown (private, or its account deactivated); null for none. */
type Rendered = Record<PageVariant, CachedBody> | 'hidden' | null;

export const PAGE_CACHE_TTL_MS = 5_000;
/**
 * Headers of every public page answer. A CDN or proxy in front may keep a copy 5 s and serve it
 * stale for 30 s more while it fetches a fresh one (docs/scaling.md).
 */
export const PAGE_HEADERS = {
  'Cache-Control': 'public, max-age=5, stale-while-revalidate=30',
  // The page has no script, no image and no external asset: only its own inline stylesheet.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const cacheKey = (ref: PageRef) => ('slug' in ref ? `slug:${ref.slug}` : `host:${ref.hostname}`);
export const NOT_FOUND_PAGE = cachedBody(NOT_FOUND_HTML, 'text/html; charset=utf-8');
export const NOT_FOUND_JSON = cachedBody(JSON.stringify({ error: 'Status page not found' }), 'application/json; charset=utf-8');

/**
 * Public status pages: each page (by slug or by custom hostname) is loaded from rollups,
 * incidents and domains, rendered in its three forms and kept in a VersionedCache for a few
 * seconds, so a crowd costs one Redis GET per request and one build per page every few seconds.
 */
export class StatusPageService {
  private readonly cache: VersionedCache<Rendered>;
  private readonly version: (accountId: number) => Promise<string | null>;
  private readonly finishedDays: FinishedPageDays;

  constructor(private readonly ctx: Context) {
    const finished = { ttlMs: FINISHED_DAYS_TTL_MS, maxMonitors: 20_000, now: () => ctx.clock.now().getTime() };
    this.finishedDays = { rollups: new FinishedDays(finished), incidents: new FinishedDays(finished) };
    this.version = statusVersionReader(ctx);
    this.cache = new VersionedCache<Rendered>(
      { ttlMs: PAGE_CACHE_TTL_MS, maxEntries: 10_000, now: () => ctx.clock.now().getTime() },
      this.version,
      (e) => ctx.logger.warn('status page refresh failed', { error: (e as Error).message }),
    );
  }

  /** The page's answer in one form; `hidden` for a private page, null for an unknown or deleted one. */
  async get(ref: PageRef, variant: PageVariant): Promise<CachedBody | 'hidden' | null> {
    const rendered = await this.cache.get(cacheKey(ref), () => this.build(ref));
    return rendered && rendered !== 'hidden' ? rendered[variant] : rendered;
  }

  /**
   * The page's answer when it can be given without waiting (a cached copy whose owner's version
   * is known and unchanged; past the ttl it is rebuilt behind it); undefined otherwise, including
   * private and unknown pages.
   */
  peek(ref: PageRef, variant: PageVariant): CachedBody | undefined {
    const rendered = this.cache.peek(
      cacheKey(ref),
      (owner) => knownStatusVersion(this.ctx, owner),
      () => this.build(ref),
    );
    return rendered && rendered !== 'hidden' ? rendered[variant] : undefined;
  }

  /** The version is read before the rows, so a change committed during the build makes the next request rebuild. */
  private async build(ref: PageRef) {
    const found = await publicPageRow(this.ctx.db, ref);
    if (!found) return { owner: null, version: null, value: null };
    const version = await this.version(found.account_id);
    const page = await publicPageRow(this.ctx.db, ref);
    if (!page?.is_public || page.account_id !== found.account_id) return { owner: found.account_id, version, value: 'hidden' as const };
    const rows = await loadPageRows(this.ctx, page, this.finishedDays);
    await nextTurn();
    const model = buildPageModel(rows, this.ctx.clock.now());
    await nextTurn();
    return { owner: page.account_id, version, value: await this.render(model, ref) };
  }

  /**
   * The three forms, each rendered in its own event-loop turn (a large page takes milliseconds
   * per form: requests waiting meanwhile are answered between them) and compressed off the loop.
   */
  private async render(model: PageModel, ref: PageRef): Promise<Record<PageVariant, CachedBody>> {
    const u = urls(this.ctx.config.baseUrl, ref, model.slug);
    const html = cachedBody(renderPageHtml(model, { json: u.json, feed: u.feed }), 'text/html; charset=utf-8');
    await nextTurn();
    const json = cachedBody(pageJsonBody(model, u.page, this.ctx.config.env === 'test'), 'application/json; charset=utf-8');
    await nextTurn();
    const atom = cachedBody(renderPageAtom(model, u.page, u.absoluteFeed), 'application/atom+xml; charset=utf-8');
    return { html: await html, json: await json, atom: await atom };
  }
}
