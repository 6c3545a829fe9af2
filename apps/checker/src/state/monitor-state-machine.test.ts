import type { MonitorStatus } from '@vigil/core';
import { applyTransition, nextMonitorState, type MonitorState, type ObservedCheck } from './monitor-state-machine.js';

const T0 = new Date('2025-03-01T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function state(over: Partial<MonitorState> = {}): MonitorState {
  return { status: 'up', consecutiveFailures: 0, consecutiveSuccesses: 0, alertThreshold: 2, recoveryThreshold: 1, degradedThresholdMs: 1000, openIncident: null, ...over };
}
const ok = (ms: number, s = 0): ObservedCheck => ({ status: 'success', responseTimeMs: ms, checkedAt: at(s) });
const fail = (error = 'Timeout after 30 s', s = 0): ObservedCheck => ({ status: 'failure', responseTimeMs: null, error, checkedAt: at(s) });

/** Folds checks through the machine: the final state, every alert, and the incidents opened and resolved. */
function run(start: MonitorState, checks: ObservedCheck[]) {
  let s = start;
  const alerts: string[] = [];
  const incidents: { open?: unknown; resolve?: unknown }[] = [];
  const resolved: unknown[] = [];
  for (const c of checks) {
    const t = nextMonitorState(s, c);
    alerts.push(...t.alerts);
    if (t.open) incidents.push({ open: t.open });
    if (t.resolve) {
      incidents.push({ resolve: t.resolve });
      resolved.push(t.resolve);
    }
    s = applyTransition(s, t);
  }
  return { s, alerts, incidents, resolved };
}

const ACTIVE: MonitorStatus[] = ['pending', 'up', 'degraded', 'down'];

describe('success', () => {
  it.each(ACTIVE)('%s + fast success -> up, failures reset', (status) => {
    const t = nextMonitorState(state({ status, consecutiveFailures: 1 }), ok(200));
    expect(t).toMatchObject({ status: 'up', consecutiveFailures: 0, open: null, addAffectedCheck: false });
  });

  it.each(ACTIVE)('%s + slow success -> degraded', (status) => {
    const t = nextMonitorState(state({ status }), ok(1500));
    expect(t.status).toBe('degraded');
  });

  it('the degraded threshold is inclusive: response_time_ms == threshold is degraded, one less is up', () => {
    expect(nextMonitorState(state(), ok(1000)).status).toBe('degraded');
    expect(nextMonitorState(state(), ok(999)).status).toBe('up');
  });

  it.each(['pending', 'up', 'down'] as MonitorStatus[])('entering degraded from %s sends monitor.degraded', (status) => {
    expect(nextMonitorState(state({ status }), ok(5000)).alerts).toEqual(['monitor.degraded']);
  });

  it('staying degraded sends nothing more', () => {
    expect(nextMonitorState(state({ status: 'degraded' }), ok(5000)).alerts).toEqual([]);
  });

  it.each(['pending', 'up', 'degraded'] as MonitorStatus[])('%s -> up without an incident sends no alert', (status) => {
    expect(nextMonitorState(state({ status }), ok(10)).alerts).toEqual([]);
  });

  it('leaving degraded for up sends no alert', () => {
    const t = nextMonitorState(state({ status: 'degraded' }), ok(10));
    expect(t).toMatchObject({ status: 'up', alerts: [] });
  });

  it('down + success resolves the open incident with duration and affected checks, and sends monitor.up', () => {
    const s = state({ status: 'down', consecutiveFailures: 4, openIncident: { startedAt: at(0), affectedChecks: 4 } });
    const t = nextMonitorState(s, ok(100, 125));
    expect(t).toEqual({
      status: 'up',
      consecutiveFailures: 0,
      consecutiveSuccesses: 1,
      open: null,
      resolve: { resolvedAt: at(125), durationSeconds: 125, affectedChecks: 4 },
      addAffectedCheck: false,
      alerts: ['monitor.up'],
    });
  });

  it('down + slow success resolves and enters degraded: monitor.up then monitor.degraded', () => {
    const s = state({ status: 'down', consecutiveFailures: 2, openIncident: { startedAt: at(0), affectedChecks: 2 } });
    const t = nextMonitorState(s, ok(3000, 60));
    expect(t.status).toBe('degraded');
    expect(t.resolve).toEqual({ resolvedAt: at(60), durationSeconds: 60, affectedChecks: 2 });
    expect(t.alerts).toEqual(['monitor.up', 'monitor.degraded']);
  });

  it('an open incident is resolved whatever the status says (e.g. resumed to up while open)', () => {
    const t = nextMonitorState(state({ status: 'up', openIncident: { startedAt: at(0), affectedChecks: 1 } }), ok(5, 30));
    expect(t.resolve?.durationSeconds).toBe(30);
    expect(t.alerts).toEqual(['monitor.up']);
  });

  it('duration is rounded to whole seconds and never negative', () => {
    const s = state({ status: 'down', openIncident: { startedAt: at(10), affectedChecks: 1 } });
    expect(nextMonitorState(s, { status: 'success', responseTimeMs: 1, checkedAt: new Date(at(10).getTime() + 1499) }).resolve?.durationSeconds).toBe(1);
    expect(nextMonitorState(s, ok(1, 5)).resolve?.durationSeconds).toBe(0);
  });

  it('a success without a response time (not expected from the probe) counts as up', () => {
    expect(nextMonitorState(state(), { status: 'success', responseTimeMs: null, checkedAt: at(0) }).status).toBe('up');
  });
});

