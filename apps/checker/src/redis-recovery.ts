import { randomBytes } from 'node:crypto';
import { withTimeout, type Context } from '@vigil/core';

/** How often the checker looks for a Redis that lost its data without dropping the connection (FLUSHALL). */
export const REDIS_WATCH_MS = 2_000;

/**
 * Calls `recover` soon after Redis comes back from a loss: when the connection is ready again
 * after it closed (a restart, empty or not, or a network cut), and when a marker key this
 * watcher keeps has vanished (the data was lost under a live connection: FLUSHALL, a failover
 * to an empty replica). A recovery that fails is tried again on the next tick. Returns the
 * function that stops watching: it waits for a recovery in progress, so nothing of it (a queue
 * opened on a connection being closed) outlives the app; at most `stopWaitMs`
 * (VIGIL_SHUTDOWN_TIMEOUT_MS), so a call that never settles cannot hold a shutdown.
 */
export async function watchRedisRecovery(
  ctx: Context,
  recover: (reason: string) => Promise<void>,
  everyMs = REDIS_WATCH_MS,
  stopWaitMs = ctx.config.shutdownTimeoutMs,
): Promise<() => Promise<void>> {
  const key = `${ctx.config.redisPrefix}:data-marker`;
  const marker = randomBytes(8).toString('hex');
  await ctx.redis.set(key, marker, 'NX');
  let disconnected = false;
  let pending: string | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const attempt = async () => {
    try {
      if ((await ctx.redis.set(key, marker, 'NX')) === 'OK') pending ??= 'Redis lost its data';
      if (pending && !stopped) {
        await recover(pending);
        pending = null;
      }
    } catch (e) {
      ctx.logger.debug('Redis recovery not run yet', { error: (e as Error).message });
    }
  };
  const tick = () => {
    if (stopped) return;
    running ??= attempt().finally(() => {
      running = null;
    });
  };
  const onClose = () => {
    disconnected = true;
  };
  const onReady = () => {
    if (!disconnected) return;
    disconnected = false;
    pending ??= 'Redis connection restored';
    tick();
  };
  ctx.redis.on('close', onClose);
  ctx.redis.on('ready', onReady);
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    ctx.redis.off('close', onClose);
    ctx.redis.off('ready', onReady);
    if (running) await withTimeout(running, stopWaitMs).catch(() => ctx.logger.warn('Redis recovery still running at shutdown; not waited for', { waitedMs: stopWaitMs }));
  };
}
