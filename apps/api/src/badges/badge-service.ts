import type { Context } from '@vigil/core';
import { cachedBody, type CachedBody } from '../public-status/cached-body.js';
import { knownStatusVersion, statusVersionReader } from '../public-status/read-status-version.js';
import { VersionedCache } from '../public-status/versioned-cache.js';
import { badgeFace, type DomainFacts, type MonitorFacts } from './badge-values.js';
import { findToken, loadBadgeFacts } from './load-badge-facts.js';
import { BADGE_TOKEN } from './badge-tokens.js';
import { renderBadgeSvg, renderShieldsEndpoint, ShieldsEndpointSchema } from './render-badge.js';
import type { Static } from '@sinclair/typebox';
import { assertSerializedAsIs, compileSerializer } from '../http/serialize.js';

export const BADGE_CACHE_TTL_MS = 30_000;
export const BADGE_MAX_AGE_S = 60;
/** Headers of every badge answer. */
export const BADGE_HEADERS = { 'Cache-Control': `public, max-age=${BADGE_MAX_AGE_S}` };

/** A token's facts with the badges already drawn from them (per badge, format and label). */
interface TokenEntry {
  facts: MonitorFacts | DomainFacts;
  drawn: Map<string, Promise<CachedBody>>;
  /** The drawn badges that are ready, for answers without waiting. */
  ready: Map<string, CachedBody>;
}

const ENDPOINT_WHERE = 'GET /badges/:token/:badge 200';
const serializeEndpoint = compileSerializer(ShieldsEndpointSchema, ENDPOINT_WHERE);

const drawKey = (badge: string, format: 'svg' | 'json', label: string | null) => `${badge}.${format}\u0000${label ?? ''}`;

/**
 * Public badges: a token's facts (status, rollup uptime, grades) are read once per
 * BADGE_CACHE_TTL_MS or version change, and each badge is drawn once per facts.
 */
export class BadgeService {
  private readonly cache: VersionedCache<TokenEntry | null>;
  private readonly version: (accountId: number) => Promise<string | null>;

  constructor(private readonly ctx: Context) {
    this.version = statusVersionReader(ctx);
    this.cache = new VersionedCache<TokenEntry | null>(
      { ttlMs: BADGE_CACHE_TTL_MS, maxEntries: 50_000, now: () => ctx.clock.now().getTime() },
      this.version,
      (e) => ctx.logger.warn('badge refresh failed', { error: (e as Error).message }),
    );
  }

  /** The endpoint JSON through its schema; in tests compared with JSON.stringify's. */
  private endpointJson(body: Static<typeof ShieldsEndpointSchema>): string {
    const text = serializeEndpoint(body);
    if (this.ctx.config.env === 'test') assertSerializedAsIs(ENDPOINT_WHERE, body, text);
    return text;
  }

  /** The badge, or null for an unknown token or a badge its resource does not have. */
  async get(token: string, badge: string, format: 'svg' | 'json', label: string | null): Promise<CachedBody | null> {
    if (!BADGE_TOKEN.test(token)) return null;
    const entry = await this.cache.get(token, () => this.build(token));
    if (!entry) return null;
    const face = badgeFace(entry.facts, badge);
    if (!face) return null;
    const key = drawKey(badge, format, label);
    let drawn = entry.drawn.get(key);
    if (!drawn) {
      const shown = label ? { ...face, label } : face;
      drawn =
        format === 'svg'
          ? cachedBody(renderBadgeSvg(shown), 'image/svg+xml; charset=utf-8')
          : cachedBody(this.endpointJson(renderShieldsEndpoint(shown, BADGE_MAX_AGE_S)), 'application/json; charset=utf-8');
      if (entry.drawn.size < 200) {
        entry.drawn.set(key, drawn);
        void drawn.then((body) => entry.ready.set(key, body));
      }
    }
    return drawn;
  }

  /**
   * The badge when it can be given without waiting: drawn already, from cached facts whose
   * owner's version is known and unchanged (see VersionedCache.peek); undefined otherwise.
   */
  peek(token: string, badge: string, format: 'svg' | 'json', label: string | null): CachedBody | undefined {
    if (!BADGE_TOKEN.test(token)) return undefined;
    const entry = this.cache.peek(
      token,
      (owner) => knownStatusVersion(this.ctx, owner),
      () => this.build(token),
    );
    return entry ? entry.ready.get(drawKey(badge, format, label)) : undefined;
  }

  private async build(token: string) {
    const row = await findToken(this.ctx, token);
    if (!row) return { owner: null, version: null, value: null };
    const version = await this.version(row.account_id);
    const again = await findToken(this.ctx, token);
    const facts = again ? await loadBadgeFacts(this.ctx, again) : null;
    return { owner: row.account_id, version, value: facts ? { facts, drawn: new Map<string, Promise<CachedBody>>(), ready: new Map<string, CachedBody>() } : null };
  }
}
