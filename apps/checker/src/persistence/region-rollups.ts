import { addRegionHours, type RegionHourSums, type WriterMonitorRows } from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { regionOf, type CheckRecord } from './check-record.js';
import { rollupDeltas } from './rollup-deltas.js';

/**
 * Pure: the per-(monitor, region, UTC hour) sums of the checks inserted, for monitors in more
 * than one region only (a monitor in one region answers its region's figures from its own
 * rollups), summed as the monitor rollups are (rollupDeltas), ordered by monitor, region and
 * hour (so concurrent upserts take row locks in one order).
 */
export function regionHourDeltas(inserted: readonly CheckRecord[], monitors: WriterMonitorRows): RegionHourSums[] {
  const byRegion = new Map<string, CheckRecord[]>();
  for (const r of inserted) {
    if ((monitors.get(r.monitorId)?.regions.length ?? 0) <= 1) continue;
    const list = byRegion.get(regionOf(r)) ?? [];
    list.push(r);
    byRegion.set(regionOf(r), list);
  }
  const deltas = [...byRegion].flatMap(([region, records]) =>
    rollupDeltas(records.map((r) => ({ monitorId: r.monitorId, checkedAt: new Date(r.result.timestamp), status: r.result.status, responseTimeMs: r.result.response_time_ms, timings: null }))).map(
      (d): RegionHourSums => ({ monitorId: d.monitorId, region, hour: d.hour, total: d.total, successful: d.successful, responseTimeSum: d.responseTimeSum, responseTimeCount: d.responseTimeCount }),
    ),
  );
  return deltas.sort((a, b) => a.monitorId - b.monitorId || (a.region < b.region ? -1 : a.region > b.region ? 1 : 0) || a.hour.getTime() - b.hour.getTime());
}

/**
 * Adds a batch's inserted checks of multi-region monitors to their per-region hours, in one
 * upsert (nothing for a batch without such checks). After the batch's monitor rollups, in every
 * batch: row locks are always taken in that order, so writers cannot deadlock on them. Writers
 * of one monitor's regions touch different rows (a region's writers are serialized already by
 * the duplicate check's locks), so regional batches do not queue on each other here.
 */
export function writeRegionRollups(em: EntityManager, inserted: readonly CheckRecord[], monitors: WriterMonitorRows): Promise<void> {
  return addRegionHours(em, regionHourDeltas(inserted, monitors));
}
