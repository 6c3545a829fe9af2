import { deleteStatusPageOfAccount, insertStatusPage, mapRead, statusPagesOfAccountRead, updateStatusPageOfAccount, type Account, type Context, type Read, type StatusPage } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { requireOwnedHostname } from '../../domains/require-owned-hostname.js';
import { statusChanged } from '../../public-status/read-status-version.js';
import { conflictOf } from '../../status-pages/save-status-page.js';
import { createStatusPageBody, parseCreateBody } from '../../status-pages/status-page-input.js';
import type { Spec } from '../document.js';
import { inField } from '../error-path.js';
import { rememberedByJson } from '../remembered.js';
import { mapList, oneByOne, type Current, type KindAdapter, type RefMapper } from './kind.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The create body with its defaults (sections with both id lists). */
function specOf(fields: Record<string, unknown>): Spec {
  const input = parseCreateBody(fields);
  return {
    slug: input.slug,
    title: input.title,
    description: input.description ?? null,
    sections: (input.sections ?? []).map((s) => ({ title: s.title, monitor_ids: s.monitor_ids, domain_ids: s.domain_ids })),
    theme: input.theme ?? 'auto',
    is_public: input.is_public ?? true,
    show_uptime_bars: input.show_uptime_bars ?? true,
    custom_hostname: input.custom_hostname ?? null,
  };
}

/**
 * specOf's answers by the entry as JSON: it depends on nothing else, and joi's check of a page
 * and its sections was most of what a plan spent on one (issue 35).
 */
const rememberedSpecOf = rememberedByJson(specOf);

function columnsOf(fields: Record<string, unknown>): Partial<StatusPage> {
  const input = parseCreateBody(fields);
  return {
    slug: input.slug,
    title: input.title,
    description: input.description ?? null,
    sections: input.sections ?? [],
    theme: input.theme ?? 'auto',
    isPublic: input.is_public ?? true,
    showUptimeBars: input.show_uptime_bars ?? true,
    customHostname: input.custom_hostname ?? null,
  };
}

/** A stored page as the object a document declares. */
function currentOf(p: StatusPage): Current {
  return {
    id: p.id,
    spec: {
      slug: p.slug,
      title: p.title,
      description: p.description,
      sections: p.sections.map((s) => ({ title: s.title, monitor_ids: s.monitor_ids, domain_ids: s.domain_ids })),
      theme: p.theme,
      is_public: p.isPublic,
      show_uptime_bars: p.showUptimeBars,
      custom_hostname: p.customHostname,
    },
  };
}

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    throw conflictOf(e);
  }
}

/** Status pages; each section's `monitor_ids` and `domain_ids` name monitors and domains. */
export const statusPageKind: KindAdapter = {
  kind: 'status_page',
  schema: createStatusPageBody,
  refFields: ['sections'],

  mapRefs(spec: Spec, map: RefMapper): Spec {
    if (!Array.isArray(spec.sections)) return spec;
    const sections = spec.sections.map((s: unknown) =>
      isObject(s) ? { ...s, monitor_ids: mapList(s.monitor_ids, 'monitor', 'sections', map), domain_ids: mapList(s.domain_ids, 'domain', 'sections', map) } : s,
    );
    return { ...spec, sections };
  },

  async desired(ctx: Context, account: Account, fields: Record<string, unknown>, current: Current | undefined): Promise<Spec> {
    const spec = rememberedSpecOf(fields);
    const hostname = spec.custom_hostname;
    if (typeof hostname === 'string' && hostname !== current?.spec.custom_hostname) await inField('custom_hostname', () => requireOwnedHostname(ctx, account, hostname));
    return spec;
  },

  read(_ctx: Context, _em: EntityManager, accountId: number): Read<Current[]> {
    return mapRead(statusPagesOfAccountRead(accountId), (pages) => pages.map(currentOf));
  },

  masked: (spec) => spec,

  ...oneByOne({
    async create(ctx, em, account, spec) {
      const saved = await unique(() => insertStatusPage(em, { ...columnsOf(spec), accountId: account.id }));
      return { id: saved.id, after: [() => statusChanged(ctx, account.id)] };
    },

    async update(ctx, em, account, { current, spec }) {
      await unique(() => updateStatusPageOfAccount(em, account.id, current.id, columnsOf(spec)));
      return [() => statusChanged(ctx, account.id)];
    },

    async remove(ctx, em, account, current) {
      await deleteStatusPageOfAccount(em, account.id, current.id);
      return [() => statusChanged(ctx, account.id)];
    },
  }),
};
