import type { EntityManager } from 'typeorm';
import { replaceManagedRows, type Account, type Context } from '@vigil/core';
import type { AccountState } from './account-state.js';
import { KINDS, type Kind, type Spec } from './document.js';
import { KIND_ADAPTERS, type AfterCommit, type Current } from './kinds/index.js';
import { sameManagedRows, type ManagedRow } from './managed-store.js';
import type { Plan, PlannedChange } from './plan.js';

/**
 * The order creates run in: what others refer to first. Integrations and monitors refer to each
 * other (scope, escalation); integrations, the fewer, go first, so that only they need the
 * second write.
 */
const CREATE_ORDER: readonly Kind[] = ['domain', 'integration', 'monitor', 'maintenance_window', 'status_page'];

/**
 * Makes a plan's changes in the caller's transaction, each kind's in one batch: deletes first
 * (a key renamed under prune frees its URL or slug for the new entry), then creates in
 * CREATE_ORDER, then updates. A created object whose references name one created later (an
 * integration scoped to a new monitor) is created without them and completed with the updates.
 * Returns what must wait for the commit.
 */
export async function executePlan(ctx: Context, em: EntityManager, account: Account, plan: Plan, state: AccountState): Promise<{ after: AfterCommit[]; ids: Record<Kind, Map<string, number>> }> {
  const after: AfterCommit[] = [];
  const ids = Object.fromEntries(KINDS.map((k) => [k, new Map([...state.kinds[k].byKey].map(([key, o]) => [key, o.id]))])) as Record<Kind, Map<string, number>>;
  const of = (action: PlannedChange['action']) => plan.changes.filter((c) => c.action === action);

  // Each kind's deletes in one batch, the kinds in reverse document order (status pages first).
  for (const kind of [...KINDS].reverse()) {
    const deletes = of('delete').filter((c) => c.kind === kind).reverse();
    after.push(...(await KIND_ADAPTERS[kind].remove(ctx, em, account, deletes.flatMap((c) => (c.current ? [c.current] : [])))));
    for (const c of deletes) ids[kind].delete(c.key);
  }

  const withIds = (kind: Kind, spec: Spec): Spec | null => {
    let complete = true;
    const mapped = KIND_ADAPTERS[kind].mapRefs(spec, (refKind, key) => {
      const id = ids[refKind].get(String(key));
      if (id === undefined) complete = false;
      return id;
    });
    return complete ? mapped : null;
  };

  // Each kind's creates in one batch (one multi-row insert for monitors), in CREATE_ORDER.
  const completions: { change: PlannedChange; target: Current }[] = [];
  for (const kind of CREATE_ORDER) {
    const adapter = KIND_ADAPTERS[kind];
    const creates = of('create').flatMap((c) => {
      if (c.kind !== kind || !c.desired) return [];
      const mapped = withIds(kind, c.desired);
      const spec = mapped ?? Object.fromEntries(Object.entries(c.desired).map(([f, v]) => [f, adapter.refFields.includes(f) ? [] : v]));
      return [{ change: c, spec, complete: mapped !== null }];
    });
    const created = await adapter.create(ctx, em, account, creates.map((c) => ({ spec: c.spec, path: c.change.path ?? '' })));
    after.push(...created.after);
    creates.forEach((c, k) => {
      ids[kind].set(c.change.key, created.ids[k]);
      if (!c.complete) completions.push({ change: c.change, target: { id: created.ids[k], spec: c.spec } });
    });
  }

  // Each kind's updates (and completions) in one batch. Every key is resolved by now: the plan
  // only lets references name declared or remaining objects.
  const updates = [...of('update').flatMap((c) => (c.current ? [{ change: c, target: c.current }] : [])), ...completions];
  for (const kind of KINDS) {
    const changes = updates.filter((u) => u.change.kind === kind).map(({ change: c, target }) => {
      const spec = c.desired && withIds(kind, c.desired);
      if (!spec) throw new Error(`config apply: a reference of ${kind} ${c.key} was not resolved`);
      return { current: target, spec, path: c.path ?? '' };
    });
    after.push(...(await KIND_ADAPTERS[kind].update(ctx, em, account, changes)));
  }

  // Every object the document declares is managed from now on, under its key (taken-over ones too).
  const managed: ManagedRow[] = KINDS.flatMap((kind) => {
    const declared = plan.changes.filter((c) => c.kind === kind && c.action !== 'delete').map((c) => c.key);
    const planned = new Set(plan.changes.filter((c) => c.kind === kind).map((c) => c.key));
    const kept = state.kinds[kind].objects.filter((o) => o.managed && !planned.has(o.key));
    const rows = declared.flatMap((key) => {
      const resourceId = ids[kind].get(key);
      return resourceId === undefined ? [] : [{ kind, key, resourceId }];
    });
    return [...rows, ...kept.map((o) => ({ kind, key: o.key, resourceId: o.id }))];
  });
  // Rows of objects deleted, by apply or by hand, go; new and taken-over objects are added.
  // Unchanged (an apply of the same objects under the same keys): no write at all.
  if (!sameManagedRows(state.stored, managed)) await replaceManagedRows(em, account.id, managed);
  return { after, ids };
}
