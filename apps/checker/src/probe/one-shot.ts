import { systemClock, type CheckResult, type Clock } from '@vigil/core';
import { closeProbers, probeWith, type SourceOptions } from './prober.js';
import { createProbers } from './probers/index.js';
import type { ProbeTarget } from './probe-target.js';

/** Checks made one at a time, outside the scheduled pipeline (no queue, no database). */
export interface OneShotProbe {
  /** One check of the target now, judged as the checker judges it; null for a push type (nothing to probe). */
  probe(target: ProbeTarget, clock?: Clock): Promise<CheckResult> | null;
  close(): void;
}

/**
 * The checker's probers under a private location's guard policy: public addresses, plus the
 * non-public networks in `allowedNetworks` (a location's allowed_cidrs), nothing else. What
 * `vigil agent` probes each leased run with, and `vigil test` each monitor of a file.
 */
export function createOneShotProbe(allowedNetworks: readonly string[], source: SourceOptions = {}): OneShotProbe {
  const probers = createProbers({ allowPrivate: false, dnsServers: [], allowedNetworks: [...allowedNetworks] }, source);
  return {
    probe: (target, clock = systemClock) => probeWith(probers, target, clock),
    close: () => closeProbers(probers),
  };
}
