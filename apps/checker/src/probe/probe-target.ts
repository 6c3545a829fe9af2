import type { Assertion, ConfiguredMonitorType, MonitorConfigs, MonitorMethod, MonitorType } from '@vigil/core';

/** What one http check requests and what it expects: the probe's view of an http monitor. */
export interface HttpProbeTarget {
  url: string;
  method: MonitorMethod;
  headers: Record<string, string>;
  body: string | null;
  timeoutSeconds: number;
  followRedirects: boolean;
  verifySsl: boolean;
  /** Empty means any 2xx. */
  expectedStatusCodes: number[];
  expectedContent: string | null;
  /** Judged after the two above; each failed one named in the error. */
  assertions: Assertion[];
}

/** A configured type's target: its configuration and the monitor's timeout. */
export type ConfiguredProbeTarget<K extends ConfiguredMonitorType> = MonitorConfigs[K] & { timeoutSeconds: number };

/** The target of each type: http's own, and every configured type's configuration with the timeout. */
export type ProbeTargets = { http: HttpProbeTarget } & { [K in ConfiguredMonitorType]: ConfiguredProbeTarget<K> };

/** The target of a type `K`, tagged with it. */
export type ProbeTargetOf<K extends MonitorType> = { [P in K]: { type: P } & ProbeTargets[P] }[K];

/** What one check of a monitor of any type needs: the discriminated union by `type`. */
export type ProbeTarget = ProbeTargetOf<MonitorType>;
