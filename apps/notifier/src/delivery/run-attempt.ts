import {
  attemptRow,
  finishAttempt,
  integrationById,
  loadDelivery,
  SecretBoxError,
  successfulAttempt,
  type AlertDelivery,
  type Context,
  type DeliveryOutcome,
  type Integration,
  type SecretBox,
  type StoredTarget,
} from '@vigil/core';
import type { Channels } from '../channels/index.js';
import { shouldRetry } from './retry-policy.js';

export interface AttemptResult {
  /** The attempt's row as recorded. */
  row: AlertDelivery;
  /** Another attempt should follow. */
  retry: boolean;
  /** The receiver's Retry-After for that attempt, in ms. */
  retryAfterMs?: number;
}

export interface AttemptDeps {
  channels: Channels;
  box: SecretBox;
}

function failure(error: string): DeliveryOutcome {
  return { ok: false, responseCode: null, error, retryable: false, durationMs: 0 };
}

/** The integration with its secrets opened, as channels take it; a previous secret only while its overlap lasts. */
export function channelTarget(integration: Integration, box: SecretBox, now: Date): StoredTarget {
  const secrets = integration.secrets ? box.openJson<Record<string, unknown>>(integration.secrets) : {};
  const until = integration.previousSecretExpiresAt?.getTime() ?? 0;
  const previous = integration.previousSecret !== null && until > now.getTime() ? box.open(integration.previousSecret) : null;
  return {
    id: integration.id,
    name: integration.name,
    config: { ...integration.config, ...secrets },
    ...(previous === null ? {} : { previousSecret: previous }),
  };
}

/** Sends one attempt through the integration's current channel; every failure becomes an outcome. */
async function sendAttempt(
  ctx: Context,
  deps: AttemptDeps,
  first: AlertDelivery,
): Promise<{ outcome: DeliveryOutcome; channelType: string }> {
  const integration = first.integrationId === null ? null : await integrationById(ctx.db, first.integrationId);
  if (!integration) return { outcome: failure('Integration was deleted'), channelType: first.integrationType };
  let target: StoredTarget;
  try {
    target = channelTarget(integration, deps.box, ctx.clock.now());
  } catch (e) {
    if (!(e instanceof SecretBoxError)) throw e;
    ctx.logger.error('integration secrets do not open', { integrationId: integration.id, error: e.message });
    return { outcome: failure('Integration secrets cannot be decrypted (was VIGIL_SECRET_KEY changed?)'), channelType: integration.type };
  }
  const sender = deps.channels.get(integration.type);
  if (!sender) return { outcome: failure(`Integration type ${integration.type} is no longer supported`), channelType: integration.type };
  try {
    return { outcome: await sender.send(target, { deliveryId: first.id, envelope: first.payload }), channelType: integration.type };
  } catch (e) {
    // Channels report failures as outcomes; anything thrown is unexpected, and may pass.
    ctx.logger.error('alert channel threw', { deliveryId: first.id, type: integration.type, error: (e as Error).message });
    return { outcome: { ok: false, responseCode: null, error: (e as Error).message, retryable: true, durationMs: 0 }, channelType: integration.type };
  }
}

/** Runs an attempt in one of its account's sending slots (or defers it while they are all taken). */
export type AccountSlot = (accountId: number, attempt: () => Promise<AttemptResult>) => Promise<AttemptResult>;

/**
 * Attempt number `attempt` (1-based, of `maxAttempts`) of a delivery: records a row for it,
 * sends through the integration's channel and records the outcome. Never sends a delivery
 * that has already succeeded, unless the attempt is a redelivery the user asked for.
 * Returns null when the delivery no longer exists.
 */
export async function runDeliveryAttempt(
  ctx: Context,
  deps: AttemptDeps,
  deliveryId: number,
  attempt: number,
  maxAttempts: number,
  opts: { redelivery: boolean; slot?: AccountSlot } = { redelivery: false },
): Promise<AttemptResult | null> {
  const first = await loadDelivery(ctx.db, deliveryId);
  if (!first) {
    ctx.logger.warn('alert delivery not found', { deliveryId });
    return null;
  }
  const done = opts.redelivery ? null : await successfulAttempt(ctx.db, deliveryId);
  if (done) return { row: done, retry: false };

  const attemptNow = async (): Promise<AttemptResult> => {
    const row = await attemptRow(ctx.db, first, attempt, ctx.clock.now());
    if (row.status !== 'pending') return { row, retry: row.willRetry };
    return sendAndRecord(ctx, deps, first, row, attempt, maxAttempts);
  };
  return opts.slot ? opts.slot(first.accountId, attemptNow) : attemptNow();
}

/** Sends one pending attempt and records its outcome. */
async function sendAndRecord(ctx: Context, deps: AttemptDeps, first: AlertDelivery, row: AlertDelivery, attempt: number, maxAttempts: number): Promise<AttemptResult> {
  const deliveryId = first.id;
  const { outcome: result, channelType } = await sendAttempt(ctx, deps, first);
  const retry = shouldRetry(result, attempt, maxAttempts);
  const finished = await finishAttempt(ctx.db, row, result, { willRetry: retry, at: ctx.clock.now(), channelType });
  ctx.logger.info('alert delivery attempt', {
    deliveryId,
    integrationId: first.integrationId,
    event: first.event,
    attempt,
    status: finished.status,
    responseCode: finished.responseCode,
    error: finished.error,
    retry,
  });
  return { row: finished, retry, ...(result.retryAfterMs === undefined ? {} : { retryAfterMs: result.retryAfterMs }) };
}
