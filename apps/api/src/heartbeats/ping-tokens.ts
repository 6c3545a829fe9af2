import { generatePingToken, hashPingToken, heartbeatTokenReplacement, pooledRandomBytes, recordAuditAlong, ValidationError, type AuditActor, type Context, type SecretBox } from '@vigil/core';
import type { EntityManager } from 'typeorm';

/** The ping URL of a token. */
export function pingUrl(ctx: Context, token: string): string {
  return `${ctx.config.baseUrl.replace(/\/+$/, '')}/ping/${token}`;
}

/**
 * Gives a heartbeat monitor a new ping token, replacing the old one at once (pings with it answer
 * 404 from now on), and returns the new token; 400 when the monitor is not a heartbeat monitor.
 * In the caller's transaction (the monitor's row locked); the replacement and its audit entry in
 * one statement (the entry rolls back with the transaction when there is no heartbeat row). The
 * old token is not read back (it is sealed): the entry tells that a new one was set.
 */
export async function rotatePingToken(em: EntityManager, box: SecretBox, actor: AuditActor, monitorId: number): Promise<string> {
  const token = generatePingToken();
  const replaced = await recordAuditAlong(em, actor, [{ resource: 'monitor', id: monitorId, action: 'rotate', after: { ping_token: token } }], [], heartbeatTokenReplacement(monitorId, hashPingToken(token), box.seal(token)));
  if (!replaced.length) throw new ValidationError('Monitor is not a heartbeat monitor: it has no ping URL');
  return token;
}

/**
 * The ping-token stamp: a random value in Redis (under the prefix, in its slot) that changes
 * whenever a ping token stops naming its monitor (rotated, or its heartbeat monitor deleted).
 * API processes keep token -> monitor lookups with the stamp read before the lookup and compare
 * it in every turn's limit call (PingIntake), so a change takes effect on the next ping in every
 * process. An absent stamp is created (a Redis that lost its data invalidates every kept token).
 */
export function pingTokenStampKey(config: Pick<Context['config'], 'redisPrefix' | 'redis'>): string {
  return `${config.redisPrefix}${pingsHashTag(config)}:ping-tokens:stamp`;
}

/**
 * On a Redis Cluster the keys of one script must share a slot: the stamp and every token's
 * window, all in a turn's one call (PingAdmissions), then hash on one tag. On one node (or
 * Sentinel) the keys keep the layout of the per-token limiter they replaced, so a running
 * window's count carries over.
 */
export function pingsHashTag(config: Pick<Context['config'], 'redis'>): string {
  return config.redis.mode === 'cluster' ? ':{pings}' : '';
}

export function newPingTokenStamp(): string {
  return pooledRandomBytes(9).toString('base64url');
}

/** After the commit that rotated a token or deleted a heartbeat monitor, before its answer. */
export async function bumpPingTokenStamp(ctx: Pick<Context, 'redis' | 'config'>): Promise<void> {
  await ctx.redis.set(pingTokenStampKey(ctx.config), newPingTokenStamp());
}
