import type { Context } from './context.js';
import { withTimeout } from '../time/with-timeout.js';

/** Whether PostgreSQL and Redis answer; what /readyz reports. */
export async function checkReadiness(ctx: Context): Promise<{ ok: boolean; checks: Record<string, string> }> {
  const [db, redis] = await Promise.allSettled([
    withTimeout(ctx.db.query('SELECT 1'), 2_000),
    withTimeout(ctx.redis.ping(), 2_000),
  ]);
  const checks = {
    postgres: db.status === 'fulfilled' ? 'ok' : `failed: ${(db.reason as Error).message}`,
    redis: redis.status === 'fulfilled' ? 'ok' : `failed: ${(redis.reason as Error).message}`,
  };
  return { ok: db.status === 'fulfilled' && redis.status === 'fulfilled', checks };
}
