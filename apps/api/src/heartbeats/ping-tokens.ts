import { generatePingToken, hashPingToken, heartbeatTokenReplacement, pooledRandomBytes, ValidationError, writeAudited, type AuditActor, type Context, type SecretBox } from '@vigil/core';
import { parseId } from '../http/validate.js';
import { findOwnMonitor, MONITOR_NOT_FOUND } from '../monitors/find-own-monitor.js';

/** The ping URL of a token. */
export function pingUrl(ctx: Context, token: string): string {
  return `${ctx.config.baseUrl.replace(/\/+$/, '')}/ping/${token}`;
}

/**
 * Gives the caller's heartbeat monitor a new ping token, replacing the old one at once (pings
 * with it answer 404 from now on), and returns the new token: the replacement, its owner check
 * and its audit entry in ONE statement (issue 35: was a transaction locking the monitor's row
 * first). Nothing replaced: 404 Monitor not found when the monitor is not the caller's, else 400
 * (not a heartbeat monitor). The old token is not read back (it is sealed): the entry tells that
 * a new one was set.
 */
export async function rotatePingToken(ctx: Context, box: SecretBox, actor: AuditActor, rawId: string | string[] | undefined): Promise<string> {
  const id = parseId(rawId, MONITOR_NOT_FOUND);
  const token = generatePingToken();
  const change = { resource: 'monitor', id, action: 'rotate' as const, after: { ping_token: token } };
  const replaced = await writeAudited(ctx.db.manager, actor, change, heartbeatTokenReplacement(id, actor.accountId, hashPingToken(token), box.seal(token)));
  if (!replaced.length) {
    await findOwnMonitor(ctx.db, actor.accountId, rawId);
    throw new ValidationError('Monitor is not a heartbeat monitor: it has no ping URL');
  }
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
