import { DNS_SPEC, type DnsConfig } from './types/dns-config.js';
import { HEARTBEAT_SPEC, type HeartbeatConfig } from './types/heartbeat-config.js';
import type { MonitorTypeSpec } from './types/monitor-type-spec.js';
import { TCP_SPEC, type TcpConfig } from './types/tcp-config.js';

export * from './types/dns-config.js';
export * from './types/heartbeat-config.js';
export * from './types/monitor-type-spec.js';
export * from './types/target-host.js';
export * from './types/tcp-config.js';

/**
 * What a monitor checks (docs/decisions.md "Monitor types"). `http` is the default and keeps its
 * configuration in the monitor's own columns (url, method, headers, ...); every other type keeps
 * its configuration in `monitors.config` (jsonb), described by its MonitorTypeSpec.
 */
export const MONITOR_TYPES = ['http', 'tcp', 'dns', 'heartbeat'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

/** Types whose configuration is `monitors.config`. */
export type ConfiguredMonitorType = Exclude<MonitorType, 'http'>;

/** The configuration of each configured type. */
export interface MonitorConfigs {
  tcp: TcpConfig;
  dns: DnsConfig;
  heartbeat: HeartbeatConfig;
}

export type MonitorConfig = MonitorConfigs[ConfiguredMonitorType];

/** A type and its configuration, correlated (the discriminated union). */
export type TypedMonitorConfig = { [K in ConfiguredMonitorType]: { type: K; config: MonitorConfigs[K] } }[ConfiguredMonitorType];

/** One spec per configured type: adding a type adds an entry here (the compiler asks for it). */
export const MONITOR_TYPE_SPECS: { [K in ConfiguredMonitorType]: MonitorTypeSpec<MonitorConfigs[K]> } = {
  tcp: TCP_SPEC,
  dns: DNS_SPEC,
  heartbeat: HEARTBEAT_SPEC,
};

/**
 * Push types make no outbound request: they are never scheduled for probing (the monitored job
 * reports in instead; the heartbeat work judges lateness).
 */
export const PUSH_MONITOR_TYPES: readonly MonitorType[] = ['heartbeat'];

export function isPushMonitorType(type: MonitorType): boolean {
  return PUSH_MONITOR_TYPES.includes(type);
}

export function isMonitorType(value: unknown): value is MonitorType {
  return typeof value === 'string' && (MONITOR_TYPES as readonly string[]).includes(value);
}

/** The 409 message of a type ("URL already monitored" for http, as the contract says). */
export function alreadyMonitoredMessage(type: MonitorType): string {
  return type === 'http' ? 'URL already monitored' : MONITOR_TYPE_SPECS[type].alreadyMonitored;
}

/** Calls `f` with the spec of the type and its configuration, correlated. */
function withSpec<K extends ConfiguredMonitorType, R>(
  typed: { type: K; config: MonitorConfigs[K] },
  f: (spec: MonitorTypeSpec<MonitorConfigs[K]>, config: MonitorConfigs[K]) => R,
): R {
  const specs: { [P in ConfiguredMonitorType]: MonitorTypeSpec<MonitorConfigs[P]> } = MONITOR_TYPE_SPECS;
  return f(specs[typed.type], typed.config);
}

/** The uniqueness key of a configured monitor; null: its type has none. */
export function naturalKeyOf(typed: TypedMonitorConfig): string | null {
  return withSpec(typed, (spec, config) => spec.naturalKey(config));
}

/** The display form of a configured monitor's target (its `url` column). */
export function monitorTargetOf(typed: TypedMonitorConfig): string {
  return withSpec(typed, (spec, config) => spec.target(config));
}

/**
 * A stored monitor's type and configuration as the union (a configured type whose stored
 * config is missing throws: the row was not written through the API).
 */
export function typedConfigOf(m: { id: number; type: ConfiguredMonitorType; config: MonitorConfig | null }): TypedMonitorConfig {
  if (m.config === null) throw new Error(`monitor ${m.id} (${m.type}) has no configuration`);
  return { type: m.type, config: m.config } as TypedMonitorConfig;
}
