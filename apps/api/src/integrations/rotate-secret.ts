import Joi from 'joi';
import type { EntityManager } from 'typeorm';
import { generateWebhookSecret, integrationOfAccount, lockIntegrationOfAccount, NotFoundError, rotateIntegrationSecretsAudited, SecretBoxError, ValidationError, type AuditActor, type Context, type Integration, type SecretBox } from '@vigil/core';
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
 * Rotations of one integration made by this process, one after the other, and the row the last
 * one wrote while more wait: the next starts from it instead of reading the row again. Without
 * the turns, concurrent rotations of one integration would all read the same secrets and all
 * but one fail their compare-and-set. The line is the account's and the integration's: another
 * account's requests for the same id (each a 404) never queue in front of the owner's rotations.
 */
const turns = new Map<string, { tail: Promise<void>; written?: Integration }>();

export function inRotationTurn<T>(accountId: number, integrationId: number, work: (written: Integration | undefined) => Promise<{ value: T; written: Integration }>): Promise<T> {
  const id = `${accountId}:${integrationId}`;
  const turn = turns.get(id) ?? { tail: Promise.resolve() };
  turns.set(id, turn);
  const mine = turn.tail.then(async () => {
    const { value, written } = await work(turn.written);
    turn.written = written;
    return value;
  });
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  turn.tail = tail;
  // The last in line leaves no turn behind (nor the secrets it wrote).
  void tail.then(() => {
    if (turn.tail === tail) turns.delete(id);
  });
  return mine;
}

/**
 * POST /integrations/{id}/rotate-secret: gives the caller's webhook a new generated signing
 * secret. The old one keeps signing (a second signature) for `overlap_seconds` of the body, so
 * receivers can switch without losing deliveries; 0 ends it at once. A missing or another
 * account's integration is 404, before the body is looked at. Concurrent rotations apply one
 * after the other: each is one statement that writes only if the secrets are still those it
 * read (rotateIntegrationSecretsAudited); when they changed meanwhile (another process, an
 * update), it is made again on the row read locked, as all rotations were before (issue 35).
 * The secret is random (192 bits): it is sealed (AES-GCM) for the webhook signatures, which need
 * it in the clear, and no key derivation runs per request (the box's keys are derived once).
 */
export async function rotateWebhookSecret(
  ctx: Context,
  box: SecretBox,
  actor: AuditActor,
  rawId: string | string[] | undefined,
  body: unknown,
): Promise<{ integration: Integration; secret: string }> {
  const id = parseId(rawId, INTEGRATION_NOT_FOUND);
  const rotate = async (m: EntityManager, current: Integration, overlapSeconds: number) => {
    if (current.type !== 'webhook') throw new ValidationError('Only webhook integrations have a signing secret');
    const secrets = openSecrets(current, box);
    const old = typeof secrets.secret === 'string' ? secrets.secret : null;
    const secret = generateWebhookSecret();
    const overlapping = old !== null && overlapSeconds > 0;
    const saved = await rotateIntegrationSecretsAudited(m, actor, current, {
      secrets: box.sealJson({ ...secrets, secret }),
      previousSecret: overlapping ? box.seal(old) : null,
      previousSecretExpiresAt: overlapping ? new Date(ctx.clock.now().getTime() + overlapSeconds * 1000) : null,
    });
    return saved && { integration: saved, secret };
  };
  return inRotationTurn(actor.accountId, id, async (written) => {
    const current = written?.accountId === actor.accountId ? written : await integrationOfAccount(ctx.db, actor.accountId, id);
    if (!current) throw new NotFoundError(INTEGRATION_NOT_FOUND);
    const overlapSeconds = parseRotateBody(body);
    const rotated =
      (await rotate(ctx.db.manager, current, overlapSeconds)) ??
      (await ctx.db.transaction(async (m) => {
        const locked = await lockIntegrationOfAccount(m, actor.accountId, id);
        if (!locked) throw new NotFoundError(INTEGRATION_NOT_FOUND);
        const again = await rotate(m, locked, overlapSeconds);
        if (!again) throw new Error('rotate-secret: the locked row changed');
        return again;
      }));
    return { value: rotated, written: rotated.integration };
  });
}
