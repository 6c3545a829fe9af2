import type { Dependency } from '../errors/dependency-unavailable-error.js';
import type { Context } from './context.js';

export interface Readiness {
  ok: boolean;
  /** `ok`, or `failed: <reason>` (the reason names no address). */
  checks: Record<Dependency, string>;
}

/** Whether PostgreSQL and Redis answer now (a fresh probe of each); what /readyz reports. */
export async function checkReadiness(ctx: Pick<Context, 'dependencies'>): Promise<Readiness> {
  const states = await ctx.dependencies.check();
  const names = Object.keys(states) as Dependency[];
  const checks = Object.fromEntries(names.map((d) => [d, states[d].up ? 'ok' : `failed: ${states[d].reason}`])) as Record<Dependency, string>;
  return { ok: names.every((d) => states[d].up), checks };
}
