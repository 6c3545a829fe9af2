import type { RollupRoute } from '@vigil/core';
import type { RollupDelta } from './rollup-deltas.js';

/** A delta with where it goes (RollupRoute: the store's writeMonitorStates writes it). */
export interface RoutedDelta extends RollupDelta {
  route: RollupRoute;
}

/**
 * Pure: routes rollup deltas (ordered by monitor and hour, as rollupDeltas gives them). `kept`:
 * the monitors whose row the batch updates under their lock and that keep their newest hour on
 * it, with the hour kept now (null: none yet). Such a monitor's newest hour of the batch is kept
 * on its row (added when it is the hour kept, else replacing it when newer); every other hour,
 * and every hour of other monitors, is stored. An hour older than the one kept is stored: the
 * hour on the row only moves forward.
 */
export function routeRollups(deltas: readonly RollupDelta[], kept: ReadonlyMap<number, Date | null>): RoutedDelta[] {
  return deltas.map((d, i) => {
    const next = deltas[i + 1];
    const newestOfMonitor = next === undefined || next.monitorId !== d.monitorId;
    // Only the newest hour of a monitor can stay on its row: an older hour of the batch is stored
    // (with the hour kept until now, when the newest replaces it: the insert sums them).
    if (!kept.has(d.monitorId) || !newestOfMonitor) return { ...d, route: 'store' };
    const hour = kept.get(d.monitorId) ?? null;
    if (hour === null || d.hour.getTime() > hour.getTime()) return { ...d, route: 'replace' };
    return { ...d, route: d.hour.getTime() === hour.getTime() ? 'add' : 'store' };
  });
}