describe('failure', () => {
  it.each(['pending', 'up', 'degraded'] as MonitorStatus[])('%s + failure below the threshold changes nothing but the count', (status) => {
    const t = nextMonitorState(state({ status, alertThreshold: 3, consecutiveFailures: 1 }), fail());
    expect(t).toEqual({ status, consecutiveFailures: 2, consecutiveSuccesses: 0, open: null, resolve: null, addAffectedCheck: false, alerts: [] });
  });

  it.each(['pending', 'up', 'degraded'] as MonitorStatus[])('%s + the failure that reaches the threshold -> down, incident, monitor.down', (status) => {
    const t = nextMonitorState(state({ status, alertThreshold: 3, consecutiveFailures: 2 }), fail('Unexpected status code 503 Service Unavailable', 90));
    expect(t).toEqual({
      status: 'down',
      consecutiveFailures: 3,
      consecutiveSuccesses: 0,
      open: { cause: 'Unexpected status code 503 Service Unavailable', startedAt: at(90), affectedChecks: 3 },
      resolve: null,
      addAffectedCheck: false,
      alerts: ['monitor.down'],
    });
  });

  it('alert_threshold 1: the first failure opens the incident', () => {
    const t = nextMonitorState(state({ status: 'pending', alertThreshold: 1 }), fail('DNS lookup failed for x.test (ENOTFOUND)'));
    expect(t).toMatchObject({ status: 'down', consecutiveFailures: 1, alerts: ['monitor.down'] });
    expect(t.open).toMatchObject({ cause: 'DNS lookup failed for x.test (ENOTFOUND)', affectedChecks: 1 });
  });

  it('down with an open incident + failure: one more affected check, no alert, no new incident', () => {
    const s = state({ status: 'down', consecutiveFailures: 5, openIncident: { startedAt: at(0), affectedChecks: 5 } });
    expect(nextMonitorState(s, fail())).toEqual({
      status: 'down',
      consecutiveFailures: 6,
      consecutiveSuccesses: 0,
      open: null,
      resolve: null,
      addAffectedCheck: true,
      alerts: [],
    });
  });

  it('down without an open incident (closed elsewhere) opens one when the count is at the threshold', () => {
    const t = nextMonitorState(state({ status: 'down', consecutiveFailures: 4 }), fail());
    expect(t).toMatchObject({ status: 'down', alerts: ['monitor.down'], open: { affectedChecks: 5 } });
  });

  it('a failure without an error text still gets a cause', () => {
    const t = nextMonitorState(state({ alertThreshold: 1 }), { status: 'failure', responseTimeMs: null, checkedAt: at(0) });
    expect(t.open?.cause).toBe('Check failed');
  });

  it('a threshold below 1 behaves as 1', () => {
    expect(nextMonitorState(state({ alertThreshold: 0 }), fail()).status).toBe('down');
  });
});

describe('paused', () => {
  it.each([ok(10), ok(99_999), fail()])('a paused monitor does not move: %o', (check) => {
    const s = state({ status: 'paused', consecutiveFailures: 1, alertThreshold: 1 });
    expect(nextMonitorState(s, check)).toEqual({ status: 'paused', consecutiveFailures: 1, consecutiveSuccesses: 0, open: null, resolve: null, addAffectedCheck: false, alerts: [] });
  });

  it('a paused monitor with an open incident keeps it open', () => {
    const s = state({ status: 'paused', openIncident: { startedAt: at(0), affectedChecks: 2 } });
    expect(nextMonitorState(s, ok(1)).resolve).toBeNull();
  });
});

