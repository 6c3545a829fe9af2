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
