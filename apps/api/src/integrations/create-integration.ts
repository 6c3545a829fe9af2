import { channelOf, insertIntegrationAudited, type AuditActor, type Context, type Integration, type SecretBox } from '@vigil/core';
import { splitConfig } from './config-secrets.js';
import { parseCreateBody, validateConfig } from './integration-input.js';
import { assertOwnScope } from './integration-scope.js';

export interface Created {
  integration: Integration;
  /** Secret fields to show in clear in this one answer (a webhook's signing secret). */
  reveal: string[];
  /** The generated-when-omitted secret of the type (a webhook's signing secret), shown once. */
  secret?: string;
}

/**
 * POST /integrations: validates per type, generates the type's generated secret (a webhook's
 * signing secret) when none is given, seals secrets.
 */
export async function createIntegration(ctx: Context, box: SecretBox, actor: AuditActor, body: unknown): Promise<Created> {
  const { accountId } = actor;
  const input = parseCreateBody(body);
  const config = validateConfig(input.type, input.config);
  const generated = channelOf(input.type).generated;
  let shown: string | undefined;
  if (generated) {
    const given = config[generated.field];
    shown = typeof given === 'string' ? given : generated.generate();
    config[generated.field] = shown;
  }
  await assertOwnScope(ctx, accountId, { monitorIds: input.monitor_ids, domainIds: input.domain_ids });
  const { clear, secret } = splitConfig(input.type, config);
  // One statement: the row and its entry (insertIntegrationAudited).
  const integration = await insertIntegrationAudited(ctx.db, actor, {
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
  return { integration, reveal: generated ? [generated.field] : [], secret: shown };
}
