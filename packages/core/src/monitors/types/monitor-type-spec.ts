import type { TSchema } from '@sinclair/typebox';
import type Joi from 'joi';

/**
 * A monitor type other than `http` (whose configuration is the monitor's own columns), in one
 * module: its configuration schema (the `config` object of the API, defaults applied; each
 * failure a ValidationError naming the field) with every message it answers, its uniqueness
 * key within an account (null: no uniqueness), the display form of its target (what the `url`
 * column, alerts and logs show), and the details its checks carry. The registry
 * (monitor-types.ts) lists one per type; the API's validation, its OpenAPI document and the
 * stored type follow from it, and the checker asks for the type's prober.
 */
export interface MonitorTypeSpec<C, D extends TSchema | null = TSchema | null> {
  /** `pull`: a prober makes one outbound attempt per check; `push`: the monitored job reports in, nothing is probed. */
  kind: 'pull' | 'push';
  schema: Joi.ObjectSchema<C>;
  /** Every fixed 400 message of the configuration (the API documents them all). */
  messages: Readonly<Record<string, string>>;
  /** Namespaced by a scheme of its own, so keys of two types never meet; null = none. */
  naturalKey(config: C): string | null;
  target(config: C): string;
  /** The 400 message when `config` is missing or not a JSON object. */
  notAnObject: string;
  /** The 409 message when `naturalKey` is already used by a monitor of the account. */
  alreadyMonitored: string;
  /** TypeBox schema of the `details` of its checks (a `kind` literal naming the type); null = none. */
  details: D;
}
