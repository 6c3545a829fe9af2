import { randomBytes } from 'node:crypto';
import {
  PUSH_MONITOR_TYPES,
  classifyOutage,
  createSecretBox,
  dispatchCursorKey,
  monitoredTiers,
  monitorsOfLocations,
  offerRuns,
  type Context,
  type LocationMonitor,
  type LocationOffer,
} from '@vigil/core';
import { shouldCheck, type MonitorLoader } from '../monitors/load-monitors.js';
import { scheduledRunJobId } from '../monitors/missed-runs.js';
import { createMaintenanceCalendar } from '../monitors/maintenance-calendar.js';
import { OFFER_AHEAD_MS, dispatchFrom, runsBetween } from './location-runs.js';

/** How often the dispatcher looks for due runs of private locations. */
export const DISPATCH_EVERY_MS = 500;
/** How long the monitors of private locations are cached between reads. */
const PLACEMENT_TTL_MS = 5_000;
/** A lease lasts the probe's timeout plus this, then the run is offered again. */
export const LEASE_MARGIN_MS = 5_000;

const lockKey = (p: string) => `${p}:location-dispatch:lock`;

/**
 * Private locations, and public regions served by agents (VIGIL_AGENT_REGIONS), have no checker
 * in the cluster: their agents lease due runs from the API (docs/agents.md). This loop, in every checker (one at a time, under a short Redis lock), offers
 * each due run of every monitor placed at a private location to that location: the run key is
 * `repeat:monitor-<id>:<due ms>`, the due times those of the monitor's buckets in public regions,
 * so a monitor in a public region and a private location makes one round. A run is offered only
 * for a monitor the checker would check (active, not paused, no maintenance window stopping
 * checks); its probe target (credentials included) is kept sealed under VIGIL_SECRET_KEY (the
 * API re-seals it, at lease time, to the key of the agent that leases it). Returns a stop function.
 */
export function startLocationDispatch(ctx: Context, monitors: Pick<MonitorLoader, 'load'>, everyMs = DISPATCH_EVERY_MS): () => Promise<void> {
  const p = ctx.config.redisPrefix;
  const box = createSecretBox(ctx.config.secretKey);
  const maintenance = createMaintenanceCalendar(ctx.db, ctx.clock);
  const token = randomBytes(8).toString('hex');
  let placements: { at: number; rows: LocationMonitor[] } | null = null;

  const placed = async (nowMs: number) => {
    if (!placements || nowMs - placements.at >= PLACEMENT_TTL_MS) {
      placements = { at: nowMs, rows: await monitorsOfLocations(ctx.db, monitoredTiers(ctx.config.tiers), PUSH_MONITOR_TYPES, ctx.config.agentRegions) };
    }
    return placements.rows;
  };

  const offersOf = async (rows: LocationMonitor[], fromMs: number, untilMs: number): Promise<LocationOffer[]> => {
    // Loaded together: the loader batches the reads of one tick into one query.
    const offers = await Promise.all(
      runsBetween(rows, fromMs, untilMs).map(async (run): Promise<LocationOffer | null> => {
        const monitor = await monitors.load(run.monitorId);
        if (!monitor || !shouldCheck(monitor, false) || (await maintenance.stopsChecks(monitor))) return null;
        return {
          monitorId: run.monitorId,
          runKey: scheduledRunJobId(run.monitorId, run.dueMs),
          dueMs: run.dueMs,
          leaseMs: monitor.target.timeoutSeconds * 1000 + LEASE_MARGIN_MS,
          sealed: box.sealJson(monitor.target),
        };
      }),
    );
    return offers.filter((o): o is LocationOffer => o !== null);
  };

  const dispatch = async () => {
    if ((await ctx.redis.set(lockKey(p), token, 'PX', 10_000, 'NX')) !== 'OK') return;
    try {
      const nowMs = ctx.clock.now().getTime();
      const untilMs = nowMs + OFFER_AHEAD_MS;
      const byLocation = new Map<number, LocationMonitor[]>();
      for (const row of await placed(nowMs)) byLocation.set(row.locationId, [...(byLocation.get(row.locationId) ?? []), row]);
      for (const [locationId, rows] of byLocation) {
        const cursor = await ctx.redis.get(dispatchCursorKey(p, locationId));
        const offers = await offersOf(rows, dispatchFrom(cursor === null ? null : Number(cursor), nowMs), untilMs);
        if (offers.length) await offerRuns(ctx.redis, p, locationId, offers, nowMs);
        await ctx.redis.set(dispatchCursorKey(p, locationId), String(untilMs));
      }
    } finally {
      if ((await ctx.redis.get(lockKey(p))) === token) await ctx.redis.del(lockKey(p));
    }
  };

  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= dispatch()
      .catch((e: unknown) => {
        ctx.logger.log(classifyOutage(e) ? 'debug' : 'warn', 'private location runs not offered', { error: (e as Error).message });
      })
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
