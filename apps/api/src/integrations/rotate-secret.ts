import Joi from 'joi';
import { generateWebhookSecret, lockIntegrationOfAccount, NotFoundError, SecretBoxError, updateAudited, ValidationError, type AuditActor, type Context, type Integration, type SecretBox } from '@vigil/core';
import { annotated } from '../http/joi-schema.js';
import { parseId, validate } from '../http/validate.js';
import { INTEGRATION_NOT_FOUND } from './find-own-integration.js';

/** How long the previous secret keeps signing after a rotation, unless the request says otherwise. */
export const DEFAULT_OVERLAP_SECONDS = 86_400;
export const MAX_OVERLAP_SECONDS = 7 * 86_400;

export const rotateSecretBody = Joi.object<{ overlap_seconds?: number }>({
  overlap_seconds: annotated(
    Joi.number()
      .integer()
      .min(0)
      .max(MAX_OVERLAP_SECONDS)
      .messages({ '*': `Invalid overlap_seconds: must be an integer from 0 to ${MAX_OVERLAP_SECONDS}` })
      .description('How long the previous secret keeps signing (a second signature); 0 ends it at once'),
    { default: DEFAULT_OVERLAP_SECONDS },
  ),
}).example({ overlap_seconds: 3600 });

export function parseRotateBody(body: unknown): number {
  return validate(rotateSecretBody, body).overlap_seconds ?? DEFAULT_OVERLAP_SECONDS;
}

/** The current secrets of an integration, or {} when they no longer open (VIGIL_SECRET_KEY changed). */
function openSecrets(integration: Integration, box: SecretBox): Record<string, unknown> {
  try {
    return integration.secrets ? box.openJson<Record<string, unknown>>(integration.secrets) : {};
  } catch (e) {
    if (e instanceof SecretBoxError) return {};
    throw e;
  }
}

/**
 * POST /integrations/{id}/rotate-secret: gives the caller's webhook a new generated signing
 * secret. The old one keeps signing (a second signature) for `overlap_seconds` of the body, so
 * receivers can switch without losing deliveries; 0 ends it at once. The row is read locked (a
 * missing or another account's: 404, before the body is looked at), so concurrent rotations
 * apply one after the other.
 */
export async function rotateWebhookSecret(
  ctx: Context,
  box: SecretBox,
  actor: AuditActor,
  rawId: string | string[] | undefined,
  body: unknown,
): Promise<{ integration: Integration; secret: string }> {
  const id = parseId(rawId, INTEGRATION_NOT_FOUND);
  return ctx.db.transaction(async (m) => {
    const current = await lockIntegrationOfAccount(m, actor.accountId, id);
    if (!current) throw new NotFoundError(INTEGRATION_NOT_FOUND);
    const overlapSeconds = parseRotateBody(body);
    if (current.type !== 'webhook') throw new ValidationError('Only webhook integrations have a signing secret');
    const secrets = openSecrets(current, box);
    const old = typeof secrets.secret === 'string' ? secrets.secret : null;
    const secret = generateWebhookSecret();
    const overlapping = old !== null && overlapSeconds > 0;
    // The changed columns and the entry in one statement, in the transaction that locked the row.
    const saved = await updateAudited(
      m,
      actor,
      current,
      {
        secrets: box.sealJson({ ...secrets, secret }),
        previousSecret: overlapping ? box.seal(old) : null,
        previousSecretExpiresAt: overlapping ? new Date(ctx.clock.now().getTime() + overlapSeconds * 1000) : null,
      },
      { resource: 'integration', action: 'rotate' },
    );
    if (!saved) throw new NotFoundError(INTEGRATION_NOT_FOUND);
    return { integration: saved, secret };
  });
}
