import { ValidationError, type Context, type EscalationStep } from '@vigil/core';
import { missingIds } from '../integrations/integration-scope.js';

/** Escalation steps may only name the account's own integrations (400 otherwise, like integration scopes). */
export async function assertOwnEscalation(ctx: Context, accountId: number, steps: EscalationStep[] | undefined): Promise<void> {
  const ids = [...new Set((steps ?? []).flatMap((s) => s.integration_ids))];
  const missing = await missingIds(ctx, 'integrations', accountId, ids);
  if (missing.length) throw new ValidationError(`Invalid escalation: no such integration: ${missing.join(', ')}`);
}
