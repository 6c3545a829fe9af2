import type { Context } from './context.js';

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);
}

/** Whether PostgreSQL and Redis answer; what /readyz reports. */
export async function checkReadiness(ctx: Context): Promise<{ ok: boolean; checks: Record<string, string> }> {
  const [db, redis] = await Promise.allSettled([
    within(2_000, ctx.db.query('SELECT 1')),
    within(2_000, ctx.redis.ping()),
  ]);
  const checks = {
    postgres: db.status === 'fulfilled' ? 'ok' : `failed: ${(db.reason as Error).message}`,
    redis: redis.status === 'fulfilled' ? 'ok' : `failed: ${(redis.reason as Error).message}`,
  };
  return { ok: db.status === 'fulfilled' && redis.status === 'fulfilled', checks };
}
