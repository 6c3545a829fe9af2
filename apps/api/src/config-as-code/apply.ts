import { configApplyLocksRead, ConflictError, mapRead, recordAudit, type Account, type AuditActor, type AuditChange, type Context } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { loadAccountState } from './account-state.js';
import { parseDocument, type ParsedDocument } from './document.js';
import { executePlan } from './execute-plan.js';
import type { AfterCommit } from './kinds/index.js';
import { computePlan, type Plan } from './plan.js';

export const APPLY_IN_PROGRESS = 'Another apply of this account is in progress';
export const ACCOUNT_CHANGED = 'The account changed since the plan: plan again';

export interface ApplyOptions {
  prune: boolean;
  /** The plan's fingerprint: refuse (409) when the account no longer matches it. */
  fingerprint?: string;
}

/** After-commit steps run a few at a time (monitors' are one step per batch; a domain's and a status page's one each). */
const AFTER_COMMIT_CONCURRENCY = 8;

async function runAfterCommit(steps: AfterCommit[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < steps.length) await steps[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(AFTER_COMMIT_CONCURRENCY, steps.length) }, worker));
}

/**
 * Everything an apply does in its transaction; when it returns, the transaction commits. One
 * apply per account at a time (the second gets 409 at once), and the account's creates by hand
 * of counted kinds wait for it (their limit locks), so the limits hold for the end state.
 * Each change is recorded in the audit log (action `apply`) in the same transaction.
 */
async function applyInTransaction(ctx: Context, em: EntityManager, actor: AuditActor, account: Account, doc: ParsedDocument, opts: ApplyOptions): Promise<{ plan: Plan; after: AfterCommit[] }> {
  // The apply's lock and, once it is taken, the four limit locks: one statement, sent with the
  // reads of the account's state (they run after it, under the locks).
  const locks = configApplyLocksRead(account.id, ['monitors', 'domains', 'status_pages', 'maintenance_windows']);
  const state = await loadAccountState(
    ctx,
    em,
    account.id,
    mapRead(locks, (locked) => {
      if (!locked) throw new ConflictError(APPLY_IN_PROGRESS);
    }),
  );
  if (opts.fingerprint !== undefined && opts.fingerprint !== state.fingerprint) throw new ConflictError(ACCOUNT_CHANGED, { fingerprint: state.fingerprint });
  const plan = await computePlan(ctx, account, doc, state, opts.prune);
  const { after, ids } = await executePlan(ctx, em, account, plan, state);
  const entries: AuditChange[] = plan.changes.flatMap((c) => {
    if (c.action === 'unchanged') return [];
    const id = c.current?.id ?? ids[c.kind].get(c.key) ?? c.key;
    return [{ resource: c.kind, id, action: 'apply' as const, before: c.current?.spec ?? null, after: c.action === 'delete' ? null : c.desired }];
  });
  await recordAudit(em, actor, entries);
  return { plan, after };
}

/**
 * POST /config/apply: the plan's changes in one transaction, or none (any error rolls all
 * back). Schedule changes are written to the schedule outbox in it; Redis side effects
 * (schedules applied, first checks, status caches) only after the commit; when Redis fails
 * there, the outbox relay applies the schedules once it answers.
 */
export async function applyDocument(ctx: Context, actor: AuditActor, account: Account, body: unknown, opts: ApplyOptions): Promise<Plan> {
  const doc = parseDocument(body);
  const { plan, after } = await ctx.db.transaction((em) => applyInTransaction(ctx, em, actor, account, doc, opts));
  await runAfterCommit(after);
  return plan;
}

/** POST /config/plan: what apply would change now, changing nothing. */
export async function planDocument(ctx: Context, account: Account, body: unknown, prune: boolean): Promise<Plan> {
  const doc = parseDocument(body);
  return computePlan(ctx, account, doc, await loadAccountState(ctx, ctx.db.manager, account.id), prune);
}
