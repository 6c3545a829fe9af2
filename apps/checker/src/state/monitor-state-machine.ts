import type { MonitorStatus } from '@vigil/core';

/**
 * The monitor state machine (decisions §4 "Monitors"), a pure function of the monitor's state
 * and one check result:
 * - paused: nothing changes (a stray or manual check is recorded, the state stays);
 * - success: `up`, or `degraded` when response_time_ms >= degraded_threshold_ms; the failure
 *   count resets and the success count grows; entering degraded sends monitor.degraded. With an
 *   incident open, the success that makes recovery_threshold consecutive successes resolves it
 *   (monitor.up, then the new status as above); an earlier one changes only the counts (the
 *   status stays what the incident made it: no flapping);
 * - failure: the success count resets; the failure count grows and nothing else changes until it reaches alert_threshold; then
 *   the status becomes `down` and an incident opens (cause = this check's error, monitor.down).
 *   While an incident is open each further failure is one more affected check.
 * An incident's affected_checks counts the failed checks of the streak that opened it and
 * every failure after, until the success that resolves it.
 * During maintenance (a window covers the monitor at the check's time) nothing alerts and no
 * incident opens or resolves: a failure changes nothing (it does not count towards
 * alert_threshold), a success sets up/degraded, resets the failure count and counts towards
 * recovery_threshold, and an incident already open stays open until a success after the window
 * completes the recovery streak.
 */

export type MonitorAlertEvent = 'monitor.down' | 'monitor.up' | 'monitor.degraded';

export interface OpenIncidentState {
  startedAt: Date;
  affectedChecks: number;
}

export interface MonitorState {
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  alertThreshold: number;
  recoveryThreshold: number;
  degradedThresholdMs: number;
  openIncident: OpenIncidentState | null;
}

export interface ObservedCheck {
  status: 'success' | 'failure';
  responseTimeMs: number | null;
  error?: string | null;
  checkedAt: Date;
  /** A maintenance window covered the monitor when the check ran. */
  inMaintenance?: boolean;
}

export interface Transition {
  status: MonitorStatus;
  consecutiveFailures: number;
  consecutiveSuccesses: number;
  /** Open an incident (there is none open). */
  open: { cause: string; startedAt: Date; affectedChecks: number } | null;
  /** Resolve the open incident. */
  resolve: { resolvedAt: Date; durationSeconds: number; affectedChecks: number } | null;
  /** The open incident counts this failure. */
  addAffectedCheck: boolean;
  /** Alert events, in the order they happened. */
  alerts: MonitorAlertEvent[];
}

const FALLBACK_CAUSE = 'Check failed';

export function nextMonitorState(state: MonitorState, check: ObservedCheck): Transition {
  const unchanged: Transition = {
    status: state.status,
    consecutiveFailures: state.consecutiveFailures,
    consecutiveSuccesses: state.consecutiveSuccesses,
    open: null,
    resolve: null,
    addAffectedCheck: false,
    alerts: [],
  };
  if (state.status === 'paused') return unchanged;

  const successes = state.consecutiveSuccesses + 1;
  if (check.inMaintenance) {
    if (check.status === 'failure') return unchanged;
    return { ...unchanged, status: successStatus(state, check), consecutiveFailures: 0, consecutiveSuccesses: successes };
  }

  if (check.status === 'success') {
    if (state.openIncident && successes < Math.max(1, state.recoveryThreshold)) {
      return { ...unchanged, consecutiveFailures: 0, consecutiveSuccesses: successes };
    }
    const status = successStatus(state, check);
    const degraded = status === 'degraded';
    const alerts: MonitorAlertEvent[] = [];
    let resolve: Transition['resolve'] = null;
    if (state.openIncident) {
      resolve = {
        resolvedAt: check.checkedAt,
        durationSeconds: Math.max(0, Math.round((check.checkedAt.getTime() - state.openIncident.startedAt.getTime()) / 1000)),
        affectedChecks: state.openIncident.affectedChecks,
      };
      alerts.push('monitor.up');
    }
    if (degraded && state.status !== 'degraded') alerts.push('monitor.degraded');
    return { status, consecutiveFailures: 0, consecutiveSuccesses: successes, open: null, resolve, addAffectedCheck: false, alerts };
  }

  const failures = state.consecutiveFailures + 1;
  if (state.openIncident) {
    return { ...unchanged, status: 'down', consecutiveFailures: failures, consecutiveSuccesses: 0, addAffectedCheck: true };
  }
  if (failures < Math.max(1, state.alertThreshold)) {
    return { ...unchanged, consecutiveFailures: failures, consecutiveSuccesses: 0 };
  }
  return {
    status: 'down',
    consecutiveFailures: failures,
    consecutiveSuccesses: 0,
    open: { cause: check.error || FALLBACK_CAUSE, startedAt: check.checkedAt, affectedChecks: failures },
    resolve: null,
    addAffectedCheck: false,
    alerts: ['monitor.down'],
  };
}

function successStatus(state: MonitorState, check: ObservedCheck): MonitorStatus {
  return check.responseTimeMs !== null && check.responseTimeMs >= state.degradedThresholdMs ? 'degraded' : 'up';
}

/** The state after a transition, for folding several checks of one monitor in order. */
export function applyTransition(state: MonitorState, t: Transition): MonitorState {
  let openIncident = state.openIncident;
  if (t.resolve) openIncident = null;
  if (t.open) openIncident = { startedAt: t.open.startedAt, affectedChecks: t.open.affectedChecks };
  else if (t.addAffectedCheck && openIncident) {
    openIncident = { ...openIncident, affectedChecks: openIncident.affectedChecks + 1 };
  }
  return { ...state, status: t.status, consecutiveFailures: t.consecutiveFailures, consecutiveSuccesses: t.consecutiveSuccesses, openIncident };
}
