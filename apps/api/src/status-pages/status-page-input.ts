import Joi from 'joi';
import { normaliseHostname, STATUS_PAGE_THEMES, ValidationError, type StatusPageSection, type StatusPageTheme } from '@vigil/core';
import { annotated } from '../http/joi-schema.js';
import { trimmedString, validate } from '../http/validate.js';

const MAX_ID = 2_147_483_647;
export const MAX_SECTIONS = 20;
export const MAX_ITEMS_PER_SECTION = 100;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
export const SLUG_RULE = 'must be 3 to 60 lowercase letters, digits and hyphens, starting and ending with a letter or digit';

export interface StatusPageInput {
  slug?: string;
  title?: string;
  description?: string | null;
  sections?: StatusPageSection[];
  theme?: StatusPageTheme;
  is_public?: boolean;
  show_uptime_bars?: boolean;
  custom_hostname?: string | null;
}

const idList = (field: string) =>
  Joi.array()
    .items(Joi.number().integer().min(1).max(MAX_ID))
    .max(MAX_ITEMS_PER_SECTION)
    .unique()
    .default([])
    .messages({ '*': `Invalid sections: ${field} must be a list of at most ${MAX_ITEMS_PER_SECTION} distinct ids` });

const section = Joi.object<StatusPageSection>({
  title: trimmedString(100)
    .required()
    .messages({ '*': 'Invalid sections: each needs a title of 1 to 100 characters' }),
  monitor_ids: idList('monitor_ids'),
  domain_ids: idList('domain_ids'),
}).messages({ 'object.base': 'Invalid sections: each must be an object with a title, monitor_ids and domain_ids' });

const fields = {
  slug: Joi.string()
    .pattern(SLUG)
    .messages({ 'any.required': 'slug is required', '*': `Invalid slug: ${SLUG_RULE}` })
    .description('Unique over the service; the page is /status/{slug}'),
  title: trimmedString(200).messages({ 'any.required': 'title is required', '*': 'Invalid title: must be a string of 1 to 200 characters' }),
  description: Joi.string().max(2000).allow(null, '').messages({ '*': 'Invalid description: must be a string of at most 2000 characters, or null' }),
  sections: Joi.array()
    .items(section)
    .max(MAX_SECTIONS)
    .messages({ 'array.base': 'Invalid sections: must be a list', 'array.max': `Invalid sections: at most ${MAX_SECTIONS}` }),
  theme: annotated(
    Joi.string()
      .valid(...STATUS_PAGE_THEMES)
      .messages({ '*': `Invalid theme: must be one of ${STATUS_PAGE_THEMES.join(', ')}` })
      .description("auto follows the reader's system setting"),
    { default: 'auto' },
  ),
  is_public: annotated(Joi.boolean().messages({ '*': 'Invalid is_public: must be a boolean' }).description('A page that is not public answers 404'), { default: true }),
  show_uptime_bars: annotated(Joi.boolean().messages({ '*': 'Invalid show_uptime_bars: must be a boolean' }), { default: true }),
  custom_hostname: Joi.string()
    .allow(null)
    .messages({ '*': 'Invalid custom_hostname: must be a hostname or null' })
    .description(
      'A hostname the account has verified (or a subdomain of one). Point it (CNAME) at the service: a request whose Host is this name is served the page at /, its JSON at /index.json and its feed at /feed.atom.',
    ),
};

const EXAMPLE = {
  slug: 'acme-status',
  title: 'Acme status',
  description: 'Live status of the Acme shop and API',
  sections: [{ title: 'Shop', monitor_ids: [42, 43], domain_ids: [12] }],
  theme: 'auto',
};

export const createStatusPageBody = Joi.object<StatusPageInput>({ ...fields, slug: fields.slug.required(), title: fields.title.required() }).example(EXAMPLE);
export const updateStatusPageBody = Joi.object<StatusPageInput>(fields).example({ title: 'Acme platform status', theme: 'dark', show_uptime_bars: false });

function normalise(input: StatusPageInput): StatusPageInput {
  const out = { ...input };
  if (out.description === '') out.description = null;
  if (typeof out.custom_hostname === 'string') {
    const host = normaliseHostname(out.custom_hostname);
    if (!host) throw new ValidationError('Invalid custom_hostname: must be a hostname or null');
    out.custom_hostname = host;
  }
  return out;
}

export function parseCreateBody(body: unknown): StatusPageInput & { slug: string; title: string } {
  return normalise(validate(createStatusPageBody, body)) as StatusPageInput & { slug: string; title: string };
}

export function parseUpdateBody(body: unknown): StatusPageInput {
  const input = normalise(validate(updateStatusPageBody, body));
  if (!Object.keys(input).length) throw new ValidationError('Invalid request body: give at least one field to update');
  return input;
}

/** Every monitor and domain id the sections name (for the ownership check). */
export function sectionIds(sections: StatusPageSection[]): { monitorIds: number[]; domainIds: number[] } {
  return {
    monitorIds: [...new Set(sections.flatMap((s) => s.monitor_ids))],
    domainIds: [...new Set(sections.flatMap((s) => s.domain_ids))],
  };
}
