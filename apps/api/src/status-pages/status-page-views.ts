import type { StatusPage } from '@vigil/core';
import { iso } from '../http/iso.js';

/** Where a page is served: its custom hostname's root, else /status/{slug} on the service. */
export function publicPageUrl(baseUrl: string, page: Pick<StatusPage, 'slug'>): string {
  return `${baseUrl}/status/${page.slug}`;
}

export function statusPageView(page: StatusPage, baseUrl: string) {
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
    created_at: iso(page.createdAt),
    updated_at: iso(page.updatedAt),
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

export const STATUS_PAGE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    ...STATUS_PAGE_BODY_SCHEMA.properties,
    url: { type: 'string', description: 'The public page' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
