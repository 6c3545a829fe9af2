import {
  openIncident,
  resolveIncident,
  writeMonitorStates,
  type AlertEventPayload,
  type AlertIncident,
  type MonitorStateUpdate,
  type WriterMonitorRow,
  type WriterMonitorRows,
} from '@vigil/core';
import type { EntityManager } from 'typeorm';
import { monitorAlertEvent, type AlertMonitor } from '../alerts/monitor-alert-events.js';
import { applyTransition, nextMonitorState, type MonitorState } from '../state/monitor-state-machine.js';
import type { CheckRecord } from './check-record.js';
import { rollupDeltas } from './rollup-deltas.js';
import { routeRollups } from './rollup-routes.js';
import type { StateEntry } from './state-entries.js';

const alertMonitor = (m: WriterMonitorRow): AlertMonitor => ({ id: m.id, accountId: m.account_id, name: m.name, url: m.url, degradedThresholdMs: m.degraded_threshold_ms });

/** A monitor's state machine input from its row and open incident. */
export const stateOf = (
  m: Pick<WriterMonitorRow, 'status' | 'consecutive_failures' | 'consecutive_successes' | 'alert_threshold' | 'recovery_threshold' | 'degraded_threshold_ms'>,
  incident: AlertIncident | null): MonitorState => ({
  status: m.status,
  consecutiveFailures: m.consecutive_failures,
  consecutiveSuccesses: m.consecutive_successes,
  alertThreshold: m.alert_threshold,
  recoveryThreshold: m.recovery_threshold,
  degradedThresholdMs: m.degraded_threshold_ms,
  openIncident: incident ? { startedAt: incident.startedAt, affectedChecks: incident.affectedChecks } : null,
});

/** Pure: entries by monitor (id order), each monitor's in time order. */
export function entriesByMonitor(entries: readonly StateEntry[]): [number, (StateEntry & { at: Date })[]][] {
  const byMonitor = new Map<number, (StateEntry & { at: Date })[]>();
  for (const entry of entries) {
    const list = byMonitor.get(entry.record.monitorId) ?? [];
    list.push({ ...entry, at: new Date(entry.record.result.timestamp) });
    byMonitor.set(entry.record.monitorId, list);
  }
  return [...byMonitor]
    .sort(([a], [b]) => a - b)
    .map(([id, list]) => [id, list.sort((a, b) => a.at.getTime() - b.at.getTime())]);
}

/**
 * Runs each monitor's state machine over its entries in time order, opening, counting and
 * resolving incidents, then writes the monitors' states, the incident counts and the rollups of
 * `rolledUp` (the checks inserted; a monitor in one region keeps its newest hour on its row,
 * rollup-routes.ts) in one statement. Callers hold the monitors' locks. Returns
 * the alert events decided (for the outbox of the same transaction).
 */
export async function applyStates(
  em: EntityManager,
  entries: readonly StateEntry[],
  monitors: WriterMonitorRows,
  openIncidents: ReadonlyMap<number, AlertIncident>,
  rolledUp: readonly CheckRecord[],
): Promise<AlertEventPayload[]> {
  const alerts: AlertEventPayload[] = [];
  const updates: MonitorStateUpdate[] = [];
  const affected = new Map<number, number>();
  for (const [monitorId, checks] of entriesByMonitor(entries)) {
    const m = monitors.get(monitorId);
    if (!m) continue;
    let incident = openIncidents.get(monitorId) ?? null;
    let state = stateOf(m, incident);
    for (const { record, checkId, at, maintenance, regions } of checks) {
      const r = record.result;
      const t = nextMonitorState(state, { status: r.status, responseTimeMs: r.response_time_ms, error: r.error, checkedAt: at, inMaintenance: maintenance });
      const check = { id: checkId, checkedAt: at, responseTimeMs: r.response_time_ms, statusCode: r.status_code, error: r.error ?? null };
      let resolved: AlertIncident | null = null;
      if (t.resolve && incident) {
        resolved = { ...incident, resolvedAt: t.resolve.resolvedAt, durationSeconds: t.resolve.durationSeconds, affectedChecks: t.resolve.affectedChecks };
        await resolveIncident(em, resolved);
        affected.delete(incident.id);
        incident = null;
      }
      if (t.open) {
        incident = await openIncident(em, { monitorId: m.id, accountId: m.account_id, startedAt: t.open.startedAt, cause: t.open.cause, affectedChecks: t.open.affectedChecks, regions: regions ?? [] });
      } else if (t.addAffectedCheck && incident) {
        incident = { ...incident, affectedChecks: incident.affectedChecks + 1 };
        affected.set(incident.id, incident.affectedChecks);
      }
      for (const event of t.alerts) {
        const about = event === 'monitor.down' ? incident : event === 'monitor.up' ? resolved : null;
        alerts.push(monitorAlertEvent(event, alertMonitor(m), t.status, check, about));
      }
      state = applyTransition(state, t);
    }
    const newest = checks[checks.length - 1];
    const touchLast = !m.last_checked_at || newest.at.getTime() >= m.last_checked_at.getTime();
    updates.push({ id: m.id, status: state.status, consecutiveFailures: state.consecutiveFailures, consecutiveSuccesses: state.consecutiveSuccesses, last: touchLast ? newest.record.result : null });
  }
  // A monitor in one region keeps its newest hour's sums on the row its update writes anyway.
  const kept = new Map<number, Date | null>();
  for (const u of updates) {
    const m = monitors.get(u.id);
    if (m && m.regions.length <= 1) kept.set(m.id, m.rollup_hour);
  }
  const deltas = routeRollups(
    rollupDeltas(
      rolledUp.map((r) => ({ monitorId: r.monitorId, checkedAt: new Date(r.result.timestamp), status: r.result.status, responseTimeMs: r.result.response_time_ms, timings: r.result.timings ?? null })),
    ),
    kept,
  );
  if (updates.length || affected.size || deltas.length) await writeMonitorStates(em, updates, affected, deltas);
  return alerts;
}
