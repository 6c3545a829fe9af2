import { Integration, recordAudit, type AuditActor, type Context, type SecretBox } from '@vigil/core';
import { generateWebhookSecret, splitConfig } from './config-secrets.js';
import { parseCreateBody, validateConfig } from './integration-input.js';
import { assertOwnScope } from './integration-scope.js';

export interface Created {
  integration: Integration;
  /** Secret fields to show in clear in this one answer (a webhook's signing secret). */
  reveal: string[];
  /** The webhook signing secret, shown once. */
  secret?: string;
}

/** POST /integrations: validates per type, generates a webhook secret when none is given, seals secrets. */
export async function createIntegration(ctx: Context, box: SecretBox, actor: AuditActor, body: unknown): Promise<Created> {
  const { accountId } = actor;
  const input = parseCreateBody(body);
  const config = validateConfig(input.type, input.config);
  let reveal: string[] = [];
  if (input.type === 'webhook') {
    config.secret ??= generateWebhookSecret();
    reveal = ['secret'];
  }
  await assertOwnScope(ctx, accountId, { monitorIds: input.monitor_ids, domainIds: input.domain_ids });
  const { clear, secret } = splitConfig(input.type, config);
  const integration = await ctx.db.transaction(async (m) => {
    const saved = await m.getRepository(Integration).save({
    accountId,
    type: input.type,
    name: input.name,
    config: clear,
    secrets: Object.keys(secret).length ? box.sealJson(secret) : null,
    events: input.events ?? [],
    monitorIds: input.monitor_ids ?? [],
    domainIds: input.domain_ids ?? [],
    isActive: input.is_active ?? true,
    });
    await recordAudit(m, actor, [{ resource: 'integration', id: saved.id, action: 'create', after: saved }]);
    return saved;
  });
  return { integration, reveal, secret: input.type === 'webhook' ? String(config.secret) : undefined };
}
