import { HEARTBEAT_EVERY_MS, HEARTBEAT_TTL_MS, classifyOutage, recordHeartbeat, removeHeartbeat, type Context } from '@vigil/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Reports this checker alive in its region every `everyMs` (a key that expires after `ttlMs`
 * unless renewed, see recordHeartbeat), at once and then on a timer. Returns the function that
 * stops it and removes the checker from its region's live count.
 */
export async function startHeartbeat(ctx: Context, everyMs = HEARTBEAT_EVERY_MS, ttlMs = HEARTBEAT_TTL_MS): Promise<() => Promise<void>> {
  const { redis, config } = ctx;
  const instance = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const beat = () =>
    recordHeartbeat(redis, config.redisPrefix, config.region, instance, ctx.clock.now(), ttlMs).catch((e: unknown) =>
      ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'checker heartbeat not recorded', { region: config.region, error: (e as Error).message }),
    );
  await beat();
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await removeHeartbeat(redis, config.redisPrefix, config.region, instance).catch(() => undefined);
  };
}
