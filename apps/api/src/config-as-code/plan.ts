import { ForbiddenError, type Account, type Context } from '@vigil/core';
import { tierLimitError } from '../http/tier-limit.js';
import { MAX_WINDOWS_PER_ACCOUNT } from '../maintenance/maintenance-windows.js';
import { keyedSpec, type AccountState, type KeyedObject } from './account-state.js';
import { sameJson } from './canonical-json.js';
import { documentError, KINDS, LIST_OF, type Kind, type ParsedDocument, type Spec } from './document.js';
import { atEntry } from './error-path.js';
import { KIND_ADAPTERS } from './kinds/index.js';
import { yieldEvery } from './yield-to-loop.js';

export type Action = 'create' | 'update' | 'delete' | 'unchanged';
export type FieldDiff = Record<string, { before?: unknown; after?: unknown }>;

/** One object's change, with what apply needs (the spec with references by key, the object changed). */
export interface PlannedChange {
  action: Action;
  kind: Kind;
  key: string;
  /** Where the entry is in the document (none for a delete). */
  path: string | null;
  /** Field by field, secrets masked. */
  diff: FieldDiff;
  desired: Spec | null;
  current: KeyedObject | null;
}

export interface Plan {
  changes: PlannedChange[];
  fingerprint: string;
}

const LABEL: Record<Kind, string> = { domain: 'domain', monitor: 'monitor', integration: 'integration', maintenance_window: 'maintenance window', status_page: 'status page' };

/**
 * The keys a reference may name, per kind: the document's entries and the objects that stay
 * (all the account's, but the managed ones prune deletes). A reference is checked by the
 * resource's own rules with a stand-in id: the key's position here, plus one.
 */
function referable(doc: ParsedDocument, state: AccountState, prune: boolean): Record<Kind, string[]> {
  const out = {} as Record<Kind, string[]>;
  for (const kind of KINDS) {
    const declared = new Set(doc[kind].map((e) => e.key));
    const staying = state.kinds[kind].objects.filter((o) => !(prune && o.managed && !declared.has(o.key))).map((o) => o.key);
    out[kind] = [...new Set([...declared, ...staying])];
  }
  return out;
}

/** Whether two field values read the same (the same value, or equal JSON with keys in any order). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || sameJson(a, b);
}

function fieldDiff(kind: Kind, before: Spec | null, after: Spec | null): FieldDiff {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changed = before && after ? [...fields].filter((field) => !sameValue(before[field], after[field])) : [...fields];
  const diff: FieldDiff = {};
  // Masked only when something differs (an unchanged entry, most of a plan, shows nothing).
  if (!changed.length) return diff;
  const mask = KIND_ADAPTERS[kind].masked;
  const b = before ? mask(before) : {};
  const a = after ? mask(after) : {};
  for (const field of changed) diff[field] = { ...(before ? { before: b[field] ?? null } : {}), ...(after ? { after: a[field] ?? null } : {}) };
  return diff;
}

/**
 * What applying the document would change, checked entry by entry with the resource endpoints'
 * rules and messages (the first error, at its document path), and against the plan's limits
 * on the end state. Deletes only with `prune`, and only of managed objects.
 */
export async function computePlan(ctx: Context, account: Account, doc: ParsedDocument, state: AccountState, prune: boolean): Promise<Plan> {
  const refs = referable(doc, state, prune);
  const standIn = Object.fromEntries(KINDS.map((k) => [k, new Map(refs[k].map((key, i) => [key, i + 1]))])) as Record<Kind, Map<string, number>>;
  const changes: PlannedChange[] = [];
  for (const kind of KINDS) {
    const adapter = KIND_ADAPTERS[kind];
    for (const [i, entry] of doc[kind].entries()) {
      await yieldEvery(i);
      const fields = adapter.mapRefs(entry.fields, (refKind, ref, field) => {
        const id = typeof ref === 'string' ? standIn[refKind].get(ref) : undefined;
        if (id === undefined) throw documentError(`Invalid ${field}: no such ${LABEL[refKind]}: ${String(ref)} (name ${LIST_OF[refKind]} by their key)`, `${entry.path}.${field}`);
        return id;
      });
      const current = state.kinds[kind].byKey.get(entry.key) ?? null;
      const spec = await atEntry(entry.path, adapter.schema, fields, () => adapter.desired(ctx, account, fields, current ?? undefined));
      const desired = adapter.mapRefs(spec, (refKind, id) => refs[refKind][Number(id) - 1]);
      const diff = fieldDiff(kind, current ? keyedSpec(state, kind, current.spec) : null, desired);
      const action: Action = !current ? 'create' : Object.keys(diff).length ? 'update' : 'unchanged';
      changes.push({ action, kind, key: entry.key, path: entry.path, diff, desired, current });
    }
    if (prune) {
      const declared = new Set(doc[kind].map((e) => e.key));
      for (const o of state.kinds[kind].objects.filter((x) => x.managed && !declared.has(x.key))) {
        changes.push({ action: 'delete', kind, key: o.key, path: null, diff: fieldDiff(kind, keyedSpec(state, kind, o.spec), null), desired: null, current: o });
      }
    }
  }
  assertEndStateLimits(ctx, account, state, changes);
  return { changes, fingerprint: state.fingerprint };
}

/** The plan's limits hold for what the account has once every change is made (not step by step). */
function assertEndStateLimits(ctx: Context, account: Account, state: AccountState, changes: PlannedChange[]): void {
  const tier = ctx.config.tiers[account.tier];
  const count = (kind: Kind) =>
    state.kinds[kind].objects.length + changes.filter((c) => c.kind === kind && c.action === 'create').length - changes.filter((c) => c.kind === kind && c.action === 'delete').length;
  const limits: [Kind, number | null, string][] = [
    ['monitor', tier.monitors, 'Monitor limit reached'],
    ['domain', tier.domains, 'Domain limit reached'],
    ['status_page', tier.statusPages, 'Status page limit reached'],
  ];
  for (const [kind, limit, message] of limits) {
    const n = count(kind);
    if (limit !== null && n > limit) throw tierLimitError(message, { tier: account.tier, limit, current: n, baseUrl: ctx.config.baseUrl });
  }
  const windows = count('maintenance_window');
  if (windows > MAX_WINDOWS_PER_ACCOUNT) {
    throw new ForbiddenError('Maintenance window limit reached', { limit: MAX_WINDOWS_PER_ACCOUNT, current: windows, remaining: 0 });
  }
}

/** The answer's view of a plan. */
export function planView(plan: Plan) {
  const summary = { create: 0, update: 0, delete: 0, unchanged: 0 };
  for (const c of plan.changes) summary[c.action] += 1;
  return {
    changes: plan.changes.map((c) => ({ action: c.action, kind: c.kind, key: c.key, diff: c.diff })),
    summary,
    fingerprint: plan.fingerprint,
  };
}
