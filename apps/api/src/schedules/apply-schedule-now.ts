import {
  applyDeletedDomainSchedules,
  applyDomainSchedulesTogether,
  applyDeletedMonitorSchedulesTogether,
  applyMonitorSchedulesTogether,
  applyScheduleChanges,
  OUTBOX_RELAY_DEFAULTS,
  type Context,
  type ScheduleApplyDeps,
  type ScheduleTarget,
} from '@vigil/core';
import { GroupApply } from './group-apply.js';

/**
 * After the commit of a transaction that wrote schedule changes (writeScheduleChanges): applies
 * the pending changes of `targets` now, so the answer finds Redis as the request left it, as
 * when the API wrote Redis itself. When Redis fails, the change stands, the failure is logged,
 * and the outbox relay (checker, scanner: polling every second) applies it once Redis answers.
 */
export function applyScheduleNow(ctx: Context, targets: readonly ScheduleTarget[]): Promise<void> {
  return applyScheduleChanges(applyDeps(ctx), targets);
}

/** Monitors or domains per grouped apply at most (one transaction, one pipeline). */
const PER_APPLY = 200;

type Deps = ReturnType<typeof applyDeps>;

/**
 * The process's GroupApply of `ctx` for one kind of apply (made on first use): runs `apply` over
 * a group of items, logging a failure (the changes stand and stay pending for the outbox relay,
 * as applyScheduleNow).
 */
function groupOf<I>(
  groups: WeakMap<Context, GroupApply<I>>,
  ctx: Context,
  kind: ScheduleTarget['kind'],
  apply: (deps: Deps, items: I[]) => Promise<unknown>,
  idOf: (item: I) => number | readonly number[],
): GroupApply<I> {
  const known = groups.get(ctx);
  if (known) return known;
  const deps = applyDeps(ctx);
  const group = new GroupApply<I>(async (items) => {
    try {
      await apply(deps, items);
    } catch (e) {
      deps.logger.warn('schedule not updated yet; the outbox relay will apply it', { kind, ids: items.flatMap(idOf), error: (e as Error).message });
    }
  }, PER_APPLY);
  groups.set(ctx, group);
  return group;
}

const monitorApplies = new WeakMap<Context, GroupApply<number>>();

/**
 * applyScheduleNow for one monitor, grouped with the applies of the requests that finish at the
 * same time (issue 35): one transaction and one Redis pipeline for all of them
 * (applyMonitorSchedulesTogether), at most one at a time per process, each request waiting for
 * a run that started after its commit.
 */
export function applyMonitorScheduleNow(ctx: Context, id: number): Promise<void> {
  return groupOf(monitorApplies, ctx, 'monitor', applyMonitorSchedulesTogether, (i) => i).add(id);
}

type Deleted = { id: number; intervals: readonly number[] };

const deletedApplies = new WeakMap<Context, GroupApply<Deleted>>();

/**
 * applyScheduleNow for a monitor the transaction deleted (`intervals`: its changes' intervals),
 * grouped as applyMonitorScheduleNow: the deletes that finish at the same time out of their
 * buckets in one pipeline and their changes dropped in one statement, no transaction
 * (applyDeletedMonitorSchedulesTogether).
 */
export function applyDeletedMonitorNow(ctx: Context, monitor: Deleted): Promise<void> {
  return groupOf(deletedApplies, ctx, 'monitor', applyDeletedMonitorSchedulesTogether, (m) => m.id).add(monitor);
}

const domainApplies = new WeakMap<Context, GroupApply<number>>();

/**
 * applyScheduleNow for one domain, grouped as applyMonitorScheduleNow: one transaction and one
 * MULTI for the domains whose requests finish at the same time (applyDomainSchedulesTogether).
 */
export function applyDomainScheduleNow(ctx: Context, id: number): Promise<void> {
  return groupOf(domainApplies, ctx, 'domain', applyDomainSchedulesTogether, (i) => i).add(id);
}

const deletedDomainApplies = new WeakMap<Context, GroupApply<readonly number[]>>();

/**
 * applyScheduleNow for domains a statement deleted, grouped with the deletes that finish at the
 * same time: out of their buckets in one MULTI, their changes dropped in one statement
 * (applyDeletedDomainSchedules, which logs its own failure).
 */
export function applyDeletedDomainsNow(ctx: Context, ids: readonly number[]): Promise<void> {
  if (!ids.length) return Promise.resolve();
  return groupOf(deletedDomainApplies, ctx, 'domain', (deps, items) => applyDeletedDomainSchedules(deps, items.flat()), (i) => i).add(ids);
}

function applyDeps(ctx: Context): ScheduleApplyDeps & { logger: Context['logger'] } {
  return { db: ctx.db, queues: ctx.queues, logger: ctx.logger, regions: ctx.config.knownRegions, agentRegions: ctx.config.agentRegions, timeoutMs: OUTBOX_RELAY_DEFAULTS.enqueueTimeoutMs };
}
