import type { Static, TSchema } from '@sinclair/typebox';
import { DNS_SPEC } from './types/dns/dns-config.js';
import { HEARTBEAT_SPEC } from './types/heartbeat/heartbeat-config.js';
import type { MonitorTypeSpec } from './types/monitor-type-spec.js';
import { TCP_SPEC } from './types/tcp/tcp-config.js';
import { WEBSOCKET_SPEC } from './types/websocket/websocket-config.js';

export * from './types/dns/dns-config.js';
export * from './types/dns/dns-details.js';
export * from './types/heartbeat/heartbeat-config.js';
export * from './types/monitor-type-spec.js';
export * from './types/target-host.js';
export * from './types/tcp/tcp-config.js';
export * from './types/websocket/websocket-config.js';

/**
 * What a monitor checks (docs/decisions.md "Monitor types"). `http` is the default and keeps its
 * configuration in the monitor's own columns (url, method, headers, ...); every other type is
 * one module under types/ (its MonitorTypeSpec) and keeps its configuration in
 * `monitors.config` (jsonb). Adding a type: its module, its name here and its spec below (the
 * compiler asks for both), and its prober in the checker (docs/contributing.md).
 */
export const MONITOR_TYPES = ['http', 'tcp', 'dns', 'heartbeat', 'websocket'] as const;
export type MonitorType = (typeof MONITOR_TYPES)[number];

/** Types whose configuration is `monitors.config`. */
export type ConfiguredMonitorType = Exclude<MonitorType, 'http'>;

/** One spec per configured type: the registry every layer derives from. */
export const MONITOR_TYPE_SPECS = {
  tcp: TCP_SPEC,
  dns: DNS_SPEC,
  heartbeat: HEARTBEAT_SPEC,
  websocket: WEBSOCKET_SPEC,
} satisfies Record<ConfiguredMonitorType, Pick<MonitorTypeSpec<unknown>, 'kind' | 'details'>>;

type Specs = typeof MONITOR_TYPE_SPECS;

/** The configuration of each configured type, as its spec declares it. */
export type MonitorConfigs = { [K in ConfiguredMonitorType]: Specs[K] extends MonitorTypeSpec<infer C> ? C : never };

export type MonitorConfig = MonitorConfigs[ConfiguredMonitorType];

/** A type and its configuration, correlated (the discriminated union). */
export type TypedMonitorConfig = { [K in ConfiguredMonitorType]: { type: K; config: MonitorConfigs[K] } }[ConfiguredMonitorType];

/** Type-specific facts of a check: the details of every type that declares them, by `kind`. */
export type CheckDetails = { [K in ConfiguredMonitorType]: Specs[K]['details'] extends infer D extends TSchema ? Static<D> : never }[ConfiguredMonitorType];

/** The details schemas of the types whose checks carry details, in registry order. */
export const CHECK_DETAILS_SCHEMAS: TSchema[] = Object.values(MONITOR_TYPE_SPECS).flatMap((s): TSchema[] => (s.details ? [s.details] : []));

/** The configured types, in registry order. */
export const CONFIGURED_MONITOR_TYPES = MONITOR_TYPES.filter((t): t is ConfiguredMonitorType => t !== 'http');

/**
 * Push types make no outbound request: they are never scheduled for probing (the monitored job
 * reports in instead; the heartbeat work judges lateness).
 */
export const PUSH_MONITOR_TYPES: readonly MonitorType[] = CONFIGURED_MONITOR_TYPES.filter((t) => MONITOR_TYPE_SPECS[t].kind === 'push');

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

/** The spec of a configured type, typed by its configuration. */
export function specOf<K extends ConfiguredMonitorType>(type: K): MonitorTypeSpec<MonitorConfigs[K]> {
  const specs: { [P in ConfiguredMonitorType]: MonitorTypeSpec<MonitorConfigs[P]> } = MONITOR_TYPE_SPECS;
  return specs[type];
}

/** Calls `f` with the spec of the type and its configuration, correlated. */
function withSpec<K extends ConfiguredMonitorType, R>(
  typed: { type: K; config: MonitorConfigs[K] },
  f: (spec: MonitorTypeSpec<MonitorConfigs[K]>, config: MonitorConfigs[K]) => R,
): R {
  return f(specOf(typed.type), typed.config);
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
