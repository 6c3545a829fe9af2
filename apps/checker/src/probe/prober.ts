import { MONITOR_TYPES, type CheckResult, type Clock, type MonitorType } from '@vigil/core';
import type { ProbeTargetOf } from './probe-target.js';

/**
 * How a type is checked (docs/decisions.md "Monitor types"). A `pull` prober makes the check's
 * one outbound attempt and never throws: every failure is a failed CheckResult whose `error`
 * names the cause. A `push` type makes no outbound request (the monitored job reports in):
 * it is not scheduled, and a check job that reaches one records nothing.
 */
export type Prober<K extends MonitorType> =
  | { kind: 'pull'; probe(target: ProbeTargetOf<K>, clock: Clock): Promise<CheckResult>; close(): void }
  | { kind: 'push' };

/** Where a prober's outbound connections come from. */
export interface SourceOptions {
  /** The local address every outbound connection binds to (VIGIL_SOURCE_ADDRESS); unset, the system chooses. */
  sourceAddress?: string;
}

/** One prober per type (the compiler asks for a new type's). */
export type Probers = { [K in MonitorType]: Prober<K> };

/**
 * Boot check: a prober for every type, of a known kind (the type system says so already; this
 * holds the wiring to it when built from configuration or by tests).
 */
export function assertProbers(probers: Record<string, { kind: string } | undefined>): void {
  const missing = MONITOR_TYPES.filter((t) => probers[t]?.kind !== 'pull' && probers[t]?.kind !== 'push');
  if (missing.length) throw new Error(`no prober for monitor type(s) ${missing.join(', ')}`);
}

/**
 * Probes a target with the prober of its type; null for a push type (nothing to probe).
 * Generic over the type so the target and its prober stay correlated.
 */
export function probeWith<K extends MonitorType>(probers: { [P in K]: Prober<P> }, target: ProbeTargetOf<K>, clock: Clock): Promise<CheckResult> | null {
  const prober: Prober<K> = probers[target.type];
  return prober.kind === 'push' ? null : prober.probe(target, clock);
}

export function closeProbers(probers: Probers): void {
  for (const t of MONITOR_TYPES) {
    const p = probers[t];
    if (p.kind === 'pull') p.close();
  }
}