describe('maintenance', () => {
  const inMaintenance = (c: ObservedCheck): ObservedCheck => ({ ...c, inMaintenance: true });

  it.each(ACTIVE)('a failure from %s changes nothing: no count, no incident, no alert', (status) => {
    const s = state({ status, consecutiveFailures: 1, alertThreshold: 2 });
    expect(nextMonitorState(s, inMaintenance(fail()))).toEqual({ status, consecutiveFailures: 1, consecutiveSuccesses: 0, open: null, resolve: null, addAffectedCheck: false, alerts: [] });
  });

  it('a failure with an open incident does not count as an affected check', () => {
    const s = state({ status: 'down', consecutiveFailures: 3, openIncident: { startedAt: at(0), affectedChecks: 3 } });
    expect(nextMonitorState(s, inMaintenance(fail())).addAffectedCheck).toBe(false);
  });

  it('a success moves the status (up or degraded) and resets the count, silently', () => {
    expect(nextMonitorState(state({ status: 'pending', consecutiveFailures: 1 }), inMaintenance(ok(10)))).toEqual({
      status: 'up',
      consecutiveFailures: 0,
      consecutiveSuccesses: 1,
      open: null,
      resolve: null,
      addAffectedCheck: false,
      alerts: [],
    });
    expect(nextMonitorState(state({ status: 'up' }), inMaintenance(ok(5000)))).toMatchObject({ status: 'degraded', alerts: [] });
  });

  it('an open incident stays open through a success in the window, and the first success after it resolves it', () => {
    const s = state({ status: 'down', consecutiveFailures: 2, openIncident: { startedAt: at(0), affectedChecks: 2 } });
    const during = nextMonitorState(s, inMaintenance(ok(10, 60)));
    expect(during).toMatchObject({ status: 'up', resolve: null, alerts: [] });
    const after = nextMonitorState(applyTransition(s, during), ok(10, 120));
    expect(after.resolve).toEqual({ resolvedAt: at(120), durationSeconds: 120, affectedChecks: 2 });
    expect(after.alerts).toEqual(['monitor.up']);
  });

  it('failures after the window count from zero: the threshold needs failures outside it', () => {
    let s = state({ alertThreshold: 2 });
    for (const c of [inMaintenance(fail()), inMaintenance(fail()), inMaintenance(fail())]) s = applyTransition(s, nextMonitorState(s, c));
    expect(s).toMatchObject({ status: 'up', consecutiveFailures: 0 });
    const first = nextMonitorState(s, fail());
    expect(first.open).toBeNull();
    expect(nextMonitorState(applyTransition(s, first), fail()).alerts).toEqual(['monitor.down']);
  });

  it('a paused monitor stays paused', () => {
    expect(nextMonitorState(state({ status: 'paused' }), inMaintenance(ok(10))).status).toBe('paused');
  });
});

describe('folding a sequence', () => {
  it('pending -> up -> (fail) up -> (fail) down -> (fail) down -> up: one incident of 3 affected checks', () => {
    const { s, alerts, incidents } = run(state({ status: 'pending' }), [ok(10, 0), fail('a', 60), fail('b', 120), fail('c', 180), ok(10, 240)]);
    expect(s).toMatchObject({ status: 'up', consecutiveFailures: 0, openIncident: null });
    expect(alerts).toEqual(['monitor.down', 'monitor.up']);
    expect(incidents).toEqual([
      { open: { cause: 'b', startedAt: at(120), affectedChecks: 2 } },
      { resolve: { resolvedAt: at(240), durationSeconds: 120, affectedChecks: 3 } },
    ]);
  });

  it('a failure between successes below the threshold leaves no trace but the reset count', () => {
    const { s, alerts } = run(state({ alertThreshold: 2 }), [ok(10), fail(), ok(10)]);
    expect(s).toMatchObject({ status: 'up', consecutiveFailures: 0 });
    expect(alerts).toEqual([]);
  });

  it('up -> degraded -> degraded -> up -> degraded sends degraded twice', () => {
    const { alerts } = run(state(), [ok(2000), ok(2000), ok(10), ok(2000)]);
    expect(alerts).toEqual(['monitor.degraded', 'monitor.degraded']);
  });

  it('degraded -> down -> degraded: down, up, degraded', () => {
    const { s, alerts } = run(state({ status: 'degraded', alertThreshold: 1 }), [fail('x', 0), ok(2000, 60)]);
    expect(s.status).toBe('degraded');
    expect(alerts).toEqual(['monitor.down', 'monitor.up', 'monitor.degraded']);
  });

  it('applyTransition keeps the open incident counting', () => {
    const { s } = run(state({ alertThreshold: 2 }), [fail(), fail(), fail(), fail()]);
    expect(s.openIncident).toEqual({ startedAt: at(0), affectedChecks: 4 });
  });
});

