/** A plan as the API answers it (POST /api/v1/config/plan and /apply). */
export interface PlanAnswer {
  changes: { action: 'create' | 'update' | 'delete' | 'unchanged'; kind: string; key: string; diff: Record<string, { before?: unknown; after?: unknown }> }[];
  summary: { create: number; update: number; delete: number; unchanged: number };
  fingerprint: string;
}

const SIGN = { create: '+', update: '~', delete: '-', unchanged: ' ' } as const;
const show = (v: unknown) => JSON.stringify(v ?? null);

/**
 * A plan for people (like `terraform plan`): one block per changed object, `+` create, `~`
 * update with each field's before -> after, `-` delete; unchanged objects counted only.
 */
export function renderPlan(plan: PlanAnswer): string {
  const lines: string[] = [];
  for (const c of plan.changes) {
    if (c.action === 'unchanged') continue;
    lines.push(`${SIGN[c.action]} ${c.kind} ${c.key}`);
    for (const [field, d] of Object.entries(c.diff)) {
      if (c.action === 'update') lines.push(`    ${field}: ${show(d.before)} -> ${show(d.after)}`);
      else lines.push(`    ${field}: ${show(c.action === 'create' ? d.after : d.before)}`);
    }
  }
  const { create, update, delete: remove, unchanged } = plan.summary;
  lines.push(create + update + remove === 0 ? `No changes. ${unchanged} unchanged.` : `Plan: ${create} to create, ${update} to update, ${remove} to delete, ${unchanged} unchanged.`);
  return lines.join('\n');
}

export const hasChanges = (plan: PlanAnswer): boolean => plan.summary.create + plan.summary.update + plan.summary.delete > 0;
