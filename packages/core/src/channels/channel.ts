import type Joi from 'joi';
import { ValidationError } from '../errors/errors.js';
import { MASK } from '../security/mask.js';
import type { ChannelConfig, ChannelDefinition, ConfigField, DeliveryOutcome, OutgoingAlert, SenderDeps } from './definition.js';

/** An integration as the notifier loads it: the stored config, secrets opened, not yet checked. */
export interface StoredTarget {
  id: number;
  name: string;
  config: Record<string, unknown>;
  previousSecret?: string;
}

/**
 * A registered channel's sender: takes a stored target and checks its config against the schema
 * first; what it reports (outcome errors, thrown messages) has the config's secrets masked.
 */
export interface StoredSender {
  send(target: StoredTarget, alert: OutgoingAlert): Promise<DeliveryOutcome>;
  close(): void;
}

/** A channel of the registry, whatever its config type: what the API and the notifier use. */
export interface Channel<T extends string = string> {
  type: T;
  label: string;
  description: string;
  fields: readonly ConfigField[];
  schema: Joi.ObjectSchema;
  generated?: { field: string; generate(): string };
  example: ChannelConfig;
  /** Names of the secret fields. */
  secretFields: readonly string[];
  /** A complete config validated and normalised; ValidationError (the 400 message) otherwise. */
  validateConfig(config: unknown): ChannelConfig;
  createSender(deps: SenderDeps): StoredSender;
}

/** The API's rules (apps/api http/validate.ts): strict JSON types, unknown fields dropped, first error only. */
const OPTIONS: Joi.ValidationOptions = { abortEarly: true, convert: false, stripUnknown: true, errors: { wrap: { label: false } } };

function check<C extends ChannelConfig>(def: ChannelDefinition<string, C>, config: unknown): C {
  const { error, value } = def.schema.validate(config ?? {}, OPTIONS);
  if (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError(error.details[0]?.message ?? error.message);
  }
  return def.normalise ? def.normalise(value) : value;
}

/** The secret values of a config: its secret fields' strings, and the values of its secret string maps. */
function secretValues(secretFields: readonly string[], config: ChannelConfig): string[] {
  const values: string[] = [];
  for (const name of secretFields) {
    const v = config[name];
    if (typeof v === 'string') values.push(v);
    else if (v !== null && typeof v === 'object') values.push(...Object.values(v).filter((x): x is string => typeof x === 'string'));
  }
  return values;
}

/** The shortest secret value scrubbed from texts (shorter ones would mask ordinary words). */
const MIN_SCRUBBED = 6;

/**
 * A text (an error for the delivery log or a log line) with every secret of the config masked,
 * as given and URL-encoded: a provider echoing a token, or an error quoting a URL that carries
 * one, never reaches the log.
 */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < MIN_SCRUBBED) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join(MASK);
  }
  return out;
}

/** Registers a channel definition: its typed config checked on the way in (API) and out (notifier). */
export function defineChannel<T extends string, C extends ChannelConfig>(def: ChannelDefinition<T, C>): Channel<T> {
  const secretFields = def.fields.filter((f) => f.secret).map((f) => f.name);
  return {
    type: def.type,
    label: def.label,
    description: def.description,
    fields: def.fields,
    schema: def.schema,
    generated: def.generated,
    example: def.example,
    secretFields,
    validateConfig: (config) => check(def, config),
    createSender(deps) {
      const sender = def.createSender(deps);
      return {
        async send(target, alert) {
          let config: C;
          try {
            config = check(def, target.config);
          } catch (e) {
            if (!(e instanceof ValidationError)) throw e;
            const error = scrubSecrets(`Invalid ${def.type} config: ${e.message}`, secretValues(secretFields, target.config));
            return { ok: false, responseCode: null, error, retryable: false, durationMs: 0 };
          }
          const secrets = secretValues(secretFields, config);
          try {
            const outcome = await sender.send({ ...target, config }, alert);
            return outcome.error === null ? outcome : { ...outcome, error: scrubSecrets(outcome.error, secrets) };
          } catch (e) {
            throw new Error(scrubSecrets(e instanceof Error ? e.message : String(e), secrets));
          }
        },
        close: () => sender.close?.(),
      };
    },
  };
}