describe('recovery_threshold', () => {
  const open = (over: Partial<MonitorState> = {}) =>
    state({ status: 'down', consecutiveFailures: 2, recoveryThreshold: 3, openIncident: { startedAt: at(0), affectedChecks: 2 }, ...over });

  it.each([1, 2, 3, 5, 10])('threshold %i: exactly the threshold-th consecutive success resolves', (n) => {
    const checks = Array.from({ length: n }, (_, i) => ok(10, 60 * (i + 1)));
    const { s, alerts, resolved } = run(open({ recoveryThreshold: n }), checks);
    expect(resolved).toEqual([{ resolvedAt: at(60 * n), durationSeconds: 60 * n, affectedChecks: 2 }]);
    expect(alerts).toEqual(['monitor.up']);
    expect(s).toMatchObject({ status: 'up', openIncident: null, consecutiveSuccesses: n });
    const before = run(open({ recoveryThreshold: n }), checks.slice(0, n - 1));
    expect(before.resolved).toEqual([]);
    expect(before.s.openIncident).not.toBeNull();
  });

  it('a success short of the threshold changes only the counts: status stays down, no alert', () => {
    expect(nextMonitorState(open(), ok(10, 60))).toEqual({
      status: 'down',
      consecutiveFailures: 0,
      consecutiveSuccesses: 1,
      open: null,
      resolve: null,
      addAffectedCheck: false,
      alerts: [],
    });
  });

  it('a slow success short of the threshold sends no degraded alert either', () => {
    expect(nextMonitorState(open(), ok(5000, 60)).alerts).toEqual([]);
  });

  it('flapping (success, success, failure, ...) never resolves and counts each failure as affected', () => {
    const seq = [ok(10, 60), ok(10, 120), fail('x', 180), ok(10, 240), ok(10, 300), fail('y', 360), ok(10, 420)];
    const { s, alerts, resolved } = run(open(), seq);
    expect(resolved).toEqual([]);
    expect(alerts).toEqual([]);
    expect(s).toMatchObject({ status: 'down', consecutiveSuccesses: 1, openIncident: { startedAt: at(0), affectedChecks: 4 } });
  });

  it('a failure resets the success streak: three more successes are needed', () => {
    const { resolved } = run(open(), [ok(10, 60), ok(10, 120), fail('x', 180), ok(10, 240), ok(10, 300), ok(10, 360)]);
    expect(resolved).toEqual([{ resolvedAt: at(360), durationSeconds: 360, affectedChecks: 3 }]);
  });

  it('resolving into degraded sends up then degraded', () => {
    const { s, alerts } = run(open({ recoveryThreshold: 2 }), [ok(5000, 60), ok(5000, 120)]);
    expect(s.status).toBe('degraded');
    expect(alerts).toEqual(['monitor.up', 'monitor.degraded']);
  });

  it('without an open incident the threshold plays no part: one success sets up, the count still grows', () => {
    expect(nextMonitorState(state({ status: 'pending', recoveryThreshold: 5 }), ok(10))).toMatchObject({ status: 'up', consecutiveSuccesses: 1, alerts: [] });
    expect(nextMonitorState(state({ consecutiveSuccesses: 7 }), ok(10)).consecutiveSuccesses).toBe(8);
  });

  it('a failure below alert_threshold resets the success count', () => {
    expect(nextMonitorState(state({ consecutiveSuccesses: 4, alertThreshold: 3 }), fail()).consecutiveSuccesses).toBe(0);
  });

  it('a threshold below 1 behaves as 1', () => {
    expect(nextMonitorState(open({ recoveryThreshold: 0 }), ok(10, 60)).alerts).toEqual(['monitor.up']);
  });

  it('a success streak that began before the incident does not resolve it: the failure that opened it reset the count', () => {
    const { s, resolved } = run(state({ alertThreshold: 1, recoveryThreshold: 2, consecutiveSuccesses: 9 }), [fail('x', 0), ok(10, 60)]);
    expect(resolved).toEqual([]);
    expect(s).toMatchObject({ status: 'down', consecutiveSuccesses: 1 });
  });

  it('a status moved by resume (up with an incident open) stays as it is until the streak completes', () => {
    expect(nextMonitorState(open({ status: 'up' }), ok(10, 60)).status).toBe('up');
  });

  it('maintenance: successes in the window count towards the streak, but only a success after it resolves', () => {
    const inMaintenance = (c: ObservedCheck): ObservedCheck => ({ ...c, inMaintenance: true });
    const during = run(open(), [inMaintenance(ok(10, 60)), inMaintenance(ok(10, 120)), inMaintenance(ok(10, 180)), inMaintenance(ok(10, 240))]);
    expect(during.resolved).toEqual([]);
    expect(during.s).toMatchObject({ status: 'up', consecutiveSuccesses: 4 });
    const after = run(during.s, [ok(10, 300)]);
    expect(after.resolved).toEqual([{ resolvedAt: at(300), durationSeconds: 300, affectedChecks: 2 }]);
    expect(after.alerts).toEqual(['monitor.up']);
  });

  it('maintenance: a failure in the window neither counts nor breaks the streak', () => {
    const t = nextMonitorState(open({ consecutiveSuccesses: 2 }), { ...fail(), inMaintenance: true });
    expect(t).toMatchObject({ consecutiveSuccesses: 2, addAffectedCheck: false, resolve: null });
  });
});
