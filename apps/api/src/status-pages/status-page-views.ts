import type { StatusPage } from '@vigil/core';
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from '../http/schema.js';
import { component } from '../http/components.js';

/** Where a page is served: its custom hostname's root, else /status/{slug} on the service. */
export function publicPageUrl(baseUrl: string, page: Pick<StatusPage, 'slug'>): string {
  return `${baseUrl}/status/${page.slug}`;
}

export function statusPageView(page: StatusPage, baseUrl: string): Static<typeof STATUS_PAGE_SCHEMA> {
  return {
    id: page.id,
    slug: page.slug,
    title: page.title,
    description: page.description,
    sections: page.sections,
    theme: page.theme,
    is_public: page.isPublic,
    show_uptime_bars: page.showUptimeBars,
    custom_hostname: page.customHostname,
    url: publicPageUrl(baseUrl, page),
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  };
}

const SECTION_SCHEMA = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 100 },
    monitor_ids: { type: 'array', items: { type: 'integer' }, description: "The account's own monitors, in display order" },
    domain_ids: { type: 'array', items: { type: 'integer' }, description: "The account's own domains, in display order" },
  },
};

export const STATUS_PAGE_BODY_SCHEMA = {
  type: 'object',
  properties: {
    slug: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{1,58}[a-z0-9]$', description: 'Unique over the service; the page is /status/{slug}' },
    title: { type: 'string', maxLength: 200 },
    description: { type: ['string', 'null'], maxLength: 2000 },
    sections: { type: 'array', maxItems: 20, items: SECTION_SCHEMA },
    theme: { type: 'string', enum: ['light', 'dark', 'auto'], default: 'auto', description: "auto follows the reader's system setting" },
    is_public: { type: 'boolean', default: true, description: 'A page that is not public answers 404' },
    show_uptime_bars: { type: 'boolean', default: true },
    custom_hostname: {
      type: ['string', 'null'],
      description:
        'A hostname the account has verified (or a subdomain of one). Point it (CNAME) at the service: a request whose Host is this name is served the page at /, its JSON at /index.json and its feed at /feed.atom.',
    },
  },
};

export const STATUS_PAGE_SCHEMA = component('StatusPage', Type.Object({
  id: Type.Integer(),
  slug: Type.String({ description: 'Unique over the service; the page is /status/{slug}' }),
  title: Type.String(),
  description: Nullable(Type.String()),
  sections: Type.Array(
    Type.Object({
      title: Type.String(),
      monitor_ids: Type.Array(Type.Integer(), { description: "The account's own monitors, in display order" }),
      domain_ids: Type.Array(Type.Integer(), { description: "The account's own domains, in display order" }),
    }),
  ),
  theme: StringEnum(['light', 'dark', 'auto'], { description: "auto follows the reader's system setting" }),
  is_public: Type.Boolean({ description: 'A page that is not public answers 404' }),
  show_uptime_bars: Type.Boolean(),
  custom_hostname: Nullable(Type.String(), { description: 'A verified hostname the page is also served on (at /, /index.json and /feed.atom)' }),
  url: Type.String({ description: 'The public page' }),
  created_at: DateTime(),
  updated_at: DateTime(),
}));
