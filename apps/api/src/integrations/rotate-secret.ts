import Joi from 'joi';
import { generateWebhookSecret, lockIntegration, NotFoundError, SecretBoxError, updateAudited, ValidationError, type AuditActor, type Context, type Integration, type SecretBox } from '@vigil/core';
import { annotated } from '../http/joi-schema.js';
import { validate } from '../http/validate.js';
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
 * Gives a webhook a new generated signing secret. The old one keeps signing (a second
 * signature) for `overlapSeconds`, so receivers can switch without losing deliveries; 0 ends
 * it at once. The row is locked, so concurrent rotations apply one after the other.
 */
export async function rotateWebhookSecret(
  ctx: Context,
  box: SecretBox,
  actor: AuditActor,
  integrationId: number,
  overlapSeconds: number,
): Promise<{ integration: Integration; secret: string }> {
  return ctx.db.transaction(async (m) => {
    const current = await lockIntegration(m, integrationId);
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
