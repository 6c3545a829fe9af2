import type Joi from 'joi';

/**
 * What a monitor type other than `http` (whose configuration is the monitor's own columns)
 * declares: its configuration schema (the `config` object of the API, defaults applied; each
 * failure a ValidationError naming the field), its uniqueness key within an account (null: no
 * uniqueness) and the display form of its target (what the `url` column, alerts and logs show).
 */
export interface MonitorTypeSpec<C> {
  schema: Joi.ObjectSchema<C>;
  /** Namespaced by a scheme of its own, so keys of two types never meet; null = none. */
  naturalKey(config: C): string | null;
  target(config: C): string;
  /** The 400 message when `config` is missing or not a JSON object. */
  notAnObject: string;
  /** The 409 message when `naturalKey` is already used by a monitor of the account. */
  alreadyMonitored: string;
}
