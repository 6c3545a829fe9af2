import {
  specOf,
  ValidationError,
  type ConfiguredMonitorType,
  type MonitorConfigs,
  type MonitorType,
  type TypedMonitorConfig,
} from '@vigil/core';
import { validate } from '../http/validate.js';
import { HTTP_ONLY_FIELDS, MONITOR_INPUT_MESSAGES as M, type MonitorFields } from './monitor-input.js';

/**
 * The type-specific part of monitor input (docs/decisions.md "Monitor types"): http is
 * configured by its own fields and refuses `config`; every other type is configured by
 * `config`, validated against its MonitorTypeSpec, and refuses the http-only fields.
 */

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws the 400 of the first field the type does not have. */
export function assertFieldsOfType(type: MonitorType, input: Partial<MonitorFields>): void {
  if (type === 'http') {
    if (input.config !== undefined) throw new ValidationError(M.configOfHttp);
    return;
  }
  const foreign = HTTP_ONLY_FIELDS.find((f) => input[f] !== undefined);
  if (foreign) throw new ValidationError(`Invalid ${foreign}: not a field of ${type} monitors (configure them in config)`);
}

/**
 * A configured type's `config`, validated with its defaults; on update (`current`) the fields
 * given replace the current ones and the whole is validated again.
 */
export function validateTypeConfig<K extends ConfiguredMonitorType>(type: K, raw: unknown, current?: MonitorConfigs[K]): MonitorConfigs[K] {
  const spec = specOf(type);
  if (!isPlainObject(raw)) throw new ValidationError(spec.notAnObject);
  return validate(spec.schema, Object.assign({}, current, raw));
}

/** A create body's type and configuration: null for http (its fields are the configuration). */
export function typedConfigOfCreate(input: Partial<MonitorFields>): TypedMonitorConfig | null {
  const type = input.type ?? 'http';
  assertFieldsOfType(type, input);
  if (type === 'http') return null;
  return typedOf(type, validateTypeConfig(type, input.config));
}

/** Correlates a type with its validated configuration. */
function typedOf<K extends ConfiguredMonitorType>(type: K, config: MonitorConfigs[K]): TypedMonitorConfig {
  return { type, config } as TypedMonitorConfig;
}

/**
 * An update body's new configuration for a monitor of `current` type: null when it gives no
 * `config` (or the monitor is http). The type itself never changes.
 */
export function typedConfigOfUpdate(
  current: { type: MonitorType; config: MonitorConfigs[ConfiguredMonitorType] | null },
  input: Partial<MonitorFields>,
): TypedMonitorConfig | null {
  if (input.type !== undefined && input.type !== current.type) throw new ValidationError(M.typeChange);
  assertFieldsOfType(current.type, input);
  if (current.type === 'http' || input.config === undefined) return null;
  return updatedConfig(current.type, input.config, current.config);
}

function updatedConfig<K extends ConfiguredMonitorType>(type: K, raw: unknown, stored: MonitorConfigs[ConfiguredMonitorType] | null): TypedMonitorConfig {
  return typedOf(type, validateTypeConfig(type, raw, (stored ?? undefined) as MonitorConfigs[K] | undefined));
}
