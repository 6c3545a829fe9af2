import { Type, type Static } from '@sinclair/typebox';
import { DateTime, MapOf } from '../http/schema.js';
import { randomBytes } from 'node:crypto';
import { auditRowsOf, ownBadgeToken, rotateBadgeTokenRow, type AuditActor, type AuditChange, type BadgeTarget, type BadgeToken, type Context } from '@vigil/core';
import { statusChanged } from '../public-status/read-status-version.js';
import { DOMAIN_BADGES, MONITOR_BADGES } from './badge-values.js';
import { component } from '../http/components.js';

/** 128 random bits, base64url: unguessable, and unrelated to any other token or id. */
export const BADGE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** The account's resource's badge token, created on first use; null when the resource is missing or another account's. */
export function badgeTokenFor(ctx: Context, accountId: number, target: BadgeTarget): Promise<BadgeToken | null> {
  return ownBadgeToken(ctx.db, accountId, target, newToken());
}

/**
 * A new token replaces the old one, which stops working at once (the account's cache version
 * moves); null when the resource is missing or another account's. The entry's change tells
 * whether there was a token before: the old one itself is masked in it (a token is a secret),
 * so any earlier value shows the same.
 */
export async function rotateBadgeToken(ctx: Context, actor: AuditActor, target: BadgeTarget): Promise<BadgeToken | null> {
  const { accountId } = actor;
  const token = newToken();
  const resource = 'monitorId' in target ? 'monitor' : 'domain';
  const id = 'monitorId' in target ? target.monitorId : target.domainId;
  const change = (old: string | null): AuditChange => ({ resource, id, action: 'rotate', before: { badge_token: old }, after: { badge_token: token } });
  const [replaced, first] = auditRowsOf(ctx.db.manager, actor, [change(SOME_EARLIER_TOKEN), change(null)]);
  if (!replaced || !first) throw new Error('rotateBadgeToken: no audit entry');
  const saved = await rotateBadgeTokenRow(ctx.db, accountId, target, token, { replaced, first });
  if (!saved) return null;
  actor.recorded?.();
  await statusChanged(ctx, accountId);
  return saved;
}

/** Stands for the token a rotation replaces in its entry (shown masked, so only "there was one" tells). */
const SOME_EARLIER_TOKEN = 'earlier';

/** The answer of the badge-token endpoints: the token and, per badge, its SVG and shields.io endpoint URLs. */
export function badgeTokenView(token: BadgeToken, baseUrl: string): Static<typeof BADGE_TOKEN_SCHEMA> {
  const names = token.monitorId !== null ? MONITOR_BADGES : DOMAIN_BADGES;
  const root = `${baseUrl}/badges/${token.token}`;
  return {
    token: token.token,
    created_at: token.createdAt.toISOString(),
    badges: Object.fromEntries(
      names.map((n) => [
        n.replace(/-/g, '_'),
        { svg_url: `${root}/${n}.svg`, json_url: `${root}/${n}.json`, shields_url: `https://img.shields.io/endpoint?url=${encodeURIComponent(`${root}/${n}.json`)}` },
      ]),
    ),
  };
}

export const BADGE_TOKEN_SCHEMA = component('BadgeLinks', Type.Object({
  token: Type.String({ description: 'Opens these badges without an API key; rotate it to revoke the old links' }),
  created_at: DateTime(),
  badges: MapOf(Type.Object({ svg_url: Type.String({ format: 'uri' }), json_url: Type.String({ format: 'uri' }), shields_url: Type.String({ format: 'uri' }) }), {
    description: 'Per badge (its name with _ for -): svg_url (flat SVG), json_url (shields.io endpoint JSON) and shields_url',
    examples: [{
      uptime_24h: {
        svg_url: 'https://vigil.example.com/badges/bt_4f9c2a/uptime-24h.svg',
        json_url: 'https://vigil.example.com/badges/bt_4f9c2a/uptime-24h.json',
        shields_url: 'https://img.shields.io/endpoint?url=https%3A%2F%2Fvigil.example.com%2Fbadges%2Fbt_4f9c2a%2Fuptime-24h.json',
      },
    }],
  }),
}));
