import type { Context } from '@vigil/core';
import { keyedSpec, loadAccountState } from './account-state.js';
import { KINDS, LIST_OF } from './document.js';
import { KIND_ADAPTERS } from './kinds/index.js';

/**
 * GET /config/export: every declarable object of the account as a document entry (managed
 * objects under their key, the others under their export key), secrets masked: planned again,
 * it changes nothing (masks stand for the current values).
 */
export async function exportDocument(ctx: Context, accountId: number): Promise<Record<string, Record<string, unknown>[]>> {
  const state = await loadAccountState(ctx, ctx.db.manager, accountId);
  return Object.fromEntries(
    KINDS.map((kind) => [LIST_OF[kind], state.kinds[kind].objects.map((o) => ({ key: o.key, ...KIND_ADAPTERS[kind].masked(keyedSpec(state, kind, o.spec)) }))]),
  );
}
